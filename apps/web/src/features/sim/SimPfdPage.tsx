import { lazyPage } from '../../app/lazyPage';

/** SimPFD loads on demand: 'Loading...' meanwhile, 'Error loading component: {message}' on failure. */
export const SimPfdPage = lazyPage(() => import('./SimPfd'), 'page-SimPFD');

import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../store/hooks';
import { MAP_ONE_PATH, startRedirect } from './redirects';

/** Sends the start addresses (/, /index.html, /index_pt.html) into the app, replacing the history entry. */
export function StartRedirect() {
  const { pathname, search } = useLocation();
  const welcomeComplete = useAppSelector((s) => s.welcome.welcomeComplete);
  const online = useAppSelector((s) => s.welcome.online);
  const target = startRedirect({ path: pathname, welcomeComplete, online }) ?? MAP_ONE_PATH;
  return <Navigate to={{ pathname: target, search }} replace />;
}

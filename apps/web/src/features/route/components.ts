// Components of features/route that other features embed. Kept out of index.ts so that importing
// the feature's slices and functions does not pull these into the bundle of the first screen (the
// pages that show them load on demand).
import { lazy } from 'react';

export { CompactRouteSummary } from './CompactRouteSummary';

/**
 * The vertical profile of the current route (issue 24), also under the map (features/map ProfilePanel).
 * Lazy: the map page imports this file for CompactRouteSummary, and the chart with its terrain and
 * freezing-level code (about 20 KiB gzipped) must not join the first screen's bundle. Render it under
 * a Suspense boundary.
 */
export const RouteVerticalProfile = lazy(() => import('./profile/VerticalProfile').then((m) => ({ default: m.RouteVerticalProfile })));

// Components of features/route that other features embed. Kept out of index.ts so that importing
// the feature's slices and functions does not pull these into the bundle of the first screen (the
// pages that show them load on demand).
export { CompactRouteSummary } from './CompactRouteSummary';
// The vertical profile of the current route (issue 24), also under the map (features/map ProfilePanel).
export { RouteVerticalProfile } from './profile/VerticalProfile';

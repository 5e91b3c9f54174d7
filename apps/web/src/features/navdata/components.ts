// Components of features/navdata that other features embed. Kept out of index.ts so that importing
// the feature's slices and functions does not pull these into the bundle of the first screen (the
// pages that show them load on demand).
export { NavDataStatus } from './NavDataStatus';
export { MAP_EXPIRY_BANNER_CLEARANCE_PX, NavDataExpiryBanner, useMapExpiryBannerClearance, useNavDataExpiryNotice } from './NavDataExpiryBanner';

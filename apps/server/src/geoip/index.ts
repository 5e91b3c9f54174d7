// The geoip module's front door: other modules import it only from here.
export { GEOIP_PATH, GEOIP_WINDOW_MS, geoipRoutes, type GeoipRoutesOptions } from './routes.js';
export { GeoipProviderError, httpGeoipProvider, isPrivateAddress, positionFromProviderJson, type GeoipPosition, type GeoipProvider, type HttpGeoipProviderOptions } from './provider.js';

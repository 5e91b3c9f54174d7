// The http module's front door (plumbing every route plugin shares): other modules import it only from here (eslint.config.js).
export { installBodyErrors, type BodyErrorTexts } from './bodyErrors.js';
export { CROSS_SITE_ERROR, crossSiteRefusal, installCrossSiteGuard } from './crossSite.js';
export { installErrorHandler } from './errors.js';
export { escapeHtml } from './escapeHtml.js';
export { ADDRESS_LIMITS, addressLimited, registerAddressLimits, type AddressLimit } from './rateLimit.js';
export { installForwardedHeaders } from './forwardedHeaders.js';
export { API_SEGMENTS, installNotFound } from './notFound.js';
export { REQUEST_ID_HEADER, installRequestIdHeader, requestIdFor } from './requestId.js';
export { isAllowedHost, isLocalHost, machineAddresses, originOfRequest, originOnHost, type OriginPolicy, type RequestAddress } from './requestOrigin.js';
export {
  CONTENT_SECURITY_POLICY,
  NO_THIRD_PARTIES,
  STRICT_TRANSPORT_SECURITY,
  contentSecurityPolicy,
  endpointSources,
  installSecurityHeaders,
  securityHeaders,
  type ThirdParties,
} from './securityHeaders.js';
export { createServerLogger, isTokenBearingPath, redactUrl, serverLoggerOptions } from './serverLogger.js';

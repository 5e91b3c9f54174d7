/**
 * Every endpoint the product talks to (spec part 1 §7 "Configuration defines per-environment
 * endpoints"). On the wire each is an absolute URL (an endpoint on another origin) or a path on the
 * page's own origin such as `/downloads/dev` (`/` for the origin itself), which the app resolves with
 * resolveEndpoints; resolved HTTP roots end without a slash.
 */
export const ENDPOINT_KEYS = [
  'mainSite',
  'profileRest',
  'profileSocket',
  'versionSocket',
  'weatherRoot',
  'tileServer',
  'downloadRootDev',
  'downloadRootNext',
  'downloadRootCurrent',
  'weatherSocket',
  'liveTrafficSocket',
  'logging',
  'flightServiceRoot',
] as const;
export type EndpointKey = (typeof ENDPOINT_KEYS)[number];

/** Path of each endpoint on this server's own origin, used when no override is configured. */
export const DEFAULT_ENDPOINT_PATHS: Readonly<Record<EndpointKey, { path: string; socket: boolean }>> = {
  mainSite: { path: '', socket: false },
  profileRest: { path: '/api', socket: false },
  profileSocket: { path: '/ws/profile', socket: true },
  versionSocket: { path: '/ws/version', socket: true },
  weatherRoot: { path: '/wx', socket: false },
  tileServer: { path: '/tiles', socket: false },
  downloadRootDev: { path: '/downloads/dev', socket: false },
  downloadRootNext: { path: '/downloads/next', socket: false },
  downloadRootCurrent: { path: '/downloads/current', socket: false },
  weatherSocket: { path: '/ws/weather', socket: true },
  liveTrafficSocket: { path: '/ws/traffic', socket: true },
  logging: { path: '', socket: false },
  flightServiceRoot: { path: '/fs', socket: false },
};

/**
 * The endpoint map for an origin such as `http://localhost:8080`: HTTP endpoints on the origin,
 * socket endpoints on the same host with ws:// or wss://.
 */
export function endpointsForOrigin(origin: string): EndpointMap {
  return resolveEndpoints(sameOriginEndpoints(), origin);
}

/**
 * Every endpoint as a path on the page's own origin (`/` for the origin itself): the server's
 * default, so one server works at localhost, a LAN address, a host name or behind a proxy.
 */
export function sameOriginEndpoints(): EndpointMap {
  const map = {} as Record<EndpointKey, string>;
  for (const key of ENDPOINT_KEYS) map[key] = DEFAULT_ENDPOINT_PATHS[key].path || '/';
  return map;
}

/** Whether an endpoint value is a path on the page's own origin rather than an absolute URL. */
export function isSameOriginEndpoint(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//');
}

/**
 * The endpoint map with every same-origin path made absolute on `origin` (the page's
 * `location.origin`): HTTP endpoints on it, sockets on the same host with ws:// or wss://. Absolute
 * URLs are kept; HTTP roots end without a slash.
 */
export function resolveEndpoints(map: EndpointMap, origin: string): EndpointMap {
  const base = origin.replace(/(?<!\/)\/+$/, '');
  const socketBase = base.replace(/^http/, 'ws');
  const resolved = {} as Record<EndpointKey, string>;
  for (const key of ENDPOINT_KEYS) {
    const value = map[key];
    resolved[key] = isSameOriginEndpoint(value)
      ? ((DEFAULT_ENDPOINT_PATHS[key].socket ? socketBase : base) + value).replace(/(?<!\/)\/+$/, '')
      : value;
  }
  return resolved;
}

/** The endpoint map: an absolute URL or a path on the page's origin per endpoint (schemas in endpointSchemas.ts). */
export type EndpointMap = Record<EndpointKey, string>;

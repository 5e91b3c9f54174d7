import { z } from 'zod';

/**
 * Every endpoint the product talks to (spec part 1 §7 "Configuration defines per-environment
 * endpoints"). Each is an absolute URL; HTTP roots end without a slash.
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
  const base = origin.replace(/\/+$/, '');
  const socketBase = base.replace(/^http/, 'ws');
  const map = {} as Record<EndpointKey, string>;
  for (const key of ENDPOINT_KEYS) {
    const { path, socket } = DEFAULT_ENDPOINT_PATHS[key];
    map[key] = (socket ? socketBase : base) + path;
  }
  return map;
}

const httpUrl = z.url({ protocol: /^https?$/ });
const socketUrl = z.url({ protocol: /^wss?$/ });

export const endpointMapSchema = z.object({
  mainSite: httpUrl,
  profileRest: httpUrl,
  profileSocket: socketUrl,
  versionSocket: socketUrl,
  weatherRoot: httpUrl,
  tileServer: httpUrl,
  downloadRootDev: httpUrl,
  downloadRootNext: httpUrl,
  downloadRootCurrent: httpUrl,
  weatherSocket: socketUrl,
  liveTrafficSocket: socketUrl,
  logging: httpUrl,
  flightServiceRoot: httpUrl,
});
export type EndpointMap = z.infer<typeof endpointMapSchema>;

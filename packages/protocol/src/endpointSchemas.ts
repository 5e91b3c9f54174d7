import { z } from 'zod';

// The endpoint map's zod schemas, apart from endpoints.ts so that code which only resolves
// endpoints (the app's start-up) does not bring zod along.

const httpUrl = z.url({ protocol: /^https?$/ });
const socketUrl = z.url({ protocol: /^wss?$/ });
/** A path on the page's own origin: one leading slash (not `//`, which would name another host), no query or fragment. */
export const sameOriginPathSchema = z.string().regex(/^\/(?!\/)[^\s?#\\]*$/, { error: 'must be an absolute URL or a path on this origin starting with /' });

function endpointSchemas(http: z.ZodType<string>, socket: z.ZodType<string>) {
  return z.object({
    mainSite: http,
    profileRest: http,
    profileSocket: socket,
    versionSocket: socket,
    weatherRoot: http,
    tileServer: http,
    downloadRootDev: http,
    downloadRootNext: http,
    downloadRootCurrent: http,
    weatherSocket: socket,
    liveTrafficSocket: socket,
    logging: http,
    flightServiceRoot: http,
  });
}

/** The endpoint map on the wire (ClientConfig): absolute URLs or paths on the page's origin. */
export const endpointMapSchema = endpointSchemas(httpUrl.or(sameOriginPathSchema), socketUrl.or(sameOriginPathSchema));
/** The endpoint map with absolute URLs only (an operator's override of one endpoint names its origin). */
export const absoluteEndpointMapSchema = endpointSchemas(httpUrl, socketUrl);

import type { FastifyInstance } from 'fastify';
import { CLIENT_CONFIG_PATH, DEFAULT_ENDPOINT_PATHS, logIndexPath } from '@clearway/protocol';
import { sendShell } from '../static/index.js';

function firstSegment(path: string): string | undefined {
  return path.split('/').find((segment) => segment.length > 0);
}

/**
 * First path segments that belong to the API (/api, /elk, /ws, /wx, /tiles, /downloads, /fs), taken
 * from the protocol so a new endpoint is covered without editing this file, plus the map's glyphs
 * (/fonts), which the style names directly.
 */
export const API_SEGMENTS: ReadonlySet<string> = new Set(
  [CLIENT_CONFIG_PATH, logIndexPath('day'), '/fonts', ...Object.values(DEFAULT_ENDPOINT_PATHS).map((endpoint) => endpoint.path)]
    .map(firstSegment)
    .filter((segment): segment is string => segment !== undefined),
);

/**
 * Unknown API paths and missing files get a JSON 404. Other GETs from a browser navigation (Accept
 * includes text/html) get the app shell, whose router shows the fallback page for unknown routes.
 * A missing /assets/ file is never answered with HTML: a cache would store the page as a script.
 */
export function installNotFound(app: FastifyInstance, webDist: string): void {
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const segment = firstSegment(path) ?? '';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && !API_SEGMENTS.has(segment) && segment !== 'assets') return sendShell(reply, webDist);
    return reply.code(404).send({ error: 'Not found', path });
  });
}

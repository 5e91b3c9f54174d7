import { access } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { NO_CACHE, cacheControlFor } from './cachePolicy.js';

/** The page every app route is answered with. */
const SHELL = 'index.html';

/**
 * Paths answered with the app shell. The spec's redirects (root, /index.html and /index_pt.html to
 * /app/map1 or /app/aircraft_profile_welcome) depend on whether the welcome is complete, which only
 * the browser knows (it is stored there), so the server serves the shell and the client-side router
 * applies them.
 */
export const SHELL_PATHS = ['/', '/index.html', '/index_pt.html', '/app', '/app/*'] as const;

/**
 * Sends the built app's index.html, uncached, or 503 with a plain explanation when the web app has
 * not been built yet, so the API keeps working on a fresh checkout.
 */
export async function sendShell(reply: FastifyReply, webDist: string): Promise<FastifyReply> {
  try {
    await access(join(webDist, SHELL));
  } catch {
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(`The Clearway web app is not built: ${join(webDist, SHELL)} is missing. Run \`npm run build\` and reload.\n`);
  }
  return reply.code(200).header('cache-control', NO_CACHE).sendFile(SHELL, webDist);
}

/**
 * Serves the built PWA from webDist: hashed assets cached for a year, entry points and the service
 * worker revalidated on every load, and the shell for every app route. Where the build wrote a
 * `.br` or `.gz` copy beside a file (scripts/compress-web.mjs), a client accepting that encoding gets
 * the copy with `Content-Encoding` (brotli preferred); every reply says `Vary: Accept-Encoding`.
 */
export async function staticRoutes(app: FastifyInstance, options: { webDist: string }): Promise<void> {
  const { webDist } = options;
  await app.register(fastifyStatic, {
    root: webDist,
    // Files are looked up per request, so a build made after start-up is served without a restart.
    wildcard: true,
    index: false,
    // A missing folder is normal before the first web build; sendShell explains it on request.
    suppressWarning: true,
    cacheControl: false,
    // Picks `<file>.br`, then `<file>.gz`, then the file by Accept-Encoding. Each copy has its own
    // ETag (size and mtime of the copy) and Range requests get bytes of the copy sent, which is the
    // representation HTTP ranges refer to (RFC 9110 section 14.1.2).
    preCompressed: true,
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(relative(webDist, path).split(sep).join('/')));
    },
  });
  for (const path of SHELL_PATHS) {
    app.get(path, (_request, reply) => sendShell(reply, webDist));
  }
}

import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/index.js';
import { checkDatabase, type Database } from '../db/index.js';

/** Path of the liveness and readiness probe. */
export const HEALTH_PATH = '/healthz';

/**
 * `GET /healthz`: 200 with version, environment, uptime and a database round trip, or 503 when the
 * database does not answer, so a load balancer takes this process out of rotation.
 */
export async function healthRoutes(app: FastifyInstance, options: { config: Config; db: Database }): Promise<void> {
  const startedMs = performance.now();
  app.get(HEALTH_PATH, async (_request, reply) => {
    const db = await checkDatabase(options.db);
    const ok = db.status === 'ok';
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ok ? 'ok' : 'error',
        version: options.config.version,
        env: options.config.env,
        // Seconds since this app was built (the process's serving life), whole seconds.
        uptime_s: Math.floor((performance.now() - startedMs) / 1000),
        db,
      });
  });
}

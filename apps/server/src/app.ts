import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { authRoutes, createSessionResolver } from './auth/index.js';
import { clientConfigRoutes } from './clientConfig/routes.js';
import type { Config } from './config/loadConfig.js';
import type { Database } from './db/schema.js';
import { healthRoutes } from './health/routes.js';
import { installErrorHandler } from './http/errors.js';
import { installNotFound } from './http/notFound.js';
import { installRequestIdHeader, requestIdFor } from './http/requestId.js';
import { logRoutes } from './logs/routes.js';
import { navdataRoutes } from './navdata/routes.js';
import { staticRoutes } from './static/routes.js';
import { glyphRoutes } from './tiles/glyphs.js';
import { tileRoutes } from './tiles/routes.js';

/** What buildApp needs besides the configuration. */
export interface AppDependencies {
  /** An open, migrated database; the caller owns it and closes it after the app. */
  db: Database;
  /** A pino logger; without one Fastify makes its own at config.logLevel. */
  logger?: FastifyBaseLogger;
}

/**
 * Builds the Fastify app with every route, ready for `listen` or `inject`. Holds no state of its own
 * beyond the database, so any number of processes can serve behind a load balancer.
 */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: { level: config.logLevel } }),
    genReqId: requestIdFor,
    // The spec writes the log path with a trailing slash; accept either spelling everywhere.
    routerOptions: { ignoreTrailingSlash: true },
    // Default body limit for routes that do not set their own, bytes.
    bodyLimit: 256 * 1024,
  });
  installRequestIdHeader(app);
  installErrorHandler(app);
  installNotFound(app, config.webDist);

  await app.register(healthRoutes, { config, db: deps.db, logLevel: 'warn' });
  // Sign-in: sessions in the database; every authorised route takes this resolver.
  const sessions = createSessionResolver(deps.db);
  await app.register(authRoutes, { config, db: deps.db, resolver: sessions });
  await app.register(clientConfigRoutes, { config });
  await app.register(logRoutes, { db: deps.db });
  await app.register(navdataRoutes, { navdataDir: config.navdataDir, endpoints: config.endpoints });
  await app.register(tileRoutes, { chartsDir: config.chartsDir });
  await app.register(glyphRoutes, {});
  await app.register(staticRoutes, { webDist: config.webDist });
  return app;
}

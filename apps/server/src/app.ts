import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { DATA_CHANNELS, remoteLoggingEnabled } from '@clearway/protocol';
import { accountRoutes, helpTokenPurgeJob, profileNamesFromCustomers, type AccountRoutesOptions } from './account/index.js';
import { authExpiryPurgeJob, authRoutes, createSessionResolver, outboxCleanupJob, pendingLoginPurgeJob, type SessionResolver } from './auth/index.js';
import { billingRoutes, lookupLicenceCode, STRIPE_WEBHOOK_PATH, type BillingRoutesOptions } from './billing/index.js';
import { clientConfigRoutes } from './clientConfig/index.js';
import { devicesModule, simModule, type DevicesSettings, type SimSettings } from './devices/index.js';
import type { Config } from './config/index.js';
import type { Database } from './db/index.js';
import { healthRoutes } from './health/index.js';
import { geoipRoutes } from './geoip/index.js';
import { installCrossSiteGuard, installErrorHandler, installForwardedHeaders, installNotFound, installRequestIdHeader, registerAddressLimits, requestIdFor, installSecurityHeaders, serverLoggerOptions } from './http/index.js';
import { JobRunner, leasesFor, type JobRunnerOptions } from './jobs/index.js';
import { clientLogRetentionJob, logRoutes } from './logs/index.js';
import { analyticsRetentionJob, analyticsRoutes, logForwardJob, RefusalCounter } from './telemetry/index.js';
import { navdataRoutes } from './navdata/routes.js';
import { navdbAirportPositions, platesModule } from './plates/index.js';
import { packRoutes } from './packs/index.js';
import { createRealtimeHub, type RealtimeHub, realtimeRoutes, type RealtimeRoutesOptions } from './realtime/index.js';
import { staticRoutes } from './static/index.js';
import { syncRoutes, type SyncRoutesOptions } from './sync/index.js';
import { glyphRoutes, tileRoutes } from './tiles/index.js';
import { weatherModule, type WeatherModuleOptions } from './weather/index.js';
import { notamsModule, type NotamsModuleOptions } from './notams/index.js';
import { flightServiceModule, type FlightServiceModuleOptions } from './flightservice/index.js';

/** What buildApp needs besides the configuration. */
export interface AppDependencies {
  /** An open, migrated database; the caller owns it and closes it after the app. */
  db: Database;
  /** A pino logger; without one Fastify makes its own at config.logLevel. */
  logger?: FastifyBaseLogger;
  /**
   * The realtime hub; the caller owns it (ready and close). Without one the app makes
   * `createRealtimeHub(config.redisUrl)` (Redis with REDIS_URL, else in-process), waits for it to be
   * ready while building and closes it when the app closes.
   */
  hub?: RealtimeHub;
  /**
   * Who is signed in, for every route. Default: the database sessions sign-in makes
   * (createSessionResolver). Tests and the sync benchmark pass a stand-in.
   */
  sessions?: SessionResolver;
  /** Sync route settings other than the shared ones (tests: devices per customer, clock). */
  sync?: Pick<SyncRoutesOptions, 'maxDevices' | 'now' | 'quota' | 'page'>;
  /** Realtime route settings (tests: ping interval). */
  realtime?: Pick<RealtimeRoutesOptions, 'pingIntervalMs' | 'maxSocketsPerSession'>;
  /** Billing route settings (tests: a payment provider whose Stripe client talks to a fake fetch, clock). */
  billing?: Pick<BillingRoutesOptions, 'provider' | 'now'>;
  /** Account route settings (tests: clock). */
  account?: Pick<AccountRoutesOptions, 'now' | 'canceller'>;
  /** Periodic jobs (tests: a fake clock, the lease store, the first look's delay). */
  jobs?: Partial<Pick<JobRunnerOptions, 'clock' | 'leases' | 'startDelayMs'>>;
  /** Weather ingestion settings (tests: clock, leases, back-off, the AWC source's intervals). */
  weather?: Pick<WeatherModuleOptions, 'ingest' | 'awc' | 'pingIntervalMs' | 'imageryIngest'>;
  /** NOTAM settings (tests: ingestion clock and delays, route clock, per-address limit). */
  notams?: Pick<NotamsModuleOptions, 'ingest' | 'now' | 'limit'>;
  /** Flight-service settings (tests: a provider, clock). */
  flightService?: Pick<FlightServiceModuleOptions, 'provider' | 'now'>;
  /** Devices bridge settings (tests: UDP port 0, clock, time-outs, announcement). */
  devices?: DevicesSettings;
  /** Simulator link settings (tests: UDP ports, beacon, hosts, clock). */
  xplane?: SimSettings;
}

/**
 * Builds the Fastify app with every route, ready for `listen` or `inject`. Holds no state of its own
 * beyond the database, so any number of processes can serve behind a load balancer.
 */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: serverLoggerOptions(config) }),
    genReqId: requestIdFor,
    // TRUST_PROXY: whether request.ip (per-IP limits, logs) comes from X-Forwarded-For.
    trustProxy: config.trustProxy,
    // The spec writes the log path with a trailing slash; accept either spelling everywhere.
    routerOptions: { ignoreTrailingSlash: true },
    // Default body limit for routes that do not set their own, bytes.
    bodyLimit: 256 * 1024,
  });
  installRequestIdHeader(app);
  // X-Forwarded-Host/-Proto only from a TRUST_PROXY peer (or PUBLIC_ORIGIN's), before anything reads them.
  installForwardedHeaders(app, config, config.trustProxy);
  // State-changing requests from another site: 403 (the Stripe webhook is signed and sent by no browser).
  installCrossSiteGuard(app, config, [STRIPE_WEBHOOK_PATH]);
  installSecurityHeaders(app, {
    publicOrigin: config.publicOrigin,
    publicOriginFixed: config.publicOriginFixed,
    allowedHosts: config.allowedHosts,
    endpoints: config.endpoints,
    stripe: config.billing.stripe !== null,
    zendesk: config.billing.zendesk === null ? null : { subdomain: config.billing.zendesk.subdomain },
  });
  installErrorHandler(app);
  installNotFound(app, config.webDist);
  // Per-address limits on the routes that declare one (http/rateLimit.ts), before any route.
  await registerAddressLimits(app);

  // Realtime fan-out: Redis pub/sub with REDIS_URL (several processes), else in-process.
  let hub = deps.hub;
  if (hub === undefined) {
    const ownHub = createRealtimeHub(config.redisUrl, app.log);
    app.addHook('onClose', async () => {
      await ownHub.close();
    });
    hub = ownHub;
  }
  await app.register(websocket, { options: { maxPayload: 4096 } });

  await app.register(healthRoutes, { config, db: deps.db, logLevel: 'warn' });
  // Sign-in: sessions in the database; every authorised route takes this resolver.
  const sessions = deps.sessions ?? createSessionResolver(deps.db);
  // The licence code picks the page after login: /app/map1 for code 2 (a valid purchase).
  await app.register(authRoutes, { config, db: deps.db, resolver: sessions, licenceCode: lookupLicenceCode });
  await app.register(accountRoutes, {
    db: deps.db,
    sessions,
    config: config.billing,
    profileNames: profileNamesFromCustomers(deps.db),
    hub,
    reauth: config.auth.issuer.kind === 'builtin' ? 'password' : 'recent-sign-in',
    ...deps.account,
  });
  await app.register(billingRoutes, { db: deps.db, sessions, config: config.billing, ...deps.billing });
  // Sync requests are the bulk of the traffic: at info, their per-request log lines are left out
  // (shown at debug/trace; warn and quieter levels already leave them out).
  const syncRequestLogLevel = config.logLevel === 'info' ? 'warn' : undefined;
  await app.register(syncRoutes, { db: deps.db, sessions, hub, ...(syncRequestLogLevel === undefined ? {} : { requestLogLevel: syncRequestLogLevel }), ...deps.sync });
  // Waits for hub.ready(), so no envelope from another process is missed once listening.
  // Sockets open only from this server's own pages (the origin of its links: PUBLIC_ORIGIN, ALLOWED_HOSTS).
  await app.register(realtimeRoutes, { hub, sessions, origins: config, ...deps.realtime });
  await app.register(clientConfigRoutes, { config });
  // Refused log bodies and analytics batches, counted in this process and named in a warn line each.
  const refusals = new RefusalCounter();
  await app.register(logRoutes, { db: deps.db, sessions, enabled: remoteLoggingEnabled(config.env), refusals });
  // Product analytics batches from signed-in devices (telemetry/; ANALYTICS_RETENTION_DAYS).
  await app.register(analyticsRoutes, { db: deps.db, sessions, refusals });
  await app.register(navdataRoutes, { navdataDir: config.navdataDir, endpoints: config.endpoints });
  // Weather below /wx and the weather socket; ingestion of WEATHER_SOURCE (weather/).
  await app.register(weatherModule, { db: deps.db, hub, origins: config, source: config.weather.source, imagery: config.weather.imagery, ...deps.weather });
  // NOTAMs and TFRs below /notams; refresh of NOTAM_SOURCE (notams/).
  await app.register(notamsModule, { db: deps.db, config: config.notams, ...deps.notams });
  // Flight-service filing below /fs (flightservice/): the built-in test provider.
  await app.register(flightServiceModule, { db: deps.db, sessions, ...deps.flightService });
  // GDL90 from ADS-B receivers on UDP, streamed on /ws/devices (devices/; DEVICES, DEVICES_GDL90_PORT).
  await app.register(devicesModule, { config: config.devices, stratux: config.stratux, sessions, origins: config, ...(deps.devices === undefined ? {} : { settings: deps.devices }) });
  // X-Plane on UDP (beacon, RREF, DREF/CMND), streamed on /ws/sim (devices/xplane; XPLANE_*).
  await app.register(simModule, { config: config.xplane, sessions, origins: config, ...(deps.xplane === undefined ? {} : { settings: deps.xplane }) });
  // IP geolocation for the app's last-resort position (geoip/; GEOIP_PROVIDER_URL, none by default: 503).
  await app.register(geoipRoutes, { config: config.geoip });
  await app.register(tileRoutes, { chartsDir: config.chartsDir });
  // Region packs for offline use: /packs/index.json and /packs/{cycle}/{region}.{kind}.pmtiles (packs/).
  await app.register(packRoutes, { packsDir: config.packs.dir, channel: config.dataChannel, chartsDir: config.chartsDir, terrainDir: config.packs.terrainDir, chartsCycle: config.packs.chartsCycle, repoRoot: config.repoRoot });
  // Approach plates: /plates/airports/{airport} and /plates/files/{cycle}/{PDF}; import of PLATES_SOURCE (plates/).
  // Plate packs place airports in chart regions by the nav database served (the channel's, else any).
  const positionChannels = [config.dataChannel, ...DATA_CHANNELS.filter((channel) => channel !== config.dataChannel)];
  await app.register(platesModule, { db: deps.db, config: config.plates, airportPositions: navdbAirportPositions(config.navdataDir, positionChannels) });
  await app.register(glyphRoutes, {});
  await app.register(staticRoutes, { webDist: config.webDist });

  // Periodic work (jobs/), each job in exactly one of N processes per period: leases in the database
  // on PostgreSQL, in this process on SQLite. Started when the app is ready, stopped (waiting for a
  // run in progress) when it closes, before the caller closes the database.
  const { telemetry } = config;
  const jobList = [outboxCleanupJob(deps.db), pendingLoginPurgeJob(deps.db), authExpiryPurgeJob(deps.db), helpTokenPurgeJob(deps.db), clientLogRetentionJob(deps.db, telemetry.logRetentionDays * 86_400_000), analyticsRetentionJob(deps.db, telemetry.analyticsRetentionDays)];
  // LOG_FORWARD_URL: stored client log entries also go to an OpenSearch-compatible cluster (_bulk).
  if (telemetry.logForwardUrl !== null) jobList.push(logForwardJob({ db: deps.db, url: telemetry.logForwardUrl, batch: telemetry.logForwardBatch, logger: app.log }));
  const jobs = new JobRunner(jobList, { leases: leasesFor(deps.db), logger: app.log, ...deps.jobs });
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  return app;
}

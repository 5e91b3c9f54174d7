import type { z } from 'zod';
import { xplaneConfigOf, type XPlaneConfig } from './xplaneConfig.js';
import { geoipConfigOf, type GeoipConfig } from './geoipConfig.js';
import { telemetryConfigOf, type TelemetryConfig } from './telemetryConfig.js';
import { stratuxConfigOf, type StratuxConfig } from './stratuxConfig.js';
import { platesConfigOf, type PlatesConfig } from './platesConfig.js';
import { notamsConfigOf, type NotamsConfig } from './notamsConfig.js';
import {
  ENDPOINT_KEYS,
  defaultDataChannel,
  sameOriginEndpoints,
  type ClearwayEnv,
  type DataChannel,
  type EndpointMap,
} from '@clearway/protocol';
import { BillingConfigError, loadBillingConfig, type BillingConfig } from './billingVariables.js';
import { EMBEDDED_DEFAULT_ENV, LIVE_ENVIRONMENTS, MAIL_DISABLED, deploymentProblems } from './deploymentRules.js';
import { findRepoRoot, readRootVersion, resolveFromRoot } from './paths.js';
import {
  SECRET_VARIABLES,
  ADDRESS_VARIABLES,
  redactAddresses,
  endpointOverridesSchema,
  endpointVariable,
  redactSecret,
  variablesSchema,
  type ImagerySourceVariable,
  type ServerLogLevel,
  type TrustProxy,
} from './variables.js';

/** Where the server keeps its data: an SQLite file (or `:memory:`) or a PostgreSQL server. */
export type DatabaseConfig =
  | { dialect: 'sqlite'; path: string }
  | { dialect: 'postgres'; url: string };

/** Where sign-in goes: the built-in identity provider under /oidc, or an external OIDC issuer. */
export type OidcIssuerConfig =
  | { kind: 'builtin' }
  | { kind: 'external'; url: string; clientId: string; clientSecret: string };

/** Sign-in settings (auth/). */
export interface AuthConfig {
  issuer: OidcIssuerConfig;
  /** SMTP server for verification and reset mail; undefined keeps mail in the outbox (see auth/mailer.ts). */
  smtpUrl: string | undefined;
  /** SMTP_URL=disabled: no mail on purpose; it stays in the outbox and never reaches the console. */
  mailDisabled: boolean;
  /** Sender of the built-in provider's mail. */
  mailFrom: string;
  /** How long a session lasts, days. */
  sessionTtlDays: number;
  /** AUTH_SECRETS_KEY: the key for the built-in provider's secrets stored in auth_secrets, kept outside the database; undefined when unset (refused in prod). */
  secretsKey: string | undefined;
}

/**
 * Where weather comes from: the Aviation Weather Center over HTTP (`awc`, base URL WEATHER_AWC_URL),
 * a folder of the same files (WEATHER_SOURCE=path), or nothing (`off`). Unset: `awc` in the live
 * environments (prod, beta), `off` elsewhere (a laptop, tests: no publisher traffic nobody asked for).
 */
export type WeatherSourceConfig = { kind: 'awc'; baseUrl: string } | { kind: 'path'; dir: string } | { kind: 'off' };

export interface WeatherConfig {
  source: WeatherSourceConfig;
  /** WX_IMAGERY_SOURCES: each configured imagery view's source address (weather/imagery/); empty: every product is not configured. */
  imagery: ImagerySourceVariable[];
}

/** The server's whole configuration, validated and with every default filled in. */
export interface Config {
  /** TCP port to listen on. */
  port: number;
  /** Address to bind, e.g. 0.0.0.0 (all interfaces) or 127.0.0.1. */
  host: string;
  env: ClearwayEnv;
  /** Version reported to clients and in /healthz. */
  version: string;
  /**
   * Origin of absolute addresses (sign-in redirects, mailed links), without a trailing slash:
   * PUBLIC_ORIGIN, else `http://localhost:{port}` for requests whose host is not allowed.
   */
  publicOrigin: string;
  /** PUBLIC_ORIGIN was set: absolute addresses always use it. Unset: they follow an allowed request host (http/requestOrigin.ts). */
  publicOriginFixed: boolean;
  /** ALLOWED_HOSTS: host names and addresses allowed besides localhost, loopback and private networks (`*.` prefix: every name below). */
  allowedHosts: string[];
  database: DatabaseConfig;
  /** Redis for realtime fan-out between server processes (REDIS_URL); undefined: the in-process hub. */
  redisUrl: string | undefined;
  logLevel: ServerLogLevel;
  /** Absolute path of the built web app (Vite's dist folder). */
  webDist: string;
  dataChannel: DataChannel;
  /** Absolute path of the nav data artifacts: `{navdataDir}/{channel}/{region}.cwnav` (+ `.gz`, `.br`). */
  navdataDir: string;
  /** Absolute path of the VFR chart raster tiles `{z}/{x}/{y}.png`, or undefined when none are configured. */
  chartsDir: string | undefined;
  /** Region packs (packs/): `{dir}/{cycle}/{region}.{kind}.pmtiles` (PACKS_DIR), the `.hgt` folder for terrain (TERRAIN_DIR), the charts' cycle (CHARTS_CYCLE). */
  packs: { dir: string; terrainDir: string | undefined; chartsCycle: string | undefined };
  /** Weather ingestion (WEATHER_SOURCE, WEATHER_AWC_URL): where the weather module reads the publishers' products. */
  weather: WeatherConfig;
  /** Every endpoint the web app talks to: paths on the page's own origin unless ENDPOINT_* moves one elsewhere. */
  endpoints: EndpointMap;
  /** Absolute path of the monorepo root. */
  repoRoot: string;
  /** Sign-in: issuer, mail and sessions. */
  auth: AuthConfig;
  /** Whether the web app waits for a signed-in user and sends signed-out visitors to login (REQUIRE_SIGN_IN, default true; false: an open kiosk). */
  requireSignIn: boolean;
  /** Fastify's trustProxy (TRUST_PROXY): false, true or proxy addresses/CIDRs; decides request.ip behind a balancer. */
  trustProxy: TrustProxy;
  /** Licences, trial, payments and the help centre (TRIAL_DAYS, STRIPE_*, PAYMENT_RATE_LIMIT, ZENDESK_*, HELP_CENTRE_SECRET). */
  billing: BillingConfig;
  /** The devices bridge (devices/: DEVICES, DEVICES_GDL90_PORT, DEVICES_HOST, DEVICES_ANNOUNCE). */
  devices: DevicesConfig;
  /** The simulator link (devices/xplane: XPLANE, XPLANE_HOSTS, XPLANE_LISTEN_PORT, XPLANE_BEACON, XPLANE_WEB_API, XPLANE_FMS_DIR). */
  xplane: XPlaneConfig;
  /** Stratux's websocket stream as a second devices input (devices/stratux.ts: DEVICES_STRATUX_URL). */
  stratux: StratuxConfig;
  /** IP geolocation (geoip/: GEOIP_PROVIDER_URL, GEOIP_RATE_LIMIT); no provider by default. */
  geoip: GeoipConfig;
  /** Client logs and analytics (telemetry/, logs/: LOG_FORWARD_URL, LOG_FORWARD_BATCH, ANALYTICS_RETENTION_DAYS, CLIENT_LOG_RETENTION_DAYS). */
  telemetry: TelemetryConfig;
  /** Approach plates (plates/): PLATES_SOURCE, PLATES_DIR, PLATES_SKIP_MISSING, PLATES_FAA_URL, PLATES_PACKS_MAX_MB. */
  plates: PlatesConfig;
  /** NOTAMs and TFRs (notams/): NOTAM_SOURCE, NOTAM_FAA_URL, NOTAM_FAA_CLIENT_ID, NOTAM_FAA_CLIENT_SECRET, NOTAM_FAA_QUERY, TFR_FAA_URL. */
  notams: NotamsConfig;
}

/**
 * The devices bridge: GDL90 from ADS-B receivers (Stratux ...) on UDP, streamed to the app over
 * /ws/devices. On by default where the server runs beside the pilot (localhost, lite, stratux).
 */
export interface DevicesConfig {
  enabled: boolean;
  /** UDP port of GDL90 (DEVICES_GDL90_PORT, default 4000, spec part 2 §7 startADSB). */
  gdl90Port: number;
  /** Address the UDP socket binds (DEVICES_HOST): 0.0.0.0 for the cockpit Wi-Fi; 127.0.0.1 when HOST is a loopback address. */
  host: string;
  /** Broadcast the ForeFlight-style announcement on UDP 63093 every 5 s (DEVICES_ANNOUNCE; default on unless the bridge binds loopback). */
  announce: boolean;
}

/** Environments where the devices bridge runs unless DEVICES=off. */
export const DEVICES_ENVIRONMENTS: readonly ClearwayEnv[] = ['localhost', 'lite', 'stratux'];

const isLoopbackHost = (host: string): boolean => host === 'localhost' || host === '::1' || host === '[::1]' || /^127\./.test(host);

/** One bad environment variable and what is wrong with it. */
export interface ConfigProblem {
  variable: string;
  message: string;
}

/** Thrown by loadConfig; its message names every bad variable so start-up fails with one clear line. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(readonly problems: readonly ConfigProblem[]) {
    super(`Invalid configuration: ${problems.map((p) => `${p.variable} ${p.message}`).join('; ')}`);
  }
}

/** Defaults that are paths relative to the repo root. */
const DEFAULT_SQLITE_PATH = 'var/clearway.db';
const DEFAULT_WEB_DIST = 'apps/web/dist';
const DEFAULT_NAVDATA_DIR = 'var/navdata';

type Env = Record<string, string | undefined>;

/** Variables that are keys: their values never appear in a message, not even in part. */
const KEY_VARIABLES: ReadonlySet<string> = new Set(['AUTH_SECRETS_KEY']);

function problemsOf(error: z.ZodError, env: Env): ConfigProblem[] {
  const seen = new Set<string>();
  const problems: ConfigProblem[] = [];
  for (const issue of error.issues) {
    const variable = String(issue.path[0] ?? '(environment)');
    // One message per variable: the first failed check is the one worth reading.
    if (seen.has(variable)) continue;
    seen.add(variable);
    const raw = env[variable] ?? '';
    // A key is never shown; a secret URL keeps its shape with the password hidden.
    // A source address list keeps its shape with passwords and query values hidden.
    const shown = KEY_VARIABLES.has(variable) ? '***' : SECRET_VARIABLES.has(variable) ? redactSecret(raw) : ADDRESS_VARIABLES.has(variable) ? redactAddresses(raw) : raw;
    problems.push({ variable, message: `${issue.message} (got ${JSON.stringify(shown)})` });
  }
  return problems;
}

/**
 * Reads and validates the server's configuration from an environment (normally `process.env`).
 * Empty variables count as unset. Relative paths (SQLITE_PATH, WEB_DIST, NAVDATA_DIR, CHARTS_DIR, PACKS_DIR, TERRAIN_DIR) resolve from the repo root.
 * @throws ConfigError naming every bad variable, e.g.
 *   `Invalid configuration: PORT must be an integer between 1 and 65535 (got "abc")`.
 */
export function loadConfig(env: Env): Config {
  const variables = variablesSchema.safeParse(env);
  const overrides = endpointOverridesSchema.safeParse(env);
  const problems = [
    ...(variables.success ? [] : problemsOf(variables.error, env)),
    ...(overrides.success ? [] : problemsOf(overrides.error, env)),
  ];
  const repoRoot = findRepoRoot();
  const version = variables.data?.CLEARWAY_VERSION ?? readRootVersion(repoRoot);
  if (variables.success && version === undefined) {
    problems.push({ variable: 'CLEARWAY_VERSION', message: 'must be set because the root package.json has no version' });
  }
  if (variables.success) problems.push(...oidcProblems(variables.data));
  const billing = billingConfigOf(env, problems);
  // prod and beta refuse the test payment provider and unsent mail unless chosen (config/deploymentRules.ts).
  if (variables.success && billing !== undefined) {
    const vars = variables.data;
    problems.push(...deploymentProblems({
      env: vars.CLEARWAY_ENV ?? EMBEDDED_DEFAULT_ENV,
      payments: vars.PAYMENTS,
      stripe: billing.stripe !== null,
      mail: vars.SMTP_URL === undefined ? 'unset' : vars.SMTP_URL === MAIL_DISABLED ? 'disabled' : 'smtp',
      builtinIssuer: vars.OIDC_ISSUER_URL === undefined,
      helpCentreSecret: billing.helpCentreSecret !== null || billing.zendesk !== null,
      publicOrigin: vars.PUBLIC_ORIGIN ?? null,
      authSecretsKey: vars.AUTH_SECRETS_KEY !== undefined,
    }));
  }
  if (!variables.success || !overrides.success || version === undefined || billing === undefined || problems.length > 0) {
    throw new ConfigError(problems);
  }
  const vars = variables.data;
  const port = vars.PORT ?? 8080;
  const environment = vars.CLEARWAY_ENV ?? EMBEDDED_DEFAULT_ENV;
  const publicOrigin = vars.PUBLIC_ORIGIN ?? `http://localhost:${port}`;

  // One process serves everything by default, at whatever address the page was opened (paths on its
  // own origin); each ENDPOINT_* moves one endpoint elsewhere.
  const endpoints = sameOriginEndpoints();
  for (const key of ENDPOINT_KEYS) {
    const override = overrides.data[endpointVariable(key)];
    if (override !== undefined) endpoints[key] = override;
  }

  const database: DatabaseConfig = vars.DATABASE_URL !== undefined
    ? { dialect: 'postgres', url: vars.DATABASE_URL }
    : {
        dialect: 'sqlite',
        path: vars.SQLITE_PATH === ':memory:' ? ':memory:' : resolveFromRoot(repoRoot, vars.SQLITE_PATH ?? DEFAULT_SQLITE_PATH),
      };

  return {
    port,
    host: vars.HOST ?? '0.0.0.0',
    env: environment,
    version,
    publicOrigin,
    publicOriginFixed: vars.PUBLIC_ORIGIN !== undefined,
    allowedHosts: vars.ALLOWED_HOSTS ?? [],
    database,
    redisUrl: vars.REDIS_URL,
    logLevel: vars.LOG_LEVEL ?? 'info',
    webDist: resolveFromRoot(repoRoot, vars.WEB_DIST ?? DEFAULT_WEB_DIST),
    dataChannel: vars.DATA_CHANNEL ?? defaultDataChannel(environment),
    navdataDir: resolveFromRoot(repoRoot, vars.NAVDATA_DIR ?? DEFAULT_NAVDATA_DIR),
    chartsDir: vars.CHARTS_DIR === undefined ? undefined : resolveFromRoot(repoRoot, vars.CHARTS_DIR),
    packs: {
      dir: resolveFromRoot(repoRoot, vars.PACKS_DIR ?? 'var/packs'),
      terrainDir: vars.TERRAIN_DIR === undefined ? undefined : resolveFromRoot(repoRoot, vars.TERRAIN_DIR),
      chartsCycle: vars.CHARTS_CYCLE,
    },
    weather: { source: weatherSourceOf(vars.WEATHER_SOURCE, vars.WEATHER_AWC_URL, environment, repoRoot), imagery: vars.WX_IMAGERY_SOURCES ?? [] },
    endpoints,
    repoRoot,
    auth: {
      issuer: vars.OIDC_ISSUER_URL !== undefined && vars.OIDC_CLIENT_ID !== undefined && vars.OIDC_CLIENT_SECRET !== undefined
        ? { kind: 'external', url: vars.OIDC_ISSUER_URL, clientId: vars.OIDC_CLIENT_ID, clientSecret: vars.OIDC_CLIENT_SECRET }
        : { kind: 'builtin' },
      smtpUrl: vars.SMTP_URL === MAIL_DISABLED ? undefined : vars.SMTP_URL,
      mailDisabled: vars.SMTP_URL === MAIL_DISABLED,
      mailFrom: vars.MAIL_FROM ?? `Clearway <no-reply@${new URL(publicOrigin).hostname}>`,
      sessionTtlDays: vars.SESSION_TTL_DAYS ?? 30,
      secretsKey: vars.AUTH_SECRETS_KEY,
    },
    requireSignIn: vars.REQUIRE_SIGN_IN ?? true,
    trustProxy: vars.TRUST_PROXY ?? false,
    billing,
    devices: devicesConfigOf(vars, environment),
    xplane: xplaneConfigOf(env, devicesConfigOf(vars, environment)),
    stratux: stratuxConfigOf(env),
    geoip: geoipConfigOf(env),
    telemetry: telemetryConfigOf(env),
    plates: platesConfigOf(env, repoRoot),
    notams: notamsConfigOf(env, repoRoot),
  };
}

/**
 * The billing variables through the billing reader (config/billingVariables.ts), its problems joined to
 * the others so one start-up line names every bad variable. Billing never echoes their values
 * (most are secrets). Returns undefined after adding the problems.
 */
function billingConfigOf(env: Env, problems: ConfigProblem[]): BillingConfig | undefined {
  try {
    return loadBillingConfig(env);
  } catch (error) {
    if (!(error instanceof BillingConfigError)) throw error;
    // The message is `VARIABLE message; VARIABLE message`.
    for (const part of error.message.split('; ')) {
      const space = part.indexOf(' ');
      problems.push(space > 0 ? { variable: part.slice(0, space), message: part.slice(space + 1) } : { variable: '(billing)', message: part });
    }
    return undefined;
  }
}

const OIDC_VARIABLES = ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;

/** An external issuer needs all three OIDC_* variables; naming the missing ones beats a failed login later. */
function oidcProblems(vars: Partial<Record<(typeof OIDC_VARIABLES)[number], string>>): ConfigProblem[] {
  const set = OIDC_VARIABLES.filter((name) => vars[name] !== undefined);
  if (set.length === 0 || set.length === OIDC_VARIABLES.length) return [];
  return OIDC_VARIABLES.filter((name) => vars[name] === undefined).map((variable) => ({
    variable,
    message: `must be set too when ${set.join(' and ')} ${set.length === 1 ? 'is' : 'are'} set (an external OpenID Connect issuer needs OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET; unset all three for the built-in provider)`,
  }));
}

/** The AWC's address when WEATHER_AWC_URL is unset. */
export const DEFAULT_WEATHER_AWC_URL = 'https://aviationweather.gov';

/** WEATHER_SOURCE: `awc`, `off` or a folder (relative to the repo root); unset: `awc` live, else `off`. */
function weatherSourceOf(source: string | undefined, awcUrl: string | undefined, env: ClearwayEnv, repoRoot: string): WeatherSourceConfig {
  const choice = source ?? (LIVE_ENVIRONMENTS.includes(env) ? 'awc' : 'off');
  if (choice === 'awc') return { kind: 'awc', baseUrl: awcUrl ?? DEFAULT_WEATHER_AWC_URL };
  if (choice === 'off') return { kind: 'off' };
  return { kind: 'path', dir: resolveFromRoot(repoRoot, choice) };
}

/** DEVICES_*: the bridge on in DEVICES_ENVIRONMENTS; a server bound to loopback listens for devices on loopback and does not announce. */
function devicesConfigOf(vars: { HOST?: string | undefined; DEVICES?: boolean | undefined; DEVICES_GDL90_PORT?: number | undefined; DEVICES_HOST?: string | undefined; DEVICES_ANNOUNCE?: boolean | undefined }, env: ClearwayEnv): DevicesConfig {
  const host = vars.DEVICES_HOST ?? (vars.HOST !== undefined && isLoopbackHost(vars.HOST) ? '127.0.0.1' : '0.0.0.0');
  return {
    enabled: vars.DEVICES ?? DEVICES_ENVIRONMENTS.includes(env),
    gdl90Port: vars.DEVICES_GDL90_PORT ?? 4000,
    host,
    announce: vars.DEVICES_ANNOUNCE ?? !isLoopbackHost(host),
  };
}

/**
 * loadConfig on this process's environment. The only place in the server that reads process.env,
 * so every setting is documented and validated in this module.
 */
export function loadProcessConfig(): Config {
  return loadConfig(process.env);
}

/** The database target for logs, with any password hidden. */
export function describeDatabase(database: DatabaseConfig): string {
  return database.dialect === 'sqlite' ? `sqlite:${database.path}` : redactSecret(database.url);
}

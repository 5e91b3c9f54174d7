import { isIP } from 'node:net';
import { z } from 'zod';
import {
  DATA_CHANNELS,
  DEFAULT_ENDPOINT_PATHS,
  ENDPOINT_KEYS,
  imageryKeys,
  ENVIRONMENTS,
  ENVIRONMENT_ALIASES,
  absoluteEndpointMapSchema,
  chartCycleProblem,
  type EndpointKey,
} from '@clearway/protocol';
import { MAIL_DISABLED, PAYMENT_CHOICES } from './deploymentRules.js';

/** Pino's level names; `silent` turns logging off (tests). */
export const SERVER_LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type ServerLogLevel = (typeof SERVER_LOG_LEVELS)[number];

/** `liveTrafficSocket` -> `ENDPOINT_LIVE_TRAFFIC_SOCKET`: the variable that overrides one endpoint. */
export function endpointVariable(key: EndpointKey): string {
  return `ENDPOINT_${key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;
}

// An empty variable (`PORT=`) means "use the default", as deployment tools often set blanks.
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

const PORT_MESSAGE = 'must be an integer between 1 and 65535';
const port = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, { error: PORT_MESSAGE })
  .transform(Number)
  .refine((value) => value >= 1 && value <= 65535, { error: PORT_MESSAGE });

// A host name, IPv4 or IPv6 address to bind; no scheme, port or path.
const host = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9.:%\-[\]]+$/, { error: 'must be a host name or IP address to listen on, such as 0.0.0.0 or 127.0.0.1' });

const aliasNames = Object.keys(ENVIRONMENT_ALIASES);
const environment = z
  .string()
  .trim()
  .transform((value) => ENVIRONMENT_ALIASES[value] ?? value)
  .pipe(z.enum(ENVIRONMENTS, { error: `must be one of ${[...ENVIRONMENTS, ...aliasNames].join(', ')}` }));

const PUBLIC_ORIGIN_MESSAGE = 'must be an http:// or https:// origin with no path, such as https://clearway.example';
const publicOrigin = z
  .string()
  .trim()
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && url.search === '' &&
      url.hash === '' && url.username === '' && url.password === '';
  }, { error: PUBLIC_ORIGIN_MESSAGE })
  .transform((value) => new URL(value).origin);

/**
 * ALLOWED_HOSTS: host names or IP addresses (beyond localhost, loopback and private-network
 * addresses) whose requests may name the origin of absolute addresses (sign-in redirects, mailed
 * links) when PUBLIC_ORIGIN is not set. `*.hangar.lan` allows every name below hangar.lan.
 */
const ALLOWED_HOSTS_MESSAGE = 'must be a comma list of host names or IP addresses without scheme or port, such as clearway.lan, *.hangar.lan, 203.0.113.7';
const allowedHosts = z
  .string()
  .trim()
  .transform((value, context): string[] => {
    const entries = value.split(',').map((entry) => entry.trim().toLowerCase()).filter((entry) => entry !== '');
    const name = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;
    if (entries.length > 0 && entries.every((entry) => isIP(entry.replace(/^\[|\]$/g, '')) !== 0 || name.test(entry))) {
      return entries.map((entry) => entry.replace(/^\[|\]$/g, ''));
    }
    context.addIssue({ code: 'custom', message: ALLOWED_HOSTS_MESSAGE });
    return z.NEVER;
  });

const databaseUrl = z
  .string()
  .trim()
  .refine((value) => /^postgres(ql)?:\/\//.test(value) && URL.canParse(value), {
    error: 'must be a postgres:// or postgresql:// URL, or unset to use SQLite',
  });

const redisUrl = z
  .string()
  .trim()
  .refine((value) => /^rediss?:\/\//.test(value) && URL.canParse(value), {
    error: 'must be a redis:// or rediss:// URL (realtime fan-out between server processes), or unset for the in-process hub',
  });

const filePath = z.string().trim().min(1, { error: 'must be a file path' });

// Weather (weather/): `awc` (the Aviation Weather Center over HTTP), `off`, or a folder of publisher files.
const weatherSource = z.string().trim().min(1, { error: 'must be awc, off or the path of a folder of weather files' });
const weatherAwcUrl = z
  .string()
  .trim()
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.search === '' && url.hash === '';
  }, { error: 'must be the http(s):// base URL of the Aviation Weather Center (its /data/cache and /api/data paths are read), such as https://aviationweather.gov' })
  .transform((value) => value.replace(/(?<!\/)\/+$/, ''));

/** One imagery view's source (WX_IMAGERY_SOURCES): where the server fetches it, how often, how many frames it keeps. */
export interface ImagerySourceVariable {
  /** `product/view` of the catalogue (packages/protocol weatherImagery.ts). */
  key: string;
  url: string;
  everySeconds?: number;
  frames?: number;
}

const IMAGERY_SOURCES_MESSAGE =
  'must be a JSON object from "product/view" (such as "surface/analysis" or "radar-regional/ne") to an http(s):// image address or to {"url": ..., "everySeconds": 1-86400, "frames": 1-48}';

// Weather imagery (weather/imagery/): one JSON object naming every configured view's source address.
const imagerySources = z
  .string()
  .trim()
  .transform((value, context): ImagerySourceVariable[] => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: `${IMAGERY_SOURCES_MESSAGE}; it is not JSON (${error instanceof Error ? error.message : String(error)})` });
      return z.NEVER;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      context.addIssue({ code: 'custom', message: IMAGERY_SOURCES_MESSAGE });
      return z.NEVER;
    }
    const known = new Set(imageryKeys());
    const out: ImagerySourceVariable[] = [];
    const problems: string[] = [];
    const isUrl = (url: unknown): url is string => typeof url === 'string' && URL.canParse(url) && ['http:', 'https:'].includes(new URL(url).protocol);
    const whole = (n: unknown, max: number): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= max;
    for (const [key, entry] of Object.entries(parsed)) {
      if (!known.has(key)) {
        problems.push(`"${key}" is not an imagery view (known: ${[...known].join(', ')})`);
        continue;
      }
      const spec: Record<string, unknown> = typeof entry === 'string' ? { url: entry } : typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
      const extra = Object.keys(spec).filter((name) => !['url', 'everySeconds', 'frames'].includes(name));
      if (!isUrl(spec.url)) problems.push(`"${key}" needs an http(s):// url`);
      else if (spec.everySeconds !== undefined && !whole(spec.everySeconds, 86_400)) problems.push(`"${key}" everySeconds must be a whole number of seconds from 1 to 86400`);
      else if (spec.frames !== undefined && !whole(spec.frames, 48)) problems.push(`"${key}" frames must be a whole number from 1 to 48`);
      else if (extra.length > 0) problems.push(`"${key}" has unknown field ${extra.join(', ')} (url, everySeconds, frames)`);
      else out.push({ key, url: spec.url, ...(spec.everySeconds === undefined ? {} : { everySeconds: spec.everySeconds as number }), ...(spec.frames === undefined ? {} : { frames: spec.frames as number }) });
    }
    if (problems.length > 0) {
      context.addIssue({ code: 'custom', message: `${IMAGERY_SOURCES_MESSAGE}: ${problems.join('; ')}` });
      return z.NEVER;
    }
    return out;
  });

// Sign-in (auth/): an external OpenID Connect issuer instead of the built-in one, mail, sessions.
const oidcIssuerUrl = z
  .string()
  .trim()
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.search === '' && url.hash === '';
  }, { error: 'must be the https:// URL of an OpenID Connect issuer (its /.well-known/openid-configuration is read), or unset for the built-in provider' })
  .transform((value) => value.replace(/(?<!\/)\/+$/, ''));
const oidcClientText = z.string().trim().min(1, { error: 'must not be empty' });
// SMTP_URL=disabled (MAIL_DISABLED) runs without mail on purpose, which prod and beta require when no URL is set.
const smtpUrl = z
  .string()
  .trim()
  .refine((value) => value === MAIL_DISABLED || (/^smtps?:\/\//.test(value) && URL.canParse(value)), {
    error: `must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example:465, ${MAIL_DISABLED} to run without mail, or unset to keep mail in the outbox`,
  });
const payments = z
  .string()
  .trim()
  .pipe(z.enum(PAYMENT_CHOICES, { error: `must be ${PAYMENT_CHOICES.join(' or ')} (test: the built-in test provider, no money moves; stripe: STRIPE_SECRET_KEY required)` }));
const mailFrom = z
  .string()
  .trim()
  .regex(/^[^\s@<>]+@[^\s@<>]+$|^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/, { error: 'must be an e-mail address, optionally with a name: Clearway <no-reply@clearway.example>' });
const SESSION_DAYS_MESSAGE = 'must be a whole number of days between 1 and 365';
const sessionTtlDays = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/, { error: SESSION_DAYS_MESSAGE })
  .transform(Number)
  .refine((value) => value >= 1 && value <= 365, { error: SESSION_DAYS_MESSAGE });

// REQUIRE_SIGN_IN: true (default) or false for an open kiosk; the usual spellings of yes and no.
const BOOLEAN_WORDS: Record<string, boolean> = { true: true, '1': true, yes: true, on: true, false: false, '0': false, no: false, off: false };
const booleanFlag = z
  .string()
  .trim()
  .transform((value) => value.toLowerCase())
  .refine((value) => value in BOOLEAN_WORDS, { error: 'must be true or false' })
  .transform((value) => BOOLEAN_WORDS[value] === true);

// DEVICES, DEVICES_ANNOUNCE: on or off (the boolean words above are accepted too).
const onOff = z
  .string()
  .trim()
  .transform((value) => value.toLowerCase())
  .refine((value) => value in BOOLEAN_WORDS, { error: 'must be on or off' })
  .transform((value) => BOOLEAN_WORDS[value] === true);

/**
 * TRUST_PROXY, handed to Fastify's `trustProxy`: false (default: X-Forwarded-* ignored, request.ip is
 * the socket's peer), true (trust every hop: only when nothing but the balancer can reach the
 * server) or a comma list of proxy addresses and CIDR ranges (or proxy-addr's names loopback,
 * linklocal, uniquelocal). A hop count is refused: the Fastify in use fails closed on a numeric
 * trustProxy (it then trusts no hop, since a hop count cannot check the immediate peer), so a
 * count would silently do nothing.
 */
export type TrustProxy = boolean | string[];
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
const TRUST_PROXY_MESSAGE = 'must be true, false or a comma list of proxy addresses or CIDR ranges (10.0.0.0/8, ::1); hop counts are not supported, list the balancer addresses';
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): TrustProxy => {
    const word = value.toLowerCase();
    if (word in BOOLEAN_WORDS && !/^\d+$/.test(word)) return BOOLEAN_WORDS[word] === true;
    const entries = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
    if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
    context.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
    return z.NEVER;
  });

/**
 * AUTH_SECRETS_KEY: the key, kept outside the database, for the built-in identity provider's secrets
 * stored in auth_secrets (its signing key, cookie key and web client secret). Required in prod with
 * the built-in provider (deploymentRules.ts). At least 32 characters, the same for every process.
 */
const authSecretsKey = z.string().min(32, { error: 'must be at least 32 characters (for example `openssl rand -base64 32`), the same for every server process' });

const logLevel = z.enum(SERVER_LOG_LEVELS, { error: `must be one of ${SERVER_LOG_LEVELS.join(', ')}` });
const dataChannel = z.enum(DATA_CHANNELS, { error: `must be one of ${DATA_CHANNELS.join(', ')}` });
const version = z
  .string()
  .trim()
  .regex(/^[\w.+-]{1,64}$/, { error: 'must be 1 to 64 letters, digits or . + - _' });

/** Checks an endpoint override with the wire schema itself, so config and protocol cannot disagree. */
function endpointUrl(key: EndpointKey) {
  const socket = DEFAULT_ENDPOINT_PATHS[key].socket;
  const message = socket ? 'must be a ws:// or wss:// URL' : 'must be an http:// or https:// URL';
  return z
    .string()
    .trim()
    .refine((value) => absoluteEndpointMapSchema.shape[key].safeParse(value).success, { error: message })
    // The endpoint map's HTTP roots end without a slash; paths are appended to them.
    .transform((value) => value.replace(/(?<!\/)\/+$/, ''));
}

/** The ENDPOINT_* overrides, one per protocol endpoint key, keyed by variable name. */
export const endpointOverridesSchema = z.object(
  Object.fromEntries(ENDPOINT_KEYS.map((key) => [endpointVariable(key), optional(endpointUrl(key))])),
);

/** The environment variables the server reads (besides ENDPOINT_*), each parsed to its typed value (undefined if unset). */
export const variablesSchema = z.object({
  PORT: optional(port),
  HOST: optional(host),
  CLEARWAY_ENV: optional(environment),
  CLEARWAY_VERSION: optional(version),
  PUBLIC_ORIGIN: optional(publicOrigin),
  ALLOWED_HOSTS: optional(allowedHosts),
  DATABASE_URL: optional(databaseUrl),
  REDIS_URL: optional(redisUrl),
  SQLITE_PATH: optional(filePath),
  LOG_LEVEL: optional(logLevel),
  WEB_DIST: optional(filePath),
  DATA_CHANNEL: optional(dataChannel),
  NAVDATA_DIR: optional(filePath),
  CHARTS_DIR: optional(filePath),
  // Region packs (packs/): where they are built and served, the elevation cells they take terrain
  // from, and the chart cycle of the tiles in CHARTS_DIR (default: the cycle in force at build time).
  PACKS_DIR: optional(filePath),
  TERRAIN_DIR: optional(filePath),
  CHARTS_CYCLE: optional(z.string().trim().superRefine((id, context) => {
    const problem = chartCycleProblem(id);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  })),
  WEATHER_SOURCE: optional(weatherSource),
  WEATHER_AWC_URL: optional(weatherAwcUrl),
  WX_IMAGERY_SOURCES: optional(imagerySources),
  OIDC_ISSUER_URL: optional(oidcIssuerUrl),
  OIDC_CLIENT_ID: optional(oidcClientText),
  OIDC_CLIENT_SECRET: optional(oidcClientText),
  SMTP_URL: optional(smtpUrl),
  PAYMENTS: optional(payments),
  MAIL_FROM: optional(mailFrom),
  SESSION_TTL_DAYS: optional(sessionTtlDays),
  REQUIRE_SIGN_IN: optional(booleanFlag),
  TRUST_PROXY: optional(trustProxy),
  AUTH_SECRETS_KEY: optional(authSecretsKey),
  // The devices bridge (devices/): GDL90 from ADS-B receivers on UDP, streamed to the app on /ws/devices.
  DEVICES: optional(onOff),
  DEVICES_GDL90_PORT: optional(port),
  DEVICES_HOST: optional(host),
  DEVICES_ANNOUNCE: optional(onOff),
});

/** Variables whose values must not be echoed in error messages (they may hold passwords). */
export const SECRET_VARIABLES: ReadonlySet<string> = new Set(['DATABASE_URL', 'REDIS_URL', 'OIDC_CLIENT_SECRET', 'SMTP_URL', 'AUTH_SECRETS_KEY']);

/** Variables holding source addresses that may carry a key (in the password or the query): every address in them is shown through redactAddresses. */
export const ADDRESS_VARIABLES: ReadonlySet<string> = new Set(['WX_IMAGERY_SOURCES']);

/**
 * Every http(s) address in `text` with its password and its query values replaced by `***`
 * (`https://user:***@host/path?key=***&size=***`): an image source's address often carries an API
 * key, and a configuration message or log line must not repeat it, while host and path stay readable.
 */
export function redactAddresses(text: string): string {
  return text.replace(/https?:\/\/[^\s"'<>\\]+/gi, (address) => {
    const [beforeQuery = '', query] = address.split(/\?(.*)/s, 2);
    const base = redactSecret(beforeQuery);
    if (query === undefined) return base;
    const [params = '', fragment] = query.split(/#(.*)/s, 2);
    const hidden = params
      .split('&')
      .map((pair) => (pair.includes('=') ? `${pair.slice(0, pair.indexOf('='))}=***` : pair === '' ? pair : '***'))
      .join('&');
    return `${base}?${hidden}${fragment === undefined ? '' : `#${fragment}`}`;
  });
}

/** Replaces the password of a URL-like string with `***`, leaving it readable otherwise. */
export function redactSecret(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, '$1:***@');
}

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_KEYS, endpointMapSchema, sameOriginEndpoints } from '@clearway/protocol';
import { ConfigError, describeDatabase, loadConfig } from './loadConfig.js';
import { endpointVariable } from './variables.js';

// The repo root found independently of the code under test: apps/server/src/config -> four up.
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url)).replace(/\/$/, '');
const rootVersion = (JSON.parse(readFileSync(`${repoRoot}/package.json`, 'utf8')) as { version: string }).version;

/** The ConfigError that loading `env` throws. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be rejected`);
}

describe('loadConfig defaults', () => {
  it('serves everything from one process on localhost:8080 with SQLite under var/', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      env: 'localhost',
      version: rootVersion,
      publicOrigin: 'http://localhost:8080',
      publicOriginFixed: false,
      allowedHosts: [],
      database: { dialect: 'sqlite', path: `${repoRoot}/var/clearway.db` },
      logLevel: 'info',
      webDist: `${repoRoot}/apps/web/dist`,
      dataChannel: 'dev',
      navdataDir: `${repoRoot}/var/navdata`,
      chartsDir: undefined,
      packs: { dir: `${repoRoot}/var/packs`, terrainDir: undefined, chartsCycle: undefined },
      weather: { source: { kind: 'off' }, imagery: [] },
      endpoints: sameOriginEndpoints(),
      repoRoot,
      auth: { issuer: { kind: 'builtin' }, smtpUrl: undefined, mailDisabled: false, mailFrom: 'Clearway <no-reply@localhost>', sessionTtlDays: 30 },
      requireSignIn: true,
      trustProxy: false,
      billing: { trialDays: 30, stripe: null, paymentRateLimitPerMinute: 10, zendesk: null, helpCentreSecret: null },
      devices: { enabled: true, gdl90Port: 4000, host: '0.0.0.0', announce: true },
      plates: { dir: `${repoRoot}/var/plates`, packsMaxBytes: 20_480 * 1_048_576, source: { kind: 'off' } },
      notams: { kind: 'off' },
      xplane: { enabled: true, listenHost: '0.0.0.0', hosts: [], listenPort: 49008, beacon: true, webApi: true, fmsDir: null },
      stratux: { url: null },
      geoip: { providerUrl: null, ratePer10Min: 10 },
      telemetry: { logForwardUrl: null, logForwardBatch: 100, analyticsRetentionDays: 90, logRetentionDays: 30 },
    });
    expect(endpointMapSchema.parse(config.endpoints)).toEqual(config.endpoints);
  });

  it('puts the default public origin on the configured port', () => {
    const config = loadConfig({ PORT: '9123', HOST: '127.0.0.1' });
    expect(config.port).toBe(9123);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicOrigin).toBe('http://localhost:9123');
    // Endpoints are paths on whatever origin the page was opened at, not on the default public origin.
    expect(config.endpoints.profileSocket).toBe('/ws/profile');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', CLEARWAY_ENV: '', DATABASE_URL: '', LOG_LEVEL: '' })).toEqual(loadConfig({}));
  });

  it('takes the version from CLEARWAY_VERSION over package.json', () => {
    expect(loadConfig({ CLEARWAY_VERSION: '2.3.4-rc.1' }).version).toBe('2.3.4-rc.1');
  });
});

describe('loadConfig environments', () => {
  // prod and beta start only with payments and mail chosen (deploymentRules.test.ts); chosen here on purpose.
  const LIVE_CHOICES = { PAYMENTS: 'test', SMTP_URL: 'disabled', HELP_CENTRE_SECRET: 'h'.repeat(32), PUBLIC_ORIGIN: 'https://clearway.example', AUTH_SECRETS_KEY: 'k'.repeat(32) };

  it.each([
    ['prod', 'prod', 'current'],
    ['beta', 'beta', 'next'],
    ['dev', 'dev', 'dev'],
    ['hybrid', 'dev', 'dev'],
    ['qa', 'qa', 'dev'],
    ['test', 'qa', 'dev'],
    ['stratux', 'stratux', 'current'],
  ])('CLEARWAY_ENV=%s is %s with the %s data channel', (value, env, channel) => {
    const config = loadConfig({ CLEARWAY_ENV: value, ...LIVE_CHOICES });
    expect(config.env).toBe(env);
    expect(config.dataChannel).toBe(channel);
  });

  it('lets DATA_CHANNEL override the environment default', () => {
    expect(loadConfig({ CLEARWAY_ENV: 'prod', DATA_CHANNEL: 'next', ...LIVE_CHOICES }).dataChannel).toBe('next');
  });
});

describe('loadConfig endpoints', () => {
  it('has one ENDPOINT_* variable per protocol endpoint', () => {
    expect(ENDPOINT_KEYS.map(endpointVariable)).toEqual([
      'ENDPOINT_MAIN_SITE',
      'ENDPOINT_PROFILE_REST',
      'ENDPOINT_PROFILE_SOCKET',
      'ENDPOINT_VERSION_SOCKET',
      'ENDPOINT_WEATHER_ROOT',
      'ENDPOINT_TILE_SERVER',
      'ENDPOINT_DOWNLOAD_ROOT_DEV',
      'ENDPOINT_DOWNLOAD_ROOT_NEXT',
      'ENDPOINT_DOWNLOAD_ROOT_CURRENT',
      'ENDPOINT_WEATHER_SOCKET',
      'ENDPOINT_LIVE_TRAFFIC_SOCKET',
      'ENDPOINT_LOGGING',
      'ENDPOINT_FLIGHT_SERVICE_ROOT',
    ]);
  });

  it('keeps every endpoint on the page\'s own origin with PUBLIC_ORIGIN too (it only fixes absolute addresses)', () => {
    const config = loadConfig({ PUBLIC_ORIGIN: 'https://clearway.example/' });
    expect(config.publicOrigin).toBe('https://clearway.example');
    expect(config.publicOriginFixed).toBe(true);
    expect(config.endpoints).toEqual(sameOriginEndpoints());
  });

  it('reads ALLOWED_HOSTS as lower-case names and addresses, and names a bad entry', () => {
    expect(loadConfig({ ALLOWED_HOSTS: ' Clearway.LAN, *.hangar.lan,203.0.113.7, [2001:db8::1] ' }).allowedHosts).toEqual(['clearway.lan', '*.hangar.lan', '203.0.113.7', '2001:db8::1']);
    for (const bad of ['http://clearway.lan', 'clearway.lan:8080', 'clear way', 'a..b', '*']) {
      const problem = configError({ ALLOWED_HOSTS: bad }).problems[0];
      expect(problem?.variable, bad).toBe('ALLOWED_HOSTS');
      expect(problem?.message, bad).toMatch(/^must be a comma list of host names or IP addresses without scheme or port/);
    }
  });

  it('moves single endpoints elsewhere and drops trailing slashes', () => {
    const config = loadConfig({
      ENDPOINT_PROFILE_REST: 'https://api.clearway.example/v1/',
      ENDPOINT_LIVE_TRAFFIC_SOCKET: 'wss://traffic.clearway.example/feed',
      ENDPOINT_DOWNLOAD_ROOT_CURRENT: 'https://cdn.clearway.example/current',
    });
    expect(config.endpoints.profileRest).toBe('https://api.clearway.example/v1');
    expect(config.endpoints.liveTrafficSocket).toBe('wss://traffic.clearway.example/feed');
    expect(config.endpoints.downloadRootCurrent).toBe('https://cdn.clearway.example/current');
    expect(config.endpoints.weatherRoot).toBe('/wx');
  });

  it('rejects a socket URL for an HTTP endpoint and an HTTP URL for a socket', () => {
    const error = configError({ ENDPOINT_PROFILE_REST: 'wss://api.example', ENDPOINT_WEATHER_SOCKET: 'https://wx.example' });
    expect(error.problems).toEqual([
      { variable: 'ENDPOINT_PROFILE_REST', message: 'must be an http:// or https:// URL (got "wss://api.example")' },
      { variable: 'ENDPOINT_WEATHER_SOCKET', message: 'must be a ws:// or wss:// URL (got "https://wx.example")' },
    ]);
  });
});

describe('loadConfig billing', () => {
  it('reads the billing variables into config.billing', () => {
    const config = loadConfig({ TRIAL_DAYS: '14', PAYMENT_RATE_LIMIT: '3', STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PRODUCT_ID: 'prod_X1' });
    expect(config.billing).toMatchObject({ trialDays: 14, paymentRateLimitPerMinute: 3, stripe: { secretKey: 'sk_test_abc', productId: 'prod_X1', publishableKey: null, webhookSecret: null } });
  });

  it('names a bad billing variable beside the other bad ones, without echoing a secret', () => {
    const error = configError({ PORT: 'abc', TRIAL_DAYS: 'soon', STRIPE_SECRET_KEY: 'not-a-key-secret' });
    expect(error.problems.map((problem) => problem.variable)).toEqual(['PORT', 'TRIAL_DAYS', 'STRIPE_SECRET_KEY']);
    expect(error.message).toContain('TRIAL_DAYS must be a whole number from 1 to 3650');
    expect(error.message).not.toContain('not-a-key-secret');
  });
});

describe('loadConfig databases', () => {
  it.each(['postgres://clearway:pw@db.internal:5432/clearway', 'postgresql://db.internal/clearway'])('uses PostgreSQL for %s', (url) => {
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ dialect: 'postgres', url });
  });

  it('resolves a relative SQLITE_PATH from the repo root and keeps absolute ones', () => {
    expect(loadConfig({ SQLITE_PATH: 'var/other.db' }).database).toEqual({ dialect: 'sqlite', path: `${repoRoot}/var/other.db` });
    expect(loadConfig({ SQLITE_PATH: '/srv/clearway/db.sqlite' }).database).toEqual({ dialect: 'sqlite', path: '/srv/clearway/db.sqlite' });
    expect(loadConfig({ SQLITE_PATH: ':memory:' }).database).toEqual({ dialect: 'sqlite', path: ':memory:' });
  });

  it('resolves a relative WEB_DIST from the repo root', () => {
    expect(loadConfig({ WEB_DIST: 'build/web' }).webDist).toBe(`${repoRoot}/build/web`);
  });

  it('takes CHARTS_CYCLE only as a chart cycle effective date', () => {
    expect(loadConfig({ CHARTS_CYCLE: '2026-07-09' }).packs.chartsCycle).toBe('2026-07-09');
    expect(() => loadConfig({ CHARTS_CYCLE: '2026-07-10' })).toThrow(/CHARTS_CYCLE 2026-07-10 is not a chart cycle's effective date .*2026-07-09 and 2026-09-03 are/);
  });

  it('resolves a relative NAVDATA_DIR from the repo root and keeps absolute ones', () => {
    expect(loadConfig({ NAVDATA_DIR: 'data/nav' }).navdataDir).toBe(`${repoRoot}/data/nav`);
    expect(loadConfig({ NAVDATA_DIR: '/srv/clearway/navdata' }).navdataDir).toBe('/srv/clearway/navdata');
    expect(loadConfig({ CHARTS_DIR: 'data/charts' }).chartsDir).toBe(`${repoRoot}/data/charts`);
    expect(loadConfig({ CHARTS_DIR: '' }).chartsDir).toBeUndefined();
    expect(loadConfig({ PACKS_DIR: 'data/packs', TERRAIN_DIR: '/srv/terrain' }).packs).toEqual({ dir: `${repoRoot}/data/packs`, terrainDir: '/srv/terrain', chartsCycle: undefined });
  });

  it('reads WEATHER_SOURCE: awc (WEATHER_AWC_URL), off or a folder from the repo root; unset is awc only live', () => {
    expect(loadConfig({ WEATHER_SOURCE: 'data/weather' }).weather.source).toEqual({ kind: 'path', dir: `${repoRoot}/data/weather` });
    expect(loadConfig({ WEATHER_SOURCE: '/srv/weather' }).weather.source).toEqual({ kind: 'path', dir: '/srv/weather' });
    expect(loadConfig({ WEATHER_SOURCE: 'awc' }).weather.source).toEqual({ kind: 'awc', baseUrl: 'https://aviationweather.gov' });
    expect(loadConfig({ WEATHER_SOURCE: 'awc', WEATHER_AWC_URL: 'http://127.0.0.1:9/' }).weather.source).toEqual({ kind: 'awc', baseUrl: 'http://127.0.0.1:9' });
    expect(loadConfig({ WEATHER_SOURCE: 'off' }).weather.source).toEqual({ kind: 'off' });
    expect(loadConfig({ CLEARWAY_ENV: 'qa' }).weather.source).toEqual({ kind: 'off' });
    expect(configError({ WEATHER_AWC_URL: 'ftp://x' }).message).toContain('WEATHER_AWC_URL must be the http(s):// base URL');
  });

  it('rejects other database URLs without echoing the password', () => {
    const error = configError({ DATABASE_URL: 'mysql://root:hunter2@db/clearway' });
    expect(error.message).toBe(
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL, or unset to use SQLite (got "mysql://root:***@db/clearway")',
    );
    expect(error.message).not.toContain('hunter2');
  });

  it('describes a database for logs without its password', () => {
    expect(describeDatabase({ dialect: 'postgres', url: 'postgres://clearway:secret@db:5432/app' })).toBe('postgres://clearway:***@db:5432/app');
    expect(describeDatabase({ dialect: 'sqlite', path: '/tmp/x.db' })).toBe('sqlite:/tmp/x.db');
  });
});

describe('loadConfig errors', () => {
  it('names PORT and says what is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(
      new ConfigError([{ variable: 'PORT', message: 'must be an integer between 1 and 65535 (got "abc")' }]),
    );
    expect(configError({ PORT: 'abc' }).message).toBe(
      'Invalid configuration: PORT must be an integer between 1 and 65535 (got "abc")',
    );
  });

  it.each([
    ['PORT', '0', 'must be an integer between 1 and 65535'],
    ['PORT', '65536', 'must be an integer between 1 and 65535'],
    ['PORT', '80.5', 'must be an integer between 1 and 65535'],
    ['HOST', 'http://0.0.0.0', 'must be a host name or IP address'],
    ['CLEARWAY_ENV', 'production', 'must be one of prod, beta, dev, qa, localhost, lite, stratux, hybrid, test'],
    ['CLEARWAY_VERSION', 'one two', 'must be 1 to 64 letters'],
    ['PUBLIC_ORIGIN', 'clearway.example', 'must be an http:// or https:// origin'],
    ['PUBLIC_ORIGIN', 'https://clearway.example/app', 'must be an http:// or https:// origin'],
    ['PUBLIC_ORIGIN', 'ftp://clearway.example', 'must be an http:// or https:// origin'],
    ['DATABASE_URL', 'sqlite:var/x.db', 'must be a postgres:// or postgresql:// URL'],
    ['DATABASE_URL', 'file:///srv/clearway.db', 'must be a postgres:// or postgresql:// URL'],
    ['LOG_LEVEL', 'verbose', 'must be one of fatal, error, warn, info, debug, trace, silent'],
    ['DATA_CHANNEL', 'stable', 'must be one of current, next, dev'],
    ['ENDPOINT_TILE_SERVER', 'not a url', 'must be an http:// or https:// URL'],
    ['ENDPOINT_VERSION_SOCKET', 'tcp://version.example:9000', 'must be a ws:// or wss:// URL'],
  ])('names %s=%s', (variable, value, message) => {
    const error = configError({ [variable]: value });
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]?.variable).toBe(variable);
    expect(error.message).toContain(`Invalid configuration: ${variable} ${message}`);
    expect(error.message).toContain(`(got ${JSON.stringify(value)})`);
  });

  it('lists every bad variable at once', () => {
    const error = configError({ PORT: 'x', LOG_LEVEL: 'loud', ENDPOINT_LOGGING: 'wss://logs.example', HOST: '127.0.0.1' });
    expect(error.problems.map((problem) => problem.variable)).toEqual(['PORT', 'LOG_LEVEL', 'ENDPOINT_LOGGING']);
    expect(error.message).toMatch(/^Invalid configuration: PORT .*; LOG_LEVEL .*; ENDPOINT_LOGGING .*$/);
  });
});

describe('loadConfig realtime', () => {
  it('uses the in-process hub unless REDIS_URL is set', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@cache.internal:6380/2' }).redisUrl).toBe('rediss://:pw@cache.internal:6380/2');
  });

  it('rejects a REDIS_URL that is not redis:// or rediss:// without echoing the password', () => {
    const error = configError({ REDIS_URL: 'http://user:hunter2@cache.internal:6379' });
    expect(error.message).toBe(
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL (realtime fan-out between server processes), or unset for the in-process hub (got "http://user:***@cache.internal:6379")',
    );
    expect(configError({ REDIS_URL: 'cache.internal:6379' }).problems[0]?.variable).toBe('REDIS_URL');
  });
});

describe('loadConfig sign-in', () => {
  it('uses an external issuer when all three OIDC_* variables are set', () => {
    const config = loadConfig({
      OIDC_ISSUER_URL: 'https://login.example/tenant/',
      OIDC_CLIENT_ID: 'clearway',
      OIDC_CLIENT_SECRET: 's3cret',
    });
    expect(config.auth.issuer).toEqual({ kind: 'external', url: 'https://login.example/tenant', clientId: 'clearway', clientSecret: 's3cret' });
  });

  it('names the missing OIDC_* variables when only some are set, without echoing the secret', () => {
    const error = configError({ OIDC_ISSUER_URL: 'https://login.example', OIDC_CLIENT_SECRET: 'hunter2' });
    expect(error.problems.map((problem) => problem.variable)).toEqual(['OIDC_CLIENT_ID']);
    expect(error.message).toContain('OIDC_CLIENT_ID must be set too when OIDC_ISSUER_URL and OIDC_CLIENT_SECRET are set');
    expect(error.message).not.toContain('hunter2');
  });

  it('reads SMTP_URL, MAIL_FROM and SESSION_TTL_DAYS', () => {
    const config = loadConfig({
      PUBLIC_ORIGIN: 'https://clearway.example',
      SMTP_URL: 'smtps://mailer:pw@smtp.example:465',
      MAIL_FROM: 'Clearway <hello@clearway.example>',
      SESSION_TTL_DAYS: '7',
    });
    expect(config.auth).toEqual({
      issuer: { kind: 'builtin' },
      smtpUrl: 'smtps://mailer:pw@smtp.example:465',
      mailDisabled: false,
      mailFrom: 'Clearway <hello@clearway.example>',
      sessionTtlDays: 7,
    });
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://clearway.example' }).auth.mailFrom).toBe('Clearway <no-reply@clearway.example>');
  });

  it.each([
    ['OIDC_ISSUER_URL', 'login.example', 'must be the https:// URL of an OpenID Connect issuer'],
    ['SMTP_URL', 'mail.example:25', 'must be an smtp:// or smtps:// URL'],
    ['MAIL_FROM', 'not an address', 'must be an e-mail address'],
    ['SESSION_TTL_DAYS', '0', 'must be a whole number of days between 1 and 365'],
    ['SESSION_TTL_DAYS', '400', 'must be a whole number of days between 1 and 365'],
  ])('names %s=%s', (variable, value, message) => {
    const error = configError({ [variable]: value });
    expect(error.problems[0]?.variable).toBe(variable);
    expect(error.message).toContain(`Invalid configuration: ${variable} ${message}`);
  });

  it('reads TRUST_PROXY: off by default, true, or a list of addresses and CIDRs (no hop counts)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1, fd00::/8,loopback' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['maybe', '0', '2', '10.0.0.0/33', '300.1.1.1', '10.0.0.1, proxy.example', 'fd00::/129']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be true, false or a comma list/);
    }
  });

  it('reads REQUIRE_SIGN_IN (default true; false for an open kiosk)', () => {
    expect(loadConfig({}).requireSignIn).toBe(true);
    expect(loadConfig({ REQUIRE_SIGN_IN: '' }).requireSignIn).toBe(true);
    expect(loadConfig({ REQUIRE_SIGN_IN: 'false' }).requireSignIn).toBe(false);
    expect(loadConfig({ REQUIRE_SIGN_IN: 'No' }).requireSignIn).toBe(false);
    expect(loadConfig({ REQUIRE_SIGN_IN: '0' }).requireSignIn).toBe(false);
    expect(loadConfig({ REQUIRE_SIGN_IN: 'TRUE' }).requireSignIn).toBe(true);
    const error = configError({ REQUIRE_SIGN_IN: 'maybe' });
    expect(error.message).toContain('Invalid configuration: REQUIRE_SIGN_IN must be true or false (got "maybe")');
  });

  it('does not echo the SMTP password in an error', () => {
    const error = configError({ SMTP_URL: 'http://mailer:hunter2@smtp.example' });
    expect(error.message).toContain('(got "http://mailer:***@smtp.example")');
  });
});

import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import type { ColumnType, Kysely } from 'kysely';

/** SQL dialects the server runs on; every migration and query works on both. */
export type DatabaseDialect = 'sqlite' | 'postgres';

/**
 * One forwarded client log entry (spec part 1 §3 "Log entry", §7 logging call). The entry's
 * searchable fields are columns; the whole entry is kept as JSON text in `entry`.
 */
export interface ClientLogsTable {
  /** Random UUID made by the server, so any number of processes can insert without coordination. */
  id: string;
  /** When the server stored it: timestamptz on PostgreSQL (read as Date), ISO 8601 text on SQLite. */
  received_at: ColumnType<Date | string, string, never>;
  /** The UTC day of the log index path, YYYY-MM-DD. */
  day: string;
  level: string;
  message: string;
  /** The device id of the sender. */
  uuid: string;
  env: string;
  cust_id: string | null;
  version: string;
  os: string;
  stack: string | null;
  /** Latitude, degrees north. */
  lat: number | null;
  /** Longitude, degrees east. */
  lon: number | null;
  /** The whole validated entry as JSON text. */
  entry: string;
  /** When it was sent to LOG_FORWARD_URL, ms since the epoch; null until then (migration 0013, telemetry/logForward.ts). */
  forwarded_at: ColumnType<number | string | null, number | null | undefined, number | null>;
}

/** One product analytics event (migration 0013_telemetry, telemetry/analyticsStore.ts). */
export interface AnalyticsEventsTable {
  /** Random UUID made by the server. */
  id: string;
  /** When the server stored it, ms since the epoch. */
  received_at: ColumnType<number | string, number, never>;
  /** When it happened on the device, ms since the epoch. */
  event_at: ColumnType<number | string, number, never>;
  /** UTC day of event_at, YYYY-MM-DD. */
  day: string;
  /** Event name, e.g. `page_view`. */
  name: string;
  /** The device id of the sender. */
  uuid: string;
  /** The session's customer. */
  cust_id: string;
  version: string;
  env: string;
  /** The event's properties as JSON text, null when it had none. */
  props: string | null;
}

/** A bigint column: PostgreSQL hands it back as a string, SQLite as a number; written as a number. */
type BigintColumn = ColumnType<number | string, number, number>;

/**
 * One synchronised record of one customer's prefs table (spec part 1 §4, §7 sync): the server's
 * copy, merged by @clearway/sync. Tombstones (deleted = 1) are kept.
 */
export interface SyncRecordsTable {
  cust_id: string;
  /** The sync table (SYNC_TABLES), e.g. fav_airports. */
  table_name: string;
  /** The record key within the table (syncRecordKey): code, tail, flight_id, or the table name. */
  record_key: string;
  /** Server-assigned global id. */
  gid: string;
  /** Last change on a device, ms since the epoch. */
  ts: BigintColumn;
  /** 1 when soft-deleted, else 0. */
  deleted: number;
  /** The record's other fields as JSON text. */
  payload: string;
  /** When the server stored this version, ms since the epoch; a request's `since` compares to it. */
  server_ts: BigintColumn;
}

/** A device that has synced for a customer (spec part 1 §9: up to 4 devices per subscription). */
export interface SyncDevicesTable {
  cust_id: string;
  /** The device's prefs `uuid`. */
  uuid: string;
  /** First and last sync, ms since the epoch. */
  first_seen: BigintColumn;
  last_seen: BigintColumn;
  /** The session (auth_sessions.id_hash) the device id is bound to since its first sync; null before migration 0006. */
  session_id: string | null;
}

/** Per customer, the sync records and payload bytes stored (migration 0006; the sync quota). */
export interface SyncUsageTable {
  cust_id: string;
  records: BigintColumn;
  bytes: BigintColumn;
}

/**
 * One customer's licence state (spec part 1 §3 login profile, §4 "License state"): the free trial
 * and the current purchase. Times are ms since the epoch; null when not set.
 */
export interface BillingCustomersTable {
  cust_id: string;
  /** The e-mail last seen in the customer's session (for the provider's customer record). */
  email: string;
  /** The account uuid of the login profile, made once. */
  uuid: string;
  trial_started_at: BigintColumn | null;
  trial_expires_at: BigintColumn | null;
  /** standard_monthly or standard_annual; null before the first purchase. */
  sku: string | null;
  purchase_expires_at: BigintColumn | null;
  /** 1 while the subscription auto-renews, else 0. */
  renewing: number;
  /** Payment provider of the purchase: 'stripe' or 'test'. */
  api: string | null;
  /** The provider's subscription id of the purchase. */
  subscription_id: string | null;
  /** The provider's customer id (Stripe `cus_...`), made at the first get_key. */
  provider_customer_id: string | null;
  created_at: BigintColumn;
  updated_at: BigintColumn;
}

/** A subscription started by get_key, so checkout and webhooks can find its customer and plan. */
export interface BillingSubscriptionsTable {
  subscription_id: string;
  cust_id: string;
  /** 'stripe' or 'test'. */
  provider: string;
  sku: string;
  /** incomplete, active, past_due or canceled. */
  status: string;
  created_at: BigintColumn;
  updated_at: BigintColumn;
}

/** A payment provider webhook event already handled, keyed by the provider's event id (idempotency). */
export interface BillingEventsTable {
  event_id: string;
  type: string;
  received_at: BigintColumn;
}

/** A user of the built-in identity provider (spec part 1 §4 "Sign-in"). */
export interface AuthUsersTable {
  /** Random id; the OIDC `sub`. */
  id: string;
  /** Lower-cased, unique. */
  email: string;
  /** `scrypt$N$r$p$salt$hash` (base64url), see auth/passwords.ts. */
  password_hash: string;
  /** 1 once the address is confirmed by the link in the verification mail. */
  email_verified: number;
  full_name: string;
  created_at: BigintColumn;
}

/** A one-time e-mail link token (verification or password reset), stored as its SHA-256. */
export interface AuthEmailTokensTable {
  token_hash: string;
  user_id: string;
  /** 'verify' or 'reset'. */
  purpose: string;
  expires_at: BigintColumn;
  used_at: BigintColumn | null;
}

/** A mail to send (logged in development, sent by SMTP when configured). */
export interface AuthOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  /** 'verify' or 'reset'. */
  kind: string;
  created_at: BigintColumn;
  /** When SMTP accepted it; null while only in the outbox. */
  sent_at: BigintColumn | null;
}

/** oidc-provider's stored models (sessions, interactions, codes, grants ...), one JSON payload each. */
export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: BigintColumn | null;
  consumed_at: BigintColumn | null;
}

/** A customer made by find_or_create from a verified ID token e-mail (spec part 1 §7). */
export interface CustomersTable {
  cust_id: string;
  /** Lower-cased, unique. */
  email: string;
  full_name: string;
  created_at: BigintColumn;
}

/** A signed-in browser session; the cookie holds the random id, the table its SHA-256. */
export interface AuthSessionsTable {
  id_hash: string;
  cust_id: string;
  created_at: BigintColumn;
  expires_at: BigintColumn;
}

/** A login started by GET /auth/login: state, nonce and PKCE verifier until the callback. */
export interface AuthPendingLoginsTable {
  id_hash: string;
  state: string;
  nonce: string;
  code_verifier: string;
  expires_at: BigintColumn;
}

/** A failed sign-in (or other limited action) for the rate limit, keyed e.g. `login:<ip>:<email>`. */
export interface AuthAttemptsTable {
  id: string;
  attempt_key: string;
  at: BigintColumn;
}

/** A generated secret shared by every server process (signing keys, cookie keys, client secret). */
export interface AuthSecretsTable {
  name: string;
  value: string;
  created_at: BigintColumn;
}

/** The (issuer, subject) of the ID token that first signed a customer in (migration 0007). */
export interface AuthIdentitiesTable {
  iss: string;
  sub: string;
  cust_id: string;
  created_at: BigintColumn;
}

/** A built-in help-centre token that has been used, by its `jti` (single use; migration 0007). */
export interface HelpTokenUsesTable {
  jti: string;
  expires_at: BigintColumn;
}

/** The last claimed period of one periodic job (jobs/databaseLeases.ts). */
export interface JobLeasesTable {
  job_name: string;
  /** The period claimed: floor(ms since the epoch / the job's period), so each period has one number. */
  period: BigintColumn;
  /** Who claimed it: a random id per JobRunner (one per server process). */
  holder: string;
  /** Until when the claim holds, ms since the epoch: the next period cannot be claimed before (a run still going, or a process that died mid-run). */
  lease_until: BigintColumn;
}

/** One kept image of a weather imagery view (migration 0009_weather_imagery, weather/imagery/store.ts). */
export interface WeatherImageFramesTable {
  /** Catalogue ids (packages/protocol weatherImagery.ts IMAGERY_PRODUCTS). */
  product: string;
  view: string;
  /** `{issued_at}-{first 12 hex of sha256}`. */
  frame_id: string;
  issued_at: BigintColumn;
  /** 'last-modified' or 'fetched'. */
  issued_from: string;
  fetched_at: BigintColumn;
  content_type: string;
  /** png, gif, jpg or webp. */
  ext: string;
  bytes: BigintColumn;
  sha256: string;
  /** Strong ETag (quoted). */
  etag: string;
  body: Buffer;
}

/** The state of one imagery view's source (migration 0009_weather_imagery). */
export interface WeatherImageSourcesTable {
  product: string;
  view: string;
  last_attempt_at: BigintColumn | null;
  last_success_at: BigintColumn | null;
  /** The last failure; null after a success. */
  error: string | null;
  /** JSON {etag?, lastModified?} of the source's last image, for conditional requests. */
  validators: string;
}

/** The latest snapshot of one weather product type (migration 0008_weather, weather/store.ts). */
export interface WeatherSnapshotsTable {
  /** metar, taf, pirep, airmet, fbo, stations (WEATHER_PRODUCT_TYPES). */
  type: string;
  /** When this content was stored, ms since the epoch; changes only when the content does. */
  cycle: BigintColumn;
  /** Strong ETag of the snapshot's JSON (quoted). */
  etag: string;
  /** SHA-256 (hex) of the content without its cycle: equal content keeps the cycle. */
  content_hash: string;
  /** The snapshot JSON, gzip-compressed. */
  body_gzip: Buffer;
  /** Length of the uncompressed JSON, bytes. */
  body_bytes: BigintColumn;
  /** Last successful fetch from the publisher (new content or not), ms since the epoch. */
  fetched_at: BigintColumn;
  /** The publisher's validators per source URL, JSON: {url: {etag?, lastModified?}}. */
  validators: string;
  /** The last ingestion's counts (reports, malformed, unknown stations), JSON. */
  stats: string;
}

/** One NOTAM of the configured source (migration 0010_notams, notams/store.ts). */
export interface NotamsTable {
  /** The source's id (FAA NOTAM API `id`), unique. */
  id: string;
  /** The NOTAM number as published (`07/025`, `4/4895`, `A0184/09`). */
  number: string;
  /** ICAO location (`KOSH`), else the source's location. */
  location: string;
  /** DOM, FDC, INTL, MIL (the source's classification). */
  classification: string;
  /** @clearway/notam's classification: closed-runway, navaid-out, lighting-out, ... */
  kind: string;
  lat: number | null;
  lon: number | null;
  effective_start: BigintColumn | null;
  /** Null: permanent. */
  effective_end: BigintColumn | null;
  /** The stored NOTAM (id, number, text in both formats, times, geometry), JSON. */
  body: string;
  fetched_at: BigintColumn;
}

/** One TFR (migration 0010_notams). */
export interface TfrsTable {
  id: string;
  title: string;
  floor_ft: BigintColumn | null;
  ceiling_ft: BigintColumn | null;
  effective_start: BigintColumn | null;
  effective_end: BigintColumn | null;
  /** GeoJSON geometry (Polygon / MultiPolygon), JSON. */
  geometry: string;
  fetched_at: BigintColumn;
}

/** The last ingestion of each NOTAM / TFR source (migration 0010_notams). */
export interface NotamSourcesTable {
  source: string;
  last_attempt_at: BigintColumn | null;
  last_success_at: BigintColumn | null;
  error: string | null;
  /** Counts of the last ingestion, JSON. */
  stats: string;
}

/** One imported d-TPP cycle (migration 0011_plates, plates/store.ts). */
export interface PlateCyclesTable {
  /** YYCC, e.g. 2002. */
  cycle: string;
  /** Effective from / to, ISO 8601. */
  from_date: string;
  to_date: string;
  /** Where it was read (a folder or the FAA's URL). */
  source: string;
  imported_at: BigintColumn;
  /** 1 once every chart and PDF is in place; only complete cycles are served. */
  complete: number;
  charts: number;
  /** The import's report, JSON (skipped, missing, unknown chart codes). */
  report: string;
}

/** One chart record of a d-TPP cycle (migration 0011_plates). */
export interface PlateChartsTable {
  cycle: string;
  /** ICAO ident (KSFO), or the FAA ident when the airport has none. */
  airport: string;
  faa_ident: string;
  airport_name: string;
  city: string;
  state: string;
  chart_seq: string;
  chart_code: string;
  chart_name: string;
  pdf_name: string;
  proc_uid: string;
  /** A, C, D or ''. */
  user_action: string;
  amendment: string;
  pdf_bytes: BigintColumn;
  pdf_sha256: string;
  /** PlateGeoref JSON, or null. */
  georef: string | null;
}

/** A flight plan as the flight-service provider holds it (migration 0012_flight_service, flightservice/store.ts). */
export interface FlightServicePlansTable {
  cust_id: string;
  flight_id: string;
  /** filed, active, closed or cancelled (@clearway/protocol FLIGHT_PLAN_STATES). */
  state: string;
  provider: string;
  reference: string;
  /** The ICAO FPL message last filed. */
  message: string;
  /** The form last filed, JSON. */
  form: string;
  /** 1 when filed, one more per amendment. */
  version: number;
  created_at: BigintColumn;
  updated_at: BigintColumn;
}

/** Every table the server's migrations create. */
export interface DatabaseSchema {
  client_logs: ClientLogsTable;
  sync_records: SyncRecordsTable;
  sync_devices: SyncDevicesTable;
  sync_usage: SyncUsageTable;
  auth_users: AuthUsersTable;
  auth_email_tokens: AuthEmailTokensTable;
  auth_outbox: AuthOutboxTable;
  oidc_payloads: OidcPayloadsTable;
  customers: CustomersTable;
  auth_sessions: AuthSessionsTable;
  auth_pending_logins: AuthPendingLoginsTable;
  auth_attempts: AuthAttemptsTable;
  auth_secrets: AuthSecretsTable;
  auth_identities: AuthIdentitiesTable;
  help_token_uses: HelpTokenUsesTable;
  billing_customers: BillingCustomersTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_events: BillingEventsTable;
  job_leases: JobLeasesTable;
  weather_snapshots: WeatherSnapshotsTable;
  weather_image_frames: WeatherImageFramesTable;
  weather_image_sources: WeatherImageSourcesTable;
  plate_cycles: PlateCyclesTable;
  plate_charts: PlateChartsTable;
  notams: NotamsTable;
  tfrs: TfrsTable;
  notam_sources: NotamSourcesTable;
  flight_service_plans: FlightServicePlansTable;
  analytics_events: AnalyticsEventsTable;
}

/** An open database: the Kysely query builder plus which dialect it speaks. */
export interface Database {
  readonly kysely: Kysely<DatabaseSchema>;
  readonly dialect: DatabaseDialect;
  /**
   * SQLite only: the better-sqlite3 handle Kysely uses, for hot paths that keep prepared statements
   * (the sync store). Use it only while holding `kysely.connection()`, which serialises the handle.
   */
  readonly sqlite?: BetterSqlite3.Database;
  /**
   * PostgreSQL only: the `pg` pool Kysely uses, for the hot path that sends named (server-side
   * prepared) statements without building queries per request (the sync store).
   */
  readonly pgPool?: pg.Pool;
  /** Where it points, for logs, with any password hidden. */
  readonly target: string;
  /** Closes every connection; the handle is unusable afterwards. Safe to call twice. */
  close(): Promise<void>;
}

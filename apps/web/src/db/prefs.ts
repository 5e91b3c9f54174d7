import { Dexie, type Table } from 'dexie';
import type { DistanceUnit, TemperatureUnit } from '@clearway/geo';
import { LocalWrites } from './localWrites';

/**
 * The local browser database 'prefs' (spec part 1 §3 "Local browser database 'prefs'"). Every
 * synchronised row carries a soft-delete flag and a timestamp; `gid` is the server's id once the row
 * has been synchronised (spec part 1 §4 "Sync record actions").
 */

/** Soft-delete flag: 'F' = present, 'T' = removed (spec part 1 §4 "Favourites and recents"). */
export type DeletedFlag = 'F' | 'T';

/** Milliseconds since the Unix epoch. */
export type EpochMs = number;

/** fav_airports and recent_airports. */
export interface AirportListRow {
  /** Airport code, e.g. 'KHWD'. */
  code: string;
  deleted: DeletedFlag;
  ts: EpochMs;
  gid?: string;
}

/** searches: recent search texts, `code` uppercased (spec part 1 §5). */
export interface SearchRow {
  code: string;
  deleted: DeletedFlag;
  ts: EpochMs;
  gid?: string;
}

/** routes: saved routes keyed by their final route string (part 2 calls it `code`). */
export interface RouteRow {
  final_string: string;
  deleted: DeletedFlag;
  ts: EpochMs;
  gid?: string;
}

/** models: stored aircraft profiles by tail number (part 2 §3 "Stored model record"). */
export interface ModelRow {
  /** Tail number, stored uppercase. */
  tail: string;
  ts: EpochMs;
  deleted: DeletedFlag;
  gid?: string;
  /** The rest of the aircraft profile; its fields are typed by the aircraft profile feature. */
  [profileField: string]: unknown;
}

/** Approach plate info as the plate screen stores it. */
export interface PlateInfo {
  ident: string;
  name: string;
  [field: string]: unknown;
}

/** fav_plates and recent_plates: `code` is the plate's PDF name. */
export interface PlateListRow {
  code: string;
  info: PlateInfo;
  deleted: DeletedFlag;
  ts: EpochMs;
  gid?: string;
}

/** flight_plans: flight-service flight plans. */
export interface FlightPlanRow {
  flight_id: string;
  ts: EpochMs;
  deleted: DeletedFlag;
  gid?: string;
  [field: string]: unknown;
}

/** The property keys of spec part 1 §3 "Property keys" ("platform info" is stored as `platform`). */
export const SPEC_PROPERTY_KEYS = [
  'uuid',
  'utm_params',
  'platform',
  'login_profile',
  'sync_ts',
  'route',
  'profile',
  'geoip_info',
  'sync_map_views',
  'splitHorizontal',
  'splitVertical',
  'viewOneId',
  'viewTwoId',
  'landscape',
  'performance_mode',
  'airport_id',
  'welcomeComplete',
] as const;

/** The preference keys of spec part 2 §3 "Units" ("Preference keys stored"). */
export const PREFERENCE_KEYS = ['dark_mode', 'temp_unit', 'distance_unit', 'resume_nav', 'takeoff_threshold'] as const;

/** Clearway's own keys: the weather map layers switched on or off (issue 16, overlaysSlice). */
export const MAP_PROPERTY_KEYS = ['weather_layers'] as const;

/** Clearway's own keys: the sketch pad's drawing (issue 22, features/sketch), kept on this device only. */
export const SKETCH_PROPERTY_KEYS = ['sketch'] as const;

/** Every key the `properties` table may hold. */
export const PREFS_KEYS = [...SPEC_PROPERTY_KEYS, ...PREFERENCE_KEYS, ...MAP_PROPERTY_KEYS, ...SKETCH_PROPERTY_KEYS] as const;
export type PrefsKey = (typeof PREFS_KEYS)[number];

/** The tables that synchronise with the server (spec part 1 §7 "Sync details"): the protocol's list. */
export { SYNC_TABLES, type SyncTable } from '@clearway/protocol';
import type { SyncTable } from '@clearway/protocol';

export interface UtmParams {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
}

/** Device platform details (User-Agent Client Hints where the browser offers them). */
export interface PlatformInfo {
  platform?: string;
  platformVersion?: string;
  architecture?: string;
  bitness?: string;
  model?: string;
}

/** The license response stored after sign-in (spec part 1 §3 "Auth user / login profile"). */
export interface LoginProfile {
  /** 2 = licensed or purchased, 5 = trial not available. */
  code: number;
  trial?: {
    email_id?: string;
    cust_id?: string;
    /** Trial expiry, as the server sends it. */
    expires?: string | number;
    profile?: { full_name?: string; name?: string; nickname?: string; pictureURL?: string };
    purchase?: { sku?: 'standard_monthly' | 'standard_annual'; expires?: string | number; renewing?: boolean; api?: string };
  };
  geoip?: unknown;
  uuid?: string;
}

/** The current route as stored (spec part 1 §3 "Route object"); typed in full by the route feature. */
export interface StoredRoute {
  final_string: string;
  ts: EpochMs;
  [field: string]: unknown;
}

/** The current aircraft profile as stored; typed in full by the aircraft profile feature. */
export interface StoredAircraftProfile {
  tail: string;
  [field: string]: unknown;
}

/** Cached IP geolocation (spec part 1 §3 "geoip_info"). */
export interface GeoipInfo {
  latitude: number;
  longitude: number;
  accuracy?: number;
  timestamp: EpochMs;
  [field: string]: unknown;
}

/** The value type stored under each property key. */
export interface PropertyValues {
  uuid: string;
  utm_params: UtmParams;
  platform: PlatformInfo;
  login_profile: LoginProfile;
  /** Last sync time per table, ms since epoch. */
  sync_ts: Partial<Record<SyncTable, EpochMs>>;
  route: StoredRoute;
  profile: StoredAircraftProfile;
  geoip_info: GeoipInfo;
  sync_map_views: boolean;
  splitHorizontal: boolean;
  splitVertical: boolean;
  /** Id (1 or 2) of the map view in pane one. */
  viewOneId: number;
  /** Id (1 or 2) of the map view in pane two. */
  viewTwoId: number;
  landscape: boolean;
  performance_mode: boolean;
  airport_id: string;
  welcomeComplete: boolean;
  dark_mode: boolean;
  temp_unit: TemperatureUnit;
  distance_unit: DistanceUnit;
  /** Seconds after map panning before navigation resumes; 3600 = Never. */
  resume_nav: number;
  /** Takeoff speed threshold in knots. */
  takeoff_threshold: number;
  /** Weather map layers switched on (true) or off, by overlay id (`wx-metar`, `wx-pirep`, `wx-airmet`). */
  weather_layers: Record<string, boolean>;
  /** The sketch pad's drawing, a versioned record typed by features/sketch (sketchModel.ts SketchDoc). */
  sketch: { version: number; [field: string]: unknown };
}

// Compile-time check that PREFS_KEYS and PropertyValues name exactly the same keys.
type _ExactKeys = [Exclude<PrefsKey, keyof PropertyValues>, Exclude<keyof PropertyValues, PrefsKey>] extends [never, never]
  ? true
  : never;
const _exactKeys: _ExactKeys = true;
void _exactKeys;

/** One row of the properties table. */
export interface PropertyRow<K extends PrefsKey = PrefsKey> {
  key: K;
  ts: EpochMs;
  value: PropertyValues[K];
}

/** What the store needs from the prefs database: typed property reads and writes. */
export interface PropertyStore {
  getProperty<K extends PrefsKey>(key: K): Promise<PropertyValues[K] | undefined>;
  getProperties<K extends PrefsKey>(keys: readonly K[]): Promise<Partial<Pick<PropertyValues, K>>>;
  setProperty<K extends PrefsKey>(key: K, value: PropertyValues[K]): Promise<void>;
  deleteProperty(key: PrefsKey): Promise<void>;
}

export const PREFS_DB_NAME = 'prefs';

/**
 * Schema version 1. Add a new `version(n)` (with an upgrade function when rows change shape) for
 * every change; never edit a published version.
 */
export const PREFS_SCHEMA_V1 = {
  properties: 'key, ts',
  fav_airports: 'code, ts, deleted',
  recent_airports: 'code, ts, deleted',
  searches: 'code, ts, deleted',
  routes: 'final_string, ts, deleted',
  models: 'tail, ts, deleted',
  fav_plates: 'code, ts, deleted',
  recent_plates: 'code, ts, deleted',
  flight_plans: 'flight_id, ts, deleted',
} as const;

export interface PrefsDbOptions {
  /** Clock for `ts` stamps, ms since epoch. */
  now?: () => EpochMs;
  /** Database name; tests may use their own. */
  name?: string;
}

export class PrefsDb extends Dexie implements PropertyStore {
  properties!: Table<PropertyRow, PrefsKey>;
  fav_airports!: Table<AirportListRow, string>;
  recent_airports!: Table<AirportListRow, string>;
  searches!: Table<SearchRow, string>;
  routes!: Table<RouteRow, string>;
  models!: Table<ModelRow, string>;
  fav_plates!: Table<PlateListRow, string>;
  recent_plates!: Table<PlateListRow, string>;
  flight_plans!: Table<FlightPlanRow, string>;

  private readonly now: () => EpochMs;
  private readonly localWrites = new LocalWrites();

  constructor(options: PrefsDbOptions = {}) {
    super(options.name ?? PREFS_DB_NAME);
    this.now = options.now ?? Date.now;
    this.version(1).stores(PREFS_SCHEMA_V1);
    this.use(this.localWrites.middleware);
  }

  /**
   * Calls `listener` with the synchronised table after every save made on this device (a committed
   * write to a synchronised table, or storing the route or profile); the running sync subscribes.
   * @returns the unsubscribe.
   */
  onLocalWrite(listener: (table: SyncTable) => void): () => void {
    return this.localWrites.subscribe(listener);
  }

  /**
   * Runs `apply` in a read-write transaction whose writes are the sync's own (another device's
   * records or the server's gids), so they do not count as saves of this device.
   */
  syncTransaction<T>(tables: Table[], apply: () => Promise<T>): Promise<T> {
    return this.transaction('rw', tables, async (transaction) => {
      this.localWrites.fromSync(transaction.idbtrans);
      return apply();
    });
  }

  /** The stored value of a property, or undefined when it was never set. */
  async getProperty<K extends PrefsKey>(key: K): Promise<PropertyValues[K] | undefined> {
    const row = (await this.properties.get(key)) as PropertyRow<K> | undefined;
    return row?.value;
  }

  /** The stored values of several properties; keys never set are absent from the result. */
  async getProperties<K extends PrefsKey>(keys: readonly K[]): Promise<Partial<Pick<PropertyValues, K>>> {
    const rows = (await this.properties.bulkGet([...keys])) as (PropertyRow<K> | undefined)[];
    const out: Partial<Pick<PropertyValues, K>> = {};
    for (const row of rows) {
      if (row) out[row.key] = row.value;
    }
    return out;
  }

  /** Stores a property with ts = now. */
  async setProperty<K extends PrefsKey>(key: K, value: PropertyValues[K]): Promise<void> {
    const row: PropertyRow<K> = { key, ts: this.now(), value };
    await this.properties.put(row as PropertyRow);
  }

  async deleteProperty(key: PrefsKey): Promise<void> {
    await this.properties.delete(key);
  }
}

// The weather store seen with FIS-B: each snapshot type the app reads (metar, taf, pirep, airmet,
// fbo) merged with what FIS-B brought, where the internet copy is missing or older. Screens and
// layers read the merged entries as they read the store; an entry that came from FIS-B is known by
// `weatherSourceOf(entry) === 'ADS-B'`.
import type { AdvisoryEntry, FbBulletinEntry, MetarEntry, PirepEntry, TafEntry, WeatherProductType, WeatherSnapshotOf } from '@clearway/protocol';
import type { WeatherEntry, WeatherStore } from '../snapshotStore';
import { FISB_TYPES, type FisbType, type FisbWeatherHolder } from './holder';

const fromFisb = new WeakSet<object>();

/** 'ADS-B' for an entry (METAR, TAF, PIREP, advisory, FB bulletin) that came from FIS-B, else 'internet'. */
export function weatherSourceOf(entry: object | null | undefined): 'ADS-B' | 'internet' {
  return entry && fromFisb.has(entry) ? 'ADS-B' : 'internet';
}

const isFisbType = (type: WeatherProductType): type is FisbType => (FISB_TYPES as readonly string[]).includes(type);

type Locate = (id: string) => { lat: number; lon: number } | null;

/** Where a station is: the stations snapshot, else the internet METAR or TAF of the same station. */
function locator(base: WeatherStore): Locate {
  const stations = base.entry('stations').snapshot?.stations ?? [];
  const metars = base.entry('metar').snapshot?.stations ?? [];
  const tafs = base.entry('taf').snapshot?.tafs ?? [];
  const at = new Map<string, { lat: number; lon: number }>();
  for (const t of tafs) if (t.lat !== null && t.lon !== null) at.set(t.id, { lat: t.lat, lon: t.lon });
  for (const m of metars) at.set(m.id, { lat: m.lat, lon: m.lon });
  for (const s of stations) at.set(s.id, { lat: s.lat, lon: s.lon });
  return (id) => at.get(id) ?? null;
}

function mark<T extends object>(entry: T): T {
  fromFisb.add(entry);
  return entry;
}

export interface FisbMergeResult<T extends FisbType> {
  snapshot: WeatherSnapshotOf<T> | null;
  /** FIS-B records used. */
  used: number;
  /** FIS-B METARs/TAFs left out because their station could not be placed. */
  unplaced: number;
}

/** One type's internet snapshot merged with the held FIS-B records (pure but for the ADS-B marks). */
export function mergeFisb<T extends FisbType>(type: T, internet: WeatherSnapshotOf<T> | null, holder: FisbWeatherHolder, locate: Locate): FisbMergeResult<T> {
  let used = 0;
  let unplaced = 0;
  let newest = 0;
  const take = (receivedAt: number) => {
    used += 1;
    newest = Math.max(newest, receivedAt);
  };
  const cycleOf = () => Math.max((internet as { cycle: number } | null)?.cycle ?? 0, newest);
  let snapshot: WeatherSnapshotOf<FisbType> | null = internet;
  switch (type) {
    case 'metar': {
      const byId = new Map<string, MetarEntry>((internet as WeatherSnapshotOf<'metar'> | null)?.stations.map((s) => [s.id, s]) ?? []);
      for (const { record, receivedAt } of holder.records('metar')) {
        const held = byId.get(record.key);
        if (held && held.time >= record.timeMs) continue;
        const place = locate(record.key) ?? record.fallback;
        if (!locate(record.key)) unplaced += 1;
        if (!place) {
          continue;
        }
        byId.set(record.key, mark({ ...record.entry, lat: place.lat, lon: place.lon }));
        take(receivedAt);
      }
      if (used > 0) snapshot = { type: 'metar', cycle: cycleOf(), stations: [...byId.values()] };
      break;
    }
    case 'taf': {
      const byId = new Map<string, TafEntry>((internet as WeatherSnapshotOf<'taf'> | null)?.tafs.map((t) => [t.id, t]) ?? []);
      for (const { record, receivedAt } of holder.records('taf')) {
        const held = byId.get(record.key);
        if (held && held.issued >= record.timeMs) continue;
        const place = locate(record.key) ?? record.fallback;
        if (!locate(record.key)) unplaced += 1;
        // A TAF may go without a position (the protocol allows it): the airport page finds it by id.
        byId.set(record.key, mark({ ...record.entry, lat: place?.lat ?? null, lon: place?.lon ?? null }));
        take(receivedAt);
      }
      if (used > 0) snapshot = { type: 'taf', cycle: cycleOf(), tafs: [...byId.values()] };
      break;
    }
    case 'pirep': {
      const base = (internet as WeatherSnapshotOf<'pirep'> | null)?.reports ?? [];
      const seen = new Set(base.map((r) => `${r.time} ${r.lat.toFixed(2)} ${r.lon.toFixed(2)}`));
      const added: PirepEntry[] = [];
      for (const { record, receivedAt } of holder.records('pirep')) {
        const e = record.entry;
        if (seen.has(`${e.time} ${e.lat.toFixed(2)} ${e.lon.toFixed(2)}`)) continue;
        added.push(mark({ ...e }));
        take(receivedAt);
      }
      if (used > 0) snapshot = { type: 'pirep', cycle: cycleOf(), reports: [...base, ...added] };
      break;
    }
    case 'airmet': {
      const base = (internet as WeatherSnapshotOf<'airmet'> | null)?.advisories ?? [];
      const seen = new Set(base.map((a) => `${a.kind}|${a.id}|${a.validFrom}`));
      const added: AdvisoryEntry[] = [];
      for (const { record, receivedAt } of holder.records('airmet')) {
        if (seen.has(record.key)) continue;
        added.push(mark({ ...record.entry }));
        take(receivedAt);
      }
      if (used > 0) snapshot = { type: 'airmet', cycle: cycleOf(), advisories: [...base, ...added] };
      break;
    }
    case 'fbo': {
      // The winds source uses, per station, the bulletin whose valid time is nearest the query:
      // FIS-B's records stand beside the internet's FB bulletins and win only where they are newer.
      const base = (internet as WeatherSnapshotOf<'fbo'> | null)?.bulletins ?? [];
      const added: FbBulletinEntry[] = [];
      for (const { record, receivedAt } of holder.records('fbo')) {
        added.push(mark({ ...record.entry }));
        take(receivedAt);
      }
      if (used > 0) snapshot = { type: 'fbo', cycle: cycleOf(), bulletins: [...base, ...added] };
      break;
    }
  }
  return { snapshot: snapshot as WeatherSnapshotOf<T> | null, used, unplaced };
}

/**
 * The store with FIS-B merged in. `entry(type)` is the same object until the internet entry, the
 * FIS-B records of the type or (for METAR/TAF) the station positions change. The first FIS-B
 * METAR or TAF that cannot be placed asks the store for the stations snapshot (stored or downloaded).
 */
export function withFisbWeather(base: WeatherStore, holder: FisbWeatherHolder): WeatherStore {
  const cache = new Map<FisbType, { key: unknown[]; entry: WeatherEntry }>();
  let askedStations = false;
  const merged = (type: FisbType): WeatherEntry => {
    const held = base.entry(type) as WeatherEntry;
    if (holder.records(type).length === 0) return held;
    const placeKey = type === 'metar' || type === 'taf' ? [base.entry('stations'), base.entry('metar'), base.entry('taf')] : [];
    const key = [held, holder.version(type), ...placeKey];
    const hit = cache.get(type);
    if (hit && hit.key.length === key.length && hit.key.every((k, i) => k === key[i])) return hit.entry;
    const result = mergeFisb(type, held.snapshot as WeatherSnapshotOf<FisbType> | null, holder, locator(base));
    if (result.unplaced > 0 && !askedStations) {
      askedStations = true;
      void base.want('stations');
    }
    const entry: WeatherEntry = result.used === 0 ? held : { ...held, snapshot: result.snapshot, arrivedAt: held.arrivedAt ?? performance.now(), changedAt: Date.now() };
    cache.set(type, { key, entry });
    return entry;
  };
  const listeners = new Set<(type: WeatherProductType) => void>();
  const emit = (type: WeatherProductType) => {
    for (const listener of [...listeners]) listener(type);
  };
  const offBase = base.subscribe((type) => {
    emit(type);
    // New positions (stations, or an internet METAR/TAF) may place held FIS-B reports.
    if (type === 'stations' || type === 'metar' || type === 'taf') {
      for (const t of ['metar', 'taf'] as const) if (t !== type && holder.records(t).length > 0) emit(t);
    }
  });
  const offHolder = holder.subscribe(emit);
  const entry = (type: WeatherProductType): WeatherEntry => (isFisbType(type) ? merged(type) : (base.entry(type) as WeatherEntry));
  const typed = <T extends WeatherProductType>(_type: T, held: WeatherEntry): WeatherEntry<T> => held as unknown as WeatherEntry<T>;
  return {
    entry: (type) => typed(type, entry(type)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    want: (type) => base.want(type).then(() => typed(type, entry(type))),
    refresh: (type) => base.refresh(type).then(() => typed(type, entry(type))),
    cycleAnnounced: (type, cycle) => base.cycleAnnounced(type, cycle),
    stop() {
      offBase();
      offHolder();
      listeners.clear();
      base.stop();
    },
  };
}

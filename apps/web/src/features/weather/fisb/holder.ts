// What FIS-B has brought, per snapshot type and key (station id for METAR, TAF and winds; time and
// text for a PIREP; kind, id and start for an advisory), the newest record of each key, with the
// time it was received. Memory only: FIS-B repeats its products every few minutes.
import type { FisbRecord } from './decode';

export type FisbType = FisbRecord['type'];
export const FISB_TYPES: readonly FisbType[] = ['metar', 'taf', 'pirep', 'airmet', 'fbo'];

export interface HeldRecord<R extends FisbRecord = FisbRecord> {
  record: R;
  /** Wall clock at reception, ms since the epoch. */
  receivedAt: number;
}

/** Records older than this (by their own time) are dropped on the next add: FIS-B METARs are hourly, TAFs 6-hourly. */
export const FISB_KEEP_MS = 12 * 3_600_000;

/** An advisory past its valid time, or any record more than FISB_KEEP_MS older than `now`. */
function expired(record: FisbRecord, now: number): boolean {
  if (record.type === 'airmet' && record.entry.validTo !== null && record.entry.validTo < now) return true;
  return now - record.timeMs > FISB_KEEP_MS;
}

export class FisbWeatherHolder {
  private readonly held = new Map<FisbType, Map<string, HeldRecord>>(FISB_TYPES.map((t) => [t, new Map()]));
  private readonly versions = new Map<FisbType, number>(FISB_TYPES.map((t) => [t, 0]));
  private readonly listeners = new Set<(type: FisbType) => void>();

  /** Adds records; returns the types that changed (a new key, or a newer record for a key). */
  add(records: readonly FisbRecord[], receivedAt: number): FisbType[] {
    const changed = new Set<FisbType>();
    for (const record of records) {
      if (expired(record, receivedAt)) continue;
      const byKey = this.held.get(record.type)!;
      const before = byKey.get(record.key);
      if (before && before.record.timeMs > record.timeMs) continue;
      if (before && before.record.timeMs === record.timeMs && JSON.stringify(before.record.entry) === JSON.stringify(record.entry)) {
        before.receivedAt = receivedAt;
        continue;
      }
      byKey.set(record.key, { record, receivedAt });
      changed.add(record.type);
    }
    for (const [type, byKey] of this.held) {
      for (const [key, h] of byKey) {
        if (expired(h.record, receivedAt)) {
          byKey.delete(key);
          changed.add(type);
        }
      }
    }
    for (const type of changed) this.versions.set(type, this.version(type) + 1);
    for (const type of changed) for (const listener of [...this.listeners]) listener(type);
    return [...changed];
  }

  records<T extends FisbType>(type: T): HeldRecord<Extract<FisbRecord, { type: T }>>[] {
    return [...this.held.get(type)!.values()] as HeldRecord<Extract<FisbRecord, { type: T }>>[];
  }

  version(type: FisbType): number {
    return this.versions.get(type) ?? 0;
  }

  subscribe(listener: (type: FisbType) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    const types = FISB_TYPES.filter((t) => this.held.get(t)!.size > 0);
    for (const t of types) {
      this.held.get(t)!.clear();
      this.versions.set(t, this.version(t) + 1);
    }
    for (const type of types) for (const listener of [...this.listeners]) listener(type);
  }
}

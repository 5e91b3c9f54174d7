import type { SyncObject } from '@clearway/protocol';

/** A record's fields other than ts, deleted, gid (and the reply's action and table). */
export type SyncPayload = Record<string, unknown>;

/** What decides which of two versions of one record wins: its time, its soft delete, its content. */
export interface RecordVersion {
  /** Last change on a device, ms since the epoch. */
  ts: number;
  deleted: boolean;
  payload: SyncPayload;
}

const NON_PAYLOAD_FIELDS = new Set(['ts', 'deleted', 'gid', 'action', 'table']);

/** Splits a wire record into its version (ts, deleted, payload). */
export function versionOf(record: Readonly<SyncObject> | Readonly<Record<string, unknown>>): RecordVersion {
  const payload: SyncPayload = {};
  for (const [field, value] of Object.entries(record)) {
    if (!NON_PAYLOAD_FIELDS.has(field) && value !== undefined) payload[field] = value;
  }
  return { ts: Number(record.ts), deleted: record.deleted === 'T', payload };
}

/** JSON with object keys sorted at every depth, so equal content gives equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The total order of versions used by the server and the devices alike (last writer wins):
 * the later ts wins; at equal ts a soft delete wins over an update; at equal ts and delete flag
 * the greater canonical JSON of the payload wins, so two devices that wrote in the same millisecond
 * still agree. 0 only for identical versions.
 * @returns negative when a loses to b, positive when a wins, 0 when they are the same version.
 */
export function compareVersions(a: RecordVersion, b: RecordVersion): number {
  if (a.ts !== b.ts) return a.ts < b.ts ? -1 : 1;
  if (a.deleted !== b.deleted) return a.deleted ? 1 : -1;
  const left = canonicalJson(a.payload);
  const right = canonicalJson(b.payload);
  return left === right ? 0 : left < right ? -1 : 1;
}

/**
 * The ts a device stamps on a changed record (spec §4 "saving sets deleted 'F' with a new timestamp"):
 * its clock, but always later than the version it replaces, so two saves within one millisecond
 * (or after a reply stamped by a device whose clock runs ahead) still make the newer one win.
 * @param previous the row being replaced, if any.
 * @param now the device's time, ms since the epoch.
 */
export function nextRecordTs(previous: { ts: number } | undefined, now: number): number {
  return previous === undefined ? now : Math.max(now, previous.ts + 1);
}

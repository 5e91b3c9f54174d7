import { deviceLimitBody, syncProfileRequestSchema, syncRecordKey, type SyncReplyRecord, type SyncTable } from '@clearway/protocol';
import { mergeSync, type StoredSyncRecord } from '@clearway/sync';

/**
 * An in-process sync_profile server for tests, built on the real merge core (@clearway/sync
 * mergeSync, the same function the server's syncStore runs in its transaction): requests are
 * validated with the protocol schema, records kept per table, `{type: table}` announced to the
 * customer's other devices as the realtime hub does. Test-only.
 */
export class FakeSyncServer {
  readonly tables = new Map<SyncTable, Map<string, StoredSyncRecord>>();
  readonly requests: { uuid: string; key: SyncTable; since: number; count: number }[] = [];
  private gid = 0;
  /** Devices listening for `{type: table}`, by uuid. */
  readonly listeners = new Map<string, (table: SyncTable) => void>();
  /** While set, requests wait for it before they are answered (tests of one-at-a-time and time-outs). */
  gate: Promise<void> | null = null;
  /** How many requests are being answered right now, and the most at once. */
  inFlight = 0;
  maxInFlight = 0;

  /** The devices that synced, in order of first sync (the server's `sync_devices`). */
  readonly devices = new Set<string>();
  /**
   * When set, a device not seen before beyond this many gets the server's 403 device-limit refusal
   * (the protocol's deviceLimitBody, as apps/server src/sync/routes.ts sends it); `removeDevice`
   * frees a place as DELETE /api/devices/:uuid does.
   */
  maxDevices: number | null = null;
  /** Requests refused for the device limit. */
  readonly refused: { uuid: string; key: SyncTable }[] = [];

  constructor(private readonly now: () => number) {}

  /** Removes a device from the list (the account page's Remove); true when it was there. */
  removeDevice(uuid: string): boolean {
    return this.devices.delete(uuid);
  }

  /** The live (not deleted) keys of a table, sorted. */
  liveKeys(table: SyncTable): string[] {
    return [...(this.tables.get(table)?.values() ?? [])].filter((r) => !r.deleted).map((r) => r.key).sort();
  }

  /** A fetch for one device: answers POST .../sync_profile like the real route. */
  readonly fetch: typeof fetch = async (_input, init) => {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      const signal = init?.signal;
      if (this.gate) {
        const aborted = new Promise<never>((_, reject) => {
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
        await Promise.race([this.gate, aborted]);
      }
      if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
      const parsed = syncProfileRequestSchema.safeParse(JSON.parse(String(init?.body)));
      if (!parsed.success) return new Response(JSON.stringify({ error: 'Invalid sync request' }), { status: 400 });
      const request = parsed.data;
      const table = request.key;
      if (!this.devices.has(request.uuid)) {
        if (this.maxDevices !== null && this.devices.size >= this.maxDevices) {
          this.refused.push({ uuid: request.uuid, key: table });
          return new Response(JSON.stringify(deviceLimitBody(this.maxDevices)), { status: 403, headers: { 'Content-Type': 'application/json' } });
        }
        this.devices.add(request.uuid);
      }
      this.requests.push({ uuid: request.uuid, key: table, since: request.since, count: request.sync_objects.length });
      const stored = this.tables.get(table) ?? new Map<string, StoredSyncRecord>();
      this.tables.set(table, stored);
      const { writes, reply } = mergeSync({
        table,
        stored: [...stored.values()],
        incoming: request.sync_objects,
        since: request.since,
        now: this.now(),
        newGid: () => `gid-${++this.gid}`,
      });
      for (const write of writes) stored.set(write.key, write);
      if (writes.length > 0) {
        for (const [uuid, listener] of this.listeners) if (uuid !== request.uuid) listener(table);
      }
      return new Response(JSON.stringify(reply satisfies SyncReplyRecord[]), { status: 200, headers: { 'Content-Type': 'application/json' } });
    } finally {
      this.inFlight -= 1;
    }
  };

  /** The stored record of a key, if any. */
  record(table: SyncTable, row: Record<string, unknown>): StoredSyncRecord | undefined {
    return this.tables.get(table)?.get(syncRecordKey(table, row));
  }
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { syncProfileReplySchema, syncProfileRequestSchema, syncRecordKey, type SyncObject, type SyncReplyRecord } from '@clearway/protocol';
import { applySyncReply, canonicalJson, compareVersions, mergeSync, nextRecordTs, prepareSyncRequest, versionOf, type RecordVersion, type StoredSyncRecord } from './index.js';

// Several devices of one customer edit a row table and the one-value `route` table in a random
// order, go offline (losing replies in flight), and sync in pieces of at most LIMIT records. After
// everyone comes back and syncs until nothing changes, every device and the server must hold
// exactly what a reference model says: for each key, the greatest version ever written
// (last writer wins, a delete wins a tie), present unless that version is a delete. Devices stamp
// edits with nextRecordTs, so a device's own later edit always beats its earlier one.

const TABLES = ['fav_airports', 'route'] as const;
type Table = (typeof TABLES)[number];
const KEYS = ['KSQL', 'KOAK', 'KSJC', 'KPAO', 'KHWD'];
/** Small so that one sync often needs several calls; the product uses 30. */
const LIMIT = 2;

type Command =
  | { kind: 'tick'; ms: number }
  | { kind: 'save'; device: number; key: string; value: number }
  | { kind: 'remove'; device: number; key: string }
  | { kind: 'setRoute'; device: number; value: number }
  | { kind: 'offline' | 'online'; device: number }
  | { kind: 'send' | 'deliver'; device: number; table: Table };

interface Cycle {
  /** Device time of the sync's first call; becomes sync_ts when the sync completes. */
  start: number;
  exclude: Set<string>;
  inFlight?: { reply: SyncReplyRecord[]; more: boolean };
}

interface Device {
  online: boolean;
  uuid: string;
  rows: Record<Table, SyncObject[]>;
  syncTs: Partial<Record<Table, number>>;
  cycles: Partial<Record<Table, Cycle>>;
}

class World {
  now = 1_700_000_000_000;
  private gid = 0;
  readonly server: Record<Table, Map<string, StoredSyncRecord>> = { fav_airports: new Map(), route: new Map() };
  readonly reference: Record<Table, Map<string, RecordVersion>> = { fav_airports: new Map(), route: new Map() };
  readonly devices: Device[];

  constructor(deviceCount: number) {
    this.devices = Array.from({ length: deviceCount }, (_, i) => ({
      online: true,
      uuid: `device-${i}`,
      rows: { fav_airports: [], route: [] },
      syncTs: {},
      cycles: {},
    }));
  }

  /** A local edit: the device writes the row and the reference remembers the greatest version. */
  private write(device: Device, table: Table, row: SyncObject): void {
    const key = syncRecordKey(table, row);
    device.rows[table] = [...device.rows[table].filter((other) => syncRecordKey(table, other) !== key), row];
    const version = versionOf(row);
    const best = this.reference[table].get(key);
    if (best === undefined || compareVersions(version, best) > 0) this.reference[table].set(key, version);
  }

  private find(device: Device, table: Table, key: string): SyncObject | undefined {
    return device.rows[table].find((row) => syncRecordKey(table, row) === key);
  }

  run(command: Command): void {
    if (command.kind === 'tick') {
      this.now += command.ms;
      return;
    }
    const device = this.devices[command.device]!;
    switch (command.kind) {
      case 'save': {
        const existing = this.find(device, 'fav_airports', command.key);
        const row: SyncObject = { code: command.key, name: `v${command.value}`, ts: nextRecordTs(existing, this.now), deleted: 'F' };
        this.write(device, 'fav_airports', existing?.gid === undefined ? row : { ...row, gid: existing.gid });
        return;
      }
      case 'remove': {
        const existing = this.find(device, 'fav_airports', command.key);
        if (existing === undefined || existing.deleted === 'T') return;
        this.write(device, 'fav_airports', { ...existing, ts: nextRecordTs(existing, this.now), deleted: 'T' });
        return;
      }
      case 'setRoute': {
        const ts = nextRecordTs(device.rows.route[0], this.now);
        this.write(device, 'route', { final_string: `KSQL R${command.value} KOAK`, altitude: 4500 + command.value * 1000, ts });
        return;
      }
      case 'offline':
        device.online = false;
        // A reply in flight is lost (time-out); the sync is abandoned and sync_ts stays as it was.
        device.cycles = {};
        return;
      case 'online':
        device.online = true;
        return;
      case 'send':
        this.send(device, command.table);
        return;
      case 'deliver':
        this.deliver(device, command.table);
        return;
    }
  }

  /** One call: the device prepares a request and the server answers it at once; the reply waits to be delivered. */
  send(device: Device, table: Table): void {
    if (!device.online) return;
    const cycle = device.cycles[table] ?? { start: this.now, exclude: new Set<string>() };
    if (cycle.inFlight !== undefined) return; // one sync at a time: extra requests are ignored
    const prepared = prepareSyncRequest(table, device.rows[table], device.syncTs[table], { limit: LIMIT, exclude: cycle.exclude });
    const request = syncProfileRequestSchema.parse({
      cust_id: 'cust_1',
      uuid: device.uuid,
      since: prepared.since,
      key: table,
      sync_objects: prepared.sync_objects,
    });
    const stored = this.server[table];
    const { writes, reply } = mergeSync({
      table,
      stored: [...stored.values()],
      incoming: request.sync_objects as SyncObject[],
      since: request.since,
      now: this.now,
      newGid: () => `gid-${++this.gid}`,
    });
    for (const write of writes) stored.set(write.key, write);
    for (const key of prepared.keys) cycle.exclude.add(key);
    cycle.inFlight = { reply: syncProfileReplySchema.parse(JSON.parse(JSON.stringify(reply))), more: prepared.more };
    device.cycles[table] = cycle;
  }

  deliver(device: Device, table: Table): void {
    const cycle = device.cycles[table];
    if (!device.online || cycle?.inFlight === undefined) return;
    device.rows[table] = applySyncReply(table, device.rows[table], cycle.inFlight.reply).rows;
    if (cycle.inFlight.more) cycle.inFlight = undefined;
    else {
      device.syncTs[table] = cycle.start;
      delete device.cycles[table];
    }
  }

  /** What a round of syncs may change: every device's rows and the server's records. */
  private state(): string {
    return canonicalJson({ devices: this.devices.map((device) => device.rows), server: TABLES.map((table) => [...this.server[table].values()]) });
  }

  /**
   * Everyone online, each device syncing each table to the end, until a whole round changes nothing,
   * on the devices or on the server: a device that synced before another one pushed a newer version
   * gets it in the next round.
   */
  settle(): number {
    for (const device of this.devices) {
      device.online = true;
      device.cycles = {};
    }
    for (let round = 1; round <= 20; round++) {
      const before = this.state();
      for (const device of this.devices) {
        for (const table of TABLES) {
          do {
            this.send(device, table);
            this.deliver(device, table);
          } while (device.cycles[table] !== undefined);
          this.now += 1;
        }
      }
      if (this.state() === before) return round;
    }
    throw new Error('did not settle in 20 rounds');
  }

  expected(table: Table): Record<string, string> {
    const visible: Record<string, string> = {};
    for (const [key, version] of this.reference[table]) if (!version.deleted) visible[key] = canonicalJson({ ts: version.ts, payload: version.payload });
    return visible;
  }

  onDevice(device: Device, table: Table): Record<string, string> {
    const visible: Record<string, string> = {};
    for (const row of device.rows[table]) {
      const { ts, deleted, payload } = versionOf(row);
      if (!deleted) visible[syncRecordKey(table, row)] = canonicalJson({ ts, payload });
    }
    return visible;
  }

  onServer(table: Table): Record<string, string> {
    const visible: Record<string, string> = {};
    for (const record of this.server[table].values()) {
      if (!record.deleted) visible[record.key] = canonicalJson({ ts: record.ts, payload: record.payload });
    }
    return visible;
  }
}

function commands(deviceCount: number): fc.Arbitrary<Command[]> {
  const device = fc.integer({ min: 0, max: deviceCount - 1 });
  const table = fc.constantFrom<Table>(...TABLES);
  const key = fc.constantFrom(...KEYS);
  const command: fc.Arbitrary<Command> = fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: fc.constantFrom(0, 1, 2, 700, 1500) }) },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('save' as const), device, key, value: fc.integer({ min: 0, max: 3 }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), device, key }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('setRoute' as const), device, value: fc.integer({ min: 0, max: 3 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('offline' as const, 'online' as const), device }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('send' as const), device, table }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('deliver' as const), device, table }) },
  );
  return fc.array(command, { minLength: 1, maxLength: 80 });
}

describe('sync convergence', () => {
  it('brings every device and the server to the reference state over 2,000 schedules, the examples found first and then random ones', () => {
    let schedules = 0;
    let commandsRun = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }).chain((deviceCount) => fc.tuple(fc.constant(deviceCount), commands(deviceCount))),
        ([deviceCount, schedule]) => {
          const world = new World(deviceCount);
          for (const command of schedule) world.run(command);
          world.settle();
          for (const table of TABLES) {
            const expected = world.expected(table);
            expect(world.onServer(table)).toEqual(expected);
            for (const device of world.devices) {
              expect(world.onDevice(device, table)).toEqual(expected);
              // Every deletion was confirmed and removed; every row carries the server's gid.
              expect(device.rows[table].filter((row) => row.deleted === 'T' || row.gid === undefined)).toEqual([]);
            }
          }
          schedules += 1;
          commandsRun += schedule.length;
        },
      ),
      {
        numRuns: 2000,
        examples: [
          // Found by a CI run (seed -47249596): device 1 saves, removes and saves KSJC again while its
          // delete is in flight. Device 0 syncs first in the next round and must still get the new
          // version that device 1 pushes after it (the settling once stopped after that round).
          [[2, [
            { kind: 'save', device: 1, key: 'KSJC', value: 0 },
            { kind: 'remove', device: 1, key: 'KSJC' },
            { kind: 'send', device: 1, table: 'fav_airports' },
            { kind: 'save', device: 1, key: 'KSJC', value: 0 },
            { kind: 'deliver', device: 1, table: 'fav_airports' },
          ]]],
        ],
      },
    );
    expect(schedules).toBe(2000);
    expect(commandsRun).toBeGreaterThan(2000);
  });
});

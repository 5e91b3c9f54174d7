// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { memorySegments, type SegmentBackend } from '@clearway/download';
import { PacksDb, PackStore, packPartId, segmentsBlob, type PackStorageBackend } from './packStore';

/** Pack storage in memory: one segment backend per download id (what OPFS folders are in the browser). */
function memoryStorage(): PackStorageBackend & { held: Map<string, ReturnType<typeof memorySegments>> } {
  const held = new Map<string, ReturnType<typeof memorySegments>>();
  const get = (id: string) => {
    let backend = held.get(id);
    if (!backend) held.set(id, (backend = memorySegments()));
    return backend;
  };
  return {
    held,
    async segments(id) {
      return { backend: get(id) as SegmentBackend, storage: 'opfs' };
    },
    async blob(id) {
      return segmentsBlob(get(id));
    },
  };
}

let dbCount = 0;
function store() {
  const storage = memoryStorage();
  return { storage, packs: new PackStore({ db: new PacksDb(`packs-test-${dbCount++}`), storage, channel: null }) };
}

async function writePack(packs: PackStore, cycle: string, bytes: Uint8Array) {
  const part = await packs.part(cycle, 'Seattle', 'vfr');
  const writer = await part.open('truncate');
  await writer.write(bytes);
  await writer.close();
  return { part, size: await part.finish() };
}

const pack = (cycle: string, bytes: number) => ({ region: 'Seattle', kind: 'vfr' as const, cycle, bytes, sha256: 'a'.repeat(64), expires: '2026-12-24' });

describe('PackStore', () => {
  it('keeps a finished part as the stored file and opens it as a Blob with the same bytes', async () => {
    const { packs } = store();
    const bytes = new Uint8Array([1, 2, 3, 4, 5]);
    const { size } = await writePack(packs, '2026-10-29', bytes);
    expect(size).toBe(5);
    await packs.commit(pack('2026-10-29', 5), 'opfs');
    expect(await packs.list()).toEqual([pack('2026-10-29', 5)]);
    const blob = await packs.open('Seattle', 'vfr');
    expect(new Uint8Array(await (blob as Blob).arrayBuffer())).toEqual(bytes);
    expect(await packs.open('Seattle', 'terrain')).toBeNull();
  });

  it("an update replaces the old cycle's pack and deletes its bytes; none of the old remains", async () => {
    const { packs, storage } = store();
    const events: string[] = [];
    packs.subscribe(() => events.push('changed'));
    await writePack(packs, '2026-10-29', new Uint8Array([9, 9, 9]));
    await packs.commit(pack('2026-10-29', 3), 'opfs');
    await writePack(packs, '2026-12-24', new Uint8Array([7, 7]));
    // Before the new one is committed the old one is still the stored pack.
    expect((await packs.list())[0]?.cycle).toBe('2026-10-29');
    await packs.commit(pack('2026-12-24', 2), 'opfs');
    expect(await packs.list()).toEqual([pack('2026-12-24', 2)]);
    expect(storage.held.get(packPartId('2026-10-29', 'Seattle', 'vfr'))?.segments.size).toBe(0);
    expect(new Uint8Array(await ((await packs.open('Seattle', 'vfr')) as Blob).arrayBuffer())).toEqual(new Uint8Array([7, 7]));
    expect(events).toEqual(['changed', 'changed']);
  });

  it('remove deletes the record and the bytes; discardPart never deletes the stored pack', async () => {
    const { packs, storage } = store();
    await writePack(packs, '2026-10-29', new Uint8Array([1]));
    await packs.commit(pack('2026-10-29', 1), 'opfs');
    await packs.discardPart('2026-10-29', 'Seattle', 'vfr');
    expect(await packs.open('Seattle', 'vfr')).not.toBeNull();
    expect(await packs.remove('Seattle', 'vfr')).toBe(true);
    expect(await packs.list()).toEqual([]);
    expect(storage.held.get(packPartId('2026-10-29', 'Seattle', 'vfr'))?.segments.size).toBe(0);
    expect(await packs.remove('Seattle', 'vfr')).toBe(false);
  });
});

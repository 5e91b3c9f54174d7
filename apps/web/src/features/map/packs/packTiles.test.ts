import { describe, expect, it, vi } from 'vitest';
import { AJAXError, type RequestParameters } from 'maplibre-gl';
import { BlobSource } from './blobSource';
import { PackTiles } from './packTiles';
import { packProtocol, packTileUrl, parsePackTileUrl, readFigures } from './protocol';
import { buildArchive, memoryPacks } from './testArchive';

const bytesOf = (text: string) => new TextEncoder().encode(text);
const textOf = (bytes: Uint8Array | null) => (bytes === null ? null : new TextDecoder().decode(bytes));

/** Every tile of zooms 5-7 over New York state's corner (Albany, -74..-72 E, 42..44 N), each saying its address and `label`. */
function newYorkTiles(label: string) {
  const tiles = [];
  for (const [z, x0, x1, y0, y1] of [[5, 9, 9, 11, 11], [6, 18, 19, 23, 23], [7, 37, 38, 46, 47]] as const) {
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) tiles.push({ z, x, y, bytes: bytesOf(`${label} ${z}/${x}/${y}`) });
  }
  return tiles;
}

const blobOf = (bytes: Uint8Array<ArrayBuffer>) => new Blob([bytes]);

describe('BlobSource', () => {
  it('reads the asked byte range of the Blob, clipped at its end, and names the pack', async () => {
    const source = new BlobSource(new Blob([bytesOf('0123456789')]), 'New_York.vfr@2026-07-09');
    expect(source.getKey()).toBe('New_York.vfr@2026-07-09');
    expect(textOf(new Uint8Array((await source.getBytes(2, 3)).data))).toBe('234');
    expect(textOf(new Uint8Array((await source.getBytes(8, 16384)).data))).toBe('89');
  });

  it('refuses a read outside the Blob and an aborted read', async () => {
    const source = new BlobSource(new Blob([bytesOf('0123')]), 'x');
    await expect(source.getBytes(9, 2)).rejects.toThrow('Pack x: a read at byte 9 is outside its 4 bytes');
    const abort = new AbortController();
    abort.abort();
    await expect(source.getBytes(0, 2, abort.signal)).rejects.toThrow('aborted');
  });
});

describe('PackTiles (tiles from the packs on the device)', () => {
  it('finds each tile of a real PMTiles archive by z/x/y, and none outside it', async () => {
    const tiles = newYorkTiles('NY');
    const packs = memoryPacks([{ region: 'New_York', kind: 'vfr', cycle: '2026-07-09', blob: blobOf(buildArchive(tiles, { bounds: [-75, 41, -71, 45] })) }]);
    const reader = new PackTiles(packs);
    for (const { z, x, y } of tiles) expect(textOf(await reader.tile('vfr', z, x, y))).toBe(`NY ${z}/${x}/${y}`);
    // Inside the bounds but not in the archive; another zoom; another kind; far away.
    expect(await reader.tile('vfr', 7, 36, 46)).toBeNull();
    expect(await reader.tile('vfr', 8, 75, 93)).toBeNull();
    expect(await reader.tile('basemap', 5, 9, 11)).toBeNull();
    expect(await reader.tile('vfr', 5, 2, 11)).toBeNull();
    expect(await reader.covers('vfr', 6, 19, 23)).toBe(true);
    expect(await reader.covers('vfr', 6, 5, 23)).toBe(false);
  });

  it('opens each pack once for many reads, and again after the stored packs change (a new cycle replaces the tiles)', async () => {
    const packs = memoryPacks([{ region: 'New_York', kind: 'vfr', cycle: '2026-07-09', blob: blobOf(buildArchive(newYorkTiles('July'), { bounds: [-75, 41, -71, 45] })) }]);
    const reader = new PackTiles(packs);
    for (let i = 0; i < 5; i++) expect(textOf(await reader.tile('vfr', 6, 18, 23))).toBe('July 6/18/23');
    expect(packs.opens).toBe(1);
    packs.put({ region: 'New_York', kind: 'vfr', cycle: '2026-09-03', blob: blobOf(buildArchive(newYorkTiles('September'), { bounds: [-75, 41, -71, 45] })) });
    expect(textOf(await reader.tile('vfr', 6, 18, 23))).toBe('September 6/18/23');
    expect(packs.opens).toBe(2);
    packs.remove('New_York', 'vfr');
    expect(await reader.tile('vfr', 6, 18, 23)).toBeNull();
  });

  it('looks in every pack of the kind whose bounds hold the tile', async () => {
    const west = [{ z: 6, x: 10, y: 24, bytes: bytesOf('west') }];
    const packs = memoryPacks([
      { region: 'New_York', kind: 'vfr', cycle: '2026-07-09', blob: blobOf(buildArchive(newYorkTiles('NY'), { bounds: [-75, 41, -71, 45] })) },
      { region: 'San_Francisco', kind: 'vfr', cycle: '2026-07-09', blob: blobOf(buildArchive(west, { bounds: [-124, 36, -118, 40] })) },
    ]);
    const reader = new PackTiles(packs);
    expect(textOf(await reader.tile('vfr', 6, 10, 24))).toBe('west');
    expect(textOf(await reader.tile('vfr', 6, 19, 23))).toBe('NY 6/19/23');
  });

  it('skips a damaged pack (the network draws its tiles) rather than failing every read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const packs = memoryPacks([
      { region: 'Broken', kind: 'vfr', cycle: '2026-07-09', blob: new Blob([bytesOf('not a pmtiles archive at all')]) },
      { region: 'New_York', kind: 'vfr', cycle: '2026-07-09', blob: blobOf(buildArchive(newYorkTiles('NY'), { bounds: [-75, 41, -71, 45] })) },
    ]);
    const reader = new PackTiles(packs);
    expect(textOf(await reader.tile('vfr', 5, 9, 11))).toBe('NY 5/9/11');
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringContaining('[packs] Broken.vfr (2026-07-09) could not be read')]);
  });
});

describe('pack tile URLs', () => {
  it('carry the kind, the tile and the network URL of the same tile once MapLibre fills them', () => {
    const template = packTileUrl('vfr', 'http://127.0.0.1:8080/tiles/vfr/{z}/{x}/{y}.png');
    expect(template).toBe('clearway-pack://vfr/{z}/{x}/{y}?src=http://127.0.0.1:8080/tiles/vfr/{z}/{x}/{y}.png');
    const filled = template.replaceAll('{z}', '9').replaceAll('{x}', '150').replaceAll('{y}', '190');
    expect(parsePackTileUrl(filled)).toEqual({ kind: 'vfr', z: 9, x: 150, y: 190, network: 'http://127.0.0.1:8080/tiles/vfr/9/150/190.png' });
    expect(parsePackTileUrl('clearway-pack://terrain/7/37/46')).toEqual({ kind: 'terrain', z: 7, x: 37, y: 46, network: null });
  });

  it('are refused when malformed: another scheme, unknown kind, a tile outside its zoom', () => {
    expect(parsePackTileUrl('http://x/tiles/vfr/1/1/1.png')).toBeNull();
    expect(parsePackTileUrl('clearway-pack://ifr/1/0/0')).toBeNull();
    expect(parsePackTileUrl('clearway-pack://vfr/2/4/0')).toBeNull();
    expect(parsePackTileUrl('clearway-pack://vfr/a/b/c')).toBeNull();
  });
});

describe('the pack protocol handler', () => {
  const request = (url: string) => ({ url }) as RequestParameters;
  const packs = () => memoryPacks([{ region: 'New_York', kind: 'vfr', cycle: '2026-07-09', blob: blobOf(buildArchive(newYorkTiles('NY'), { bounds: [-75, 41, -71, 45] })) }]);

  it('answers a stored tile from the device without the network, and times the read', async () => {
    const fetcher = vi.fn<typeof fetch>();
    const { action, stats } = packProtocol({ tiles: new PackTiles(packs()), fetch: fetcher });
    const answer = await action(request('clearway-pack://vfr/7/38/47?src=http://o/tiles/vfr/7/38/47.png'), new AbortController());
    expect(textOf(new Uint8Array(answer.data as ArrayBuffer))).toBe('NY 7/38/47');
    expect(fetcher).not.toHaveBeenCalled();
    expect(stats.device).toBe(1);
    expect(stats.deviceByKind).toEqual({ vfr: 1, 'ifr-low': 0, 'ifr-high': 0, basemap: 0, terrain: 0 });
    expect(stats.deviceMs).toHaveLength(1);
  });

  it('asks the network for a tile no pack holds, and passes on its failure status', async () => {
    const fetcher = vi.fn<typeof fetch>(async (url) => (String(url).endsWith('/5/2/11.png') ? new Response(bytesOf('net'), { status: 200 }) : new Response('gone', { status: 404, statusText: 'Not Found' })));
    const noted: string[] = [];
    const { action, stats } = packProtocol({ tiles: new PackTiles(packs()), fetch: fetcher, onNetwork: (url) => noted.push(url) });
    const answer = await action(request('clearway-pack://vfr/5/2/11?src=http://o/tiles/vfr/5/2/11.png'), new AbortController());
    expect(textOf(new Uint8Array(answer.data as ArrayBuffer))).toBe('net');
    expect(noted).toEqual(['http://o/tiles/vfr/5/2/11.png']);
    const failed = action(request('clearway-pack://vfr/5/3/11?src=http://o/tiles/vfr/5/3/11.png'), new AbortController());
    await expect(failed).rejects.toBeInstanceOf(AJAXError);
    await expect(failed).rejects.toMatchObject({ status: 404, url: 'http://o/tiles/vfr/5/3/11.png' });
    expect(stats).toMatchObject({ device: 0, network: 2 });
  });

  it('takes a terrain tile from the device, else from the server packs, else answers it missing (404)', async () => {
    const terrain = memoryPacks([{ region: 'New_York', kind: 'terrain', cycle: '2026-07-09', blob: blobOf(buildArchive([{ z: 7, x: 38, y: 47, bytes: bytesOf('dem') }], { bounds: [-75, 41, -71, 45] })) }]);
    const remote = vi.fn(async (z: number) => (z === 8 ? bytesOf('remote dem') : null));
    const { action } = packProtocol({ tiles: new PackTiles(terrain), fetch: vi.fn<typeof fetch>(), remoteTerrain: remote });
    expect(textOf(new Uint8Array((await action(request('clearway-pack://terrain/7/38/47'), new AbortController())).data as ArrayBuffer))).toBe('dem');
    expect(remote).not.toHaveBeenCalled();
    expect(textOf(new Uint8Array((await action(request('clearway-pack://terrain/8/76/94'), new AbortController())).data as ArrayBuffer))).toBe('remote dem');
    await expect(action(request('clearway-pack://terrain/9/1/1'), new AbortController())).rejects.toMatchObject({ status: 404 });
  });

  it('gives median and p95 of the read durations', () => {
    expect(readFigures([])).toBeNull();
    expect(readFigures([5, 1, 3, 2, 4, 6, 7, 8, 9, 10])).toEqual({ count: 10, medianMs: 6, p95Ms: 10 });
  });
});

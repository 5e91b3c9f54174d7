import { describe, expect, it } from 'vitest';
import { COVERAGE_TILE } from './tileCoverage';
import { coverageTileRequest, loadCoverageTile, registerTileProtocol, TileRequestError, TILE_PROTOCOL_PREFIX } from './tileProtocol';

describe('tile protocol', () => {
  it('sends only basemap tiles through it', () => {
    expect(coverageTileRequest('http://127.0.0.1:8080/tiles/basemap/4/3/6.pbf')).toEqual({ url: 'clearway+http://127.0.0.1:8080/tiles/basemap/4/3/6.pbf' });
    expect(coverageTileRequest('https://app.example/tiles/basemap/10/163/395.pbf')?.url).toBe('clearway+https://app.example/tiles/basemap/10/163/395.pbf');
    expect(coverageTileRequest('http://127.0.0.1:8080/tiles/vfr/8/40/98.png')).toBeUndefined();
    expect(coverageTileRequest('http://127.0.0.1:8080/fonts/DejaVu%20Sans%20Book/0-255.pbf')).toBeUndefined();
  });

  it('fetches the plain address and appends the coverage layer', async () => {
    const asked: string[] = [];
    const fetchFn = (async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response(new Uint8Array([0x1a, 0x00]), { headers: { 'cache-control': 'public, max-age=86400' } });
    }) as typeof fetch;
    const reply = await loadCoverageTile({ url: `${TILE_PROTOCOL_PREFIX}http://h/tiles/basemap/1/0/0.pbf` }, new AbortController(), fetchFn);
    expect(asked).toEqual(['http://h/tiles/basemap/1/0/0.pbf']);
    expect(new Uint8Array(reply.data)).toEqual(Uint8Array.from([0x1a, 0x00, ...COVERAGE_TILE]));
    expect(reply.cacheControl).toBe('public, max-age=86400');
  });

  it('passes an HTTP error on with its status, and a network error (offline, not cached) as it came', async () => {
    const notFound = (async () => new Response('{}', { status: 404 })) as unknown as typeof fetch;
    const error = await loadCoverageTile({ url: 'clearway+http://h/tiles/basemap/1/0/0.pbf' }, new AbortController(), notFound).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TileRequestError);
    expect((error as TileRequestError).status).toBe(404);
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(loadCoverageTile({ url: 'clearway+http://h/tiles/basemap/1/0/0.pbf' }, new AbortController(), offline)).rejects.toThrow(TypeError);
  });

  it('registers both schemes', () => {
    const schemes: string[] = [];
    registerTileProtocol((scheme) => schemes.push(scheme));
    expect(schemes).toEqual(['clearway+http', 'clearway+https']);
  });
});

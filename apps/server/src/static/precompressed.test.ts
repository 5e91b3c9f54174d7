import { existsSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, WEB_DIST_FILES, writeFiles, type TestApp } from '../testing/testApp.js';
import { IMMUTABLE, NO_CACHE } from './cachePolicy.js';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const BROWSER = 'gzip, deflate, br, zstd';

/** A hashed asset big enough for compression to matter, written beside WEB_DIST_FILES. */
const BIG_ASSET = 'assets/map-def456.js';
const bigSource = Array.from({ length: 400 }, (_, i) => `export function layer${i}(map) { return map.getLayer("layer-${i}") ?? null; }\n`).join('');

const brotli = (text: string): Buffer => brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
const gzip = (text: string): Buffer => gzipSync(Buffer.from(text), { level: 9 });

/** The original files and their copies as scripts/compress-web.mjs writes them. */
const originals: Record<string, string> = {
  [BIG_ASSET]: bigSource,
  'index.html': WEB_DIST_FILES['index.html'] ?? '',
  'sw.js': WEB_DIST_FILES['sw.js'] ?? '',
  'manifest.webmanifest': WEB_DIST_FILES['manifest.webmanifest'] ?? '',
};
const copies: Record<string, Buffer> = {};
for (const [path, text] of Object.entries(originals)) {
  copies[`${path}.br`] = brotli(text);
  copies[`${path}.gz`] = gzip(text);
}

function varyList(value: string | number | string[] | undefined): string[] {
  return String(value ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase());
}

describe('static PWA with precompressed copies', () => {
  let running: TestApp;
  beforeAll(async () => {
    running = await startTestApp({ webDist: true });
    const web = join(running.dir, 'web');
    await writeFiles(web, { [BIG_ASSET]: bigSource });
    // writeFiles takes text; the copies are binary, so they are written as Buffers here.
    for (const [path, bytes] of Object.entries(copies)) await writeFile(join(web, path), bytes);
  });
  afterAll(async () => {
    await running.close();
  });

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    running.app.inject({ method, url, headers });

  it('sends the brotli copy of a hashed asset to a browser, cached for a year', async () => {
    const reply = await get(`/${BIG_ASSET}`, { 'accept-encoding': BROWSER });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers['cache-control']).toBe(IMMUTABLE);
    expect(varyList(reply.headers.vary)).toContain('accept-encoding');
    expect(Number(reply.headers['content-length'])).toBe(copies[`${BIG_ASSET}.br`]?.length);
    expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(bigSource);
  });

  it.each([
    ['gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'gzip'],
  ])('sends the gzip copy for Accept-Encoding %j', async (acceptEncoding, expected) => {
    const reply = await get(`/${BIG_ASSET}`, { 'accept-encoding': acceptEncoding });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe(expected);
    expect(reply.headers['cache-control']).toBe(IMMUTABLE);
    expect(varyList(reply.headers.vary)).toContain('accept-encoding');
    expect(gunzipSync(reply.rawPayload).toString()).toBe(bigSource);
  });

  it.each([[undefined], ['identity'], ['compress']])('sends the file itself for Accept-Encoding %j', async (acceptEncoding) => {
    const reply = await get(`/${BIG_ASSET}`, acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers['cache-control']).toBe(IMMUTABLE);
    expect(varyList(reply.headers.vary)).toContain('accept-encoding');
    expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(bigSource));
    expect(reply.body).toBe(bigSource);
  });

  it('gives each encoding its own ETag and answers If-None-Match only for the same encoding', async () => {
    const br = await get(`/${BIG_ASSET}`, { 'accept-encoding': 'br' });
    const gz = await get(`/${BIG_ASSET}`, { 'accept-encoding': 'gzip' });
    const plain = await get(`/${BIG_ASSET}`);
    const etags = [br, gz, plain].map((reply) => reply.headers.etag);
    for (const etag of etags) expect(etag).toEqual(expect.any(String));
    expect(new Set(etags).size).toBe(3);

    const same = await get(`/${BIG_ASSET}`, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(same.statusCode).toBe(304);
    const other = await get(`/${BIG_ASSET}`, { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(other.rawPayload).toString()).toBe(bigSource);
  });

  it('answers HEAD with the headers of the encoded copy and no body', async () => {
    const reply = await get(`/${BIG_ASSET}`, { 'accept-encoding': BROWSER }, 'HEAD');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(reply.headers['content-length'])).toBe(copies[`${BIG_ASSET}.br`]?.length);
    expect(reply.rawPayload.length).toBe(0);
  });

  it('answers a Range request with bytes of the encoded copy it names in Content-Encoding', async () => {
    const encoded = copies[`${BIG_ASSET}.br`] ?? Buffer.alloc(0);
    const reply = await get(`/${BIG_ASSET}`, { 'accept-encoding': 'br', range: 'bytes=0-99' });
    expect(reply.statusCode).toBe(206);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-range']).toBe(`bytes 0-99/${encoded.length}`);
    expect(reply.rawPayload.equals(encoded.subarray(0, 100))).toBe(true);

    const plain = await get(`/${BIG_ASSET}`, { range: 'bytes=10-19' });
    expect(plain.statusCode).toBe(206);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-range']).toBe(`bytes 10-19/${Buffer.byteLength(bigSource)}`);
    expect(plain.body).toBe(bigSource.slice(10, 20));
  });

  it.each([
    ['/app/map1', 'index.html'],
    ['/', 'index.html'],
    ['/sw.js', 'sw.js'],
    ['/manifest.webmanifest', 'manifest.webmanifest'],
  ])('sends %s compressed and still uncached', async (url, file) => {
    const original = originals[file];
    const br = await get(url, { accept: HTML, 'accept-encoding': BROWSER });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(NO_CACHE);
    expect(varyList(br.headers.vary)).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(original);

    const gz = await get(url, { accept: HTML, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(NO_CACHE);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(original);

    const plain = await get(url, { accept: HTML });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(NO_CACHE);
    expect(plain.body).toBe(original);
  });

  it('sends a file the build left uncompressed as it is', async () => {
    const reply = await get('/assets/x-abc123.js', { 'accept-encoding': BROWSER });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers['cache-control']).toBe(IMMUTABLE);
    expect(varyList(reply.headers.vary)).toContain('accept-encoding');
    expect(reply.body).toBe(WEB_DIST_FILES['assets/x-abc123.js']);
  });

  it('still answers a missing asset with a JSON 404', async () => {
    const reply = await get('/assets/gone-000000.js', { accept: HTML, 'accept-encoding': BROWSER });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ error: 'Not found', path: '/assets/gone-000000.js' });
  });
});

// Figures, not assertions: what the real build's map chunk costs on the wire (npm run build first).
const realDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));
const realMapChunk = existsSync(join(realDist, 'assets'))
  ? readdirSync(join(realDist, 'assets')).find((name) => /^MapView-[\w-]+\.js$/.test(name))
  : undefined;

describe.skipIf(realMapChunk === undefined)('the real build (figures)', () => {
  it('prints the map chunk as sent identity, gzip and brotli', async () => {
    const running = await startTestApp({ env: { WEB_DIST: realDist } });
    try {
      const url = `/assets/${realMapChunk ?? ''}`;
      const lines: string[] = [];
      for (const acceptEncoding of ['identity', 'gzip', 'br']) {
        const reply = await running.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
        const encoding = String(reply.headers['content-encoding'] ?? 'identity');
        lines.push(`  Accept-Encoding ${acceptEncoding.padEnd(8)} -> ${reply.statusCode} ${encoding.padEnd(8)} ${(reply.rawPayload.length / 1024).toFixed(1)} KiB`);
      }
      console.log(`real map chunk ${url} (apps/web/dist):\n${lines.join('\n')}`);
    } finally {
      await running.close();
    }
  });
});

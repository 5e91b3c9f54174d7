import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { registerDataset, type DatasetIndex } from './register.js';
import { DatasetStore } from './store.js';

// A second kind of dataset, as approach plates would arrive: one folder per cycle, PDFs and a
// JSON catalogue, with precompressed copies for the catalogue.
const plate = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 7), Buffer.from('\n%%EOF\n')]);
const catalogue = Buffer.from(JSON.stringify({ KHWD: ['KHWD-RNAV-28L.pdf'], filler: 'x'.repeat(4000) }));

describe('registerDataset: plates served by the dataset module', () => {
  let dir: string;
  let app: FastifyInstance;
  let store: DatasetStore;

  beforeAll(async () => {
    dir = await makeTempDir('clearway-plates-');
    await mkdir(join(dir, '2509'));
    await writeFile(join(dir, '2509/KHWD-RNAV-28L.pdf'), plate);
    await writeFile(join(dir, '2509/catalogue.json'), catalogue);
    await writeFile(join(dir, '2509/catalogue.json.gz'), gzipSync(catalogue));
    await writeFile(join(dir, '2509/catalogue.json.br'), brotliCompressSync(catalogue));
    await writeFile(join(dir, '2509/.hidden'), 'never served');
    await writeFile(join(dir, 'secret.txt'), 'outside every cycle');
    app = Fastify();
    // The one call a new dataset needs.
    store = registerDataset(app, {
      name: 'plates',
      dir,
      prefix: '/downloads/plates',
      contentType: (name) => (name.endsWith('.pdf') ? 'application/pdf' : 'application/json'),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await removeTempDir(dir);
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('lists a cycle from its files, with SHA-256, sizes and the verified copies', async () => {
    const reply = await get('/downloads/plates/2509/index.json');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-cache');
    const index = reply.json<DatasetIndex>();
    expect(index.dataset).toBe('plates');
    expect(index.files.map((file) => [file.name, file.bytes, file.contentType, file.encodings])).toEqual([
      ['KHWD-RNAV-28L.pdf', plate.length, 'application/pdf', {}],
      ['catalogue.json', catalogue.length, 'application/json', { br: brotliCompressSync(catalogue).length, gzip: gzipSync(catalogue).length }],
    ]);
    expect(index.files[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(index.files[0]?.url).toBe('/downloads/plates/2509/KHWD-RNAV-28L.pdf');
    expect((await get('/downloads/plates/2509/index.json', { 'if-none-match': String(reply.headers.etag) })).statusCode).toBe(304);
  });

  it('sends a file with the same headers as nav data: strong ETag, ranges, 304', async () => {
    const reply = await get('/downloads/plates/2509/KHWD-RNAV-28L.pdf');
    expect(reply.statusCode).toBe(200);
    expect(reply.rawPayload.equals(plate)).toBe(true);
    expect(reply.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(plate.length),
      'cache-control': 'public, max-age=300',
      'accept-ranges': 'bytes',
      vary: 'Accept-Encoding',
      etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
      'last-modified': expect.stringMatching(/GMT$/),
    });
    const etag = String(reply.headers.etag);
    expect((await get('/downloads/plates/2509/KHWD-RNAV-28L.pdf', { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);

    const part = await get('/downloads/plates/2509/KHWD-RNAV-28L.pdf', { range: 'bytes=0-99', 'if-range': etag });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${plate.length}`);
    expect(part.rawPayload.equals(plate.subarray(0, 100))).toBe(true);
    const tail = await get('/downloads/plates/2509/KHWD-RNAV-28L.pdf', { range: 'bytes=-500' });
    expect(tail.rawPayload.equals(plate.subarray(plate.length - 500))).toBe(true);
    const rest = await get('/downloads/plates/2509/KHWD-RNAV-28L.pdf', { range: 'bytes=100-' });
    expect(rest.rawPayload.equals(plate.subarray(100))).toBe(true);
  });

  it('answers several ranges and malformed ones with the whole file, and a range past the end with 416', async () => {
    for (const range of ['bytes=0-1,5-6', 'bytes=5-2', 'bytes=abc', `bytes=${' '.repeat(8000)}x`]) {
      const reply = await get('/downloads/plates/2509/KHWD-RNAV-28L.pdf', { range });
      expect(reply.statusCode, range.slice(0, 20)).toBe(200);
      expect(reply.rawPayload.equals(plate)).toBe(true);
    }
    const past = await get('/downloads/plates/2509/KHWD-RNAV-28L.pdf', { range: `bytes=${plate.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${plate.length}`);
    expect(past.json()).toEqual({ error: `Range bytes=${plate.length}- is outside the ${plate.length} bytes of KHWD-RNAV-28L.pdf`, bytes: plate.length });
  });

  it('chooses the precompressed copy by Accept-Encoding, never for a range', async () => {
    const br = await get('/downloads/plates/2509/catalogue.json', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await get('/downloads/plates/2509/catalogue.json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toMatch(/-gz"$/);
    expect(gunzipSync(gzip.rawPayload).equals(catalogue)).toBe(true);
    const ranged = await get('/downloads/plates/2509/catalogue.json', { 'accept-encoding': 'gzip', range: 'bytes=0-9' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-encoding']).toBeUndefined();
    expect(ranged.rawPayload.equals(catalogue.subarray(0, 10))).toBe(true);
  });

  it('answers HEAD with the headers only', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/downloads/plates/2509/KHWD-RNAV-28L.pdf' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(plate.length));
    expect(head.body).toBe('');
  });

  it.each([
    ['/downloads/plates/2509/KHWD-ILS-28R.pdf', 404, { error: 'No plates file "KHWD-ILS-28R.pdf" in 2509', dataset: 'plates', channel: '2509', file: 'KHWD-ILS-28R.pdf' }],
    ['/downloads/plates/2509/.hidden', 404, { error: 'No plates file ".hidden" in 2509', dataset: 'plates', channel: '2509', file: '.hidden' }],
    ['/downloads/plates/2509/catalogue.json.gz', 404, { error: 'No plates file "catalogue.json.gz" in 2509', dataset: 'plates', channel: '2509', file: 'catalogue.json.gz' }],
    ['/downloads/plates/..%2Fsecret.txt/x', 404, { error: 'Unknown plates channel "../secret.txt"', dataset: 'plates', channel: '../secret.txt' }],
    ['/downloads/plates/2509/..%2F..%2Fsecret.txt', 404, { error: 'No plates file "../../secret.txt" in 2509', dataset: 'plates', channel: '2509', file: '../../secret.txt' }],
  ])('%s is a JSON %i naming what is missing, never a file outside the dataset', async (url, status, body) => {
    const reply = await get(url);
    expect(reply.statusCode).toBe(status);
    expect(reply.json()).toEqual(body);
  });

  it('follows a replaced file with a new ETag, without a restart', async () => {
    const before = await get('/downloads/plates/2509/KHWD-RNAV-28L.pdf');
    await writeFile(join(dir, '2509/KHWD-RNAV-28L.pdf.tmp'), Buffer.concat([plate, Buffer.from('amended')]));
    await rename(join(dir, '2509/KHWD-RNAV-28L.pdf.tmp'), join(dir, '2509/KHWD-RNAV-28L.pdf'));
    const after = await get('/downloads/plates/2509/KHWD-RNAV-28L.pdf', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.rawPayload.subarray(-7).toString()).toBe('amended');
    expect((await store.file('2509', 'KHWD-RNAV-28L.pdf'))?.etag).toBe(after.headers.etag);
  });
});

describe('DatasetStore', () => {
  it('inspects a content once, by name and SHA-256, with the bytes of the read that hashed it', async () => {
    const dir = await makeTempDir('clearway-dataset-store-');
    try {
      for (const cycle of ['2509', '2510']) {
        await mkdir(join(dir, cycle));
        await writeFile(join(dir, cycle, 'snapshot.bin'), 'same content');
      }
      await writeFile(join(dir, '2510/other.bin'), 'other content');
      const seen: string[] = [];
      const store = new DatasetStore<string>({
        name: 'weather',
        dir,
        contentType: 'application/octet-stream',
        inspect: (bytes, file) => {
          seen.push(`${file.channel}/${file.name}`);
          return bytes.toString().toUpperCase();
        },
      });
      const [a, b, c] = await Promise.all([store.file('2509', 'snapshot.bin'), store.file('2510', 'snapshot.bin'), store.file('2510', 'other.bin')]);
      expect([a?.extra, b?.extra, c?.extra]).toEqual(['SAME CONTENT', 'SAME CONTENT', 'OTHER CONTENT']);
      expect(a?.etag).toBe(b?.etag);
      // The same content under the same name in two cycles is inspected once (by whichever read finished first).
      expect(seen).toHaveLength(2);
      expect(seen.filter((file) => file.endsWith('/snapshot.bin'))).toHaveLength(1);
      expect(seen).toContain('2510/other.bin');
      await writeFile(join(dir, '2509/snapshot.bin'), 'new content');
      expect((await store.file('2509', 'snapshot.bin'))?.extra).toBe('NEW CONTENT');
      expect(seen).toHaveLength(3);
    } finally {
      await removeTempDir(dir);
    }
  });

  it('refuses channel and file names that could leave its folder', () => {
    const store = new DatasetStore({ name: 'charts', dir: '/srv/charts', contentType: 'image/png', channels: ['current'] });
    expect(store.filePath('current', 'sectional.png')).toBe('/srv/charts/current/sectional.png');
    expect(() => store.filePath('next', 'a.png')).toThrow('Invalid charts channel "next"');
    expect(() => store.filePath('current', '../x.png')).toThrow('Invalid charts file name "../x.png"');
    expect(() => store.filePath('current', 'a.png.gz')).toThrow('Invalid charts file name "a.png.gz"');
  });
});

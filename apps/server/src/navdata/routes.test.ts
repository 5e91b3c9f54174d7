import { mkdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { navdataIndexSchema, type NavdataIndex } from '@clearway/protocol';
import { makeTempDir, removeTempDir, startTestApp, type TestApp } from '../testing/testApp.js';
import { readArtifactHeader } from './artifactHeader.js';
import { ARTIFACT_CACHE_CONTROL } from './routes.js';

/** An artifact in the navdb container layout: magic, version, directory length, `{header, sections}`, payload. */
function makeArtifact(header: { cycle: string; region: string; effective: string; expires: string }, payload: string): Buffer {
  const directory = Buffer.from(JSON.stringify({
    header: { formatVersion: 1, ...header, sources: [], builtAt: '2025-09-01T00:00:00.000Z', counts: {} },
    sections: [],
  }));
  const preamble = Buffer.alloc(16);
  Buffer.from('CWNAVDB\0', 'latin1').copy(preamble);
  preamble.writeUInt32LE(1, 8);
  preamble.writeUInt32LE(directory.length, 12);
  const padding = Buffer.alloc((8 - ((16 + directory.length) % 8)) % 8);
  return Buffer.concat([preamble, directory, padding, Buffer.from(payload)]);
}

// Text-like payloads, so the compressed copies are smaller than the artifacts as real ones are.
const usBytes = makeArtifact(
  { cycle: '2509', region: 'us', effective: '2025-09-04', expires: '2025-10-02' },
  Array.from({ length: 4000 }, (_, i) => `KHWD ${i} HAYWARD EXECUTIVE 37.659 -122.122\n`).join(''),
);
const worldBytes = makeArtifact(
  { cycle: '2509', region: 'world', effective: '2025-09-04', expires: '2025-10-02' },
  'EGLL LONDON HEATHROW\n'.repeat(500),
);
const nextBytes = makeArtifact({ cycle: '2510', region: 'us', effective: '2025-10-02', expires: '2025-10-30' }, 'NEXT CYCLE\n'.repeat(300));

const HTML = { accept: 'text/html' };

describe('nav data downloads', () => {
  let navdataDir: string;
  let running: TestApp;
  let index: NavdataIndex;

  beforeAll(async () => {
    navdataDir = await makeTempDir('clearway-navdata-');
    await mkdir(join(navdataDir, 'current'), { recursive: true });
    await mkdir(join(navdataDir, 'next'), { recursive: true });
    await writeFile(join(navdataDir, 'current/us.cwnav'), usBytes);
    await writeFile(join(navdataDir, 'current/us.cwnav.gz'), gzipSync(usBytes));
    await writeFile(join(navdataDir, 'current/us.cwnav.br'), brotliCompressSync(usBytes));
    await writeFile(join(navdataDir, 'current/world.cwnav'), worldBytes);
    await writeFile(join(navdataDir, 'current/broken.cwnav'), 'not an artifact');
    await writeFile(join(navdataDir, 'current/notes.txt'), 'ignored');
    await writeFile(join(navdataDir, 'next/us.cwnav'), nextBytes);
    // A gzip copy left from an older build: it must never be served for the new artifact.
    await writeFile(join(navdataDir, 'next/us.cwnav.gz'), gzipSync(usBytes));
    running = await startTestApp({ env: { NAVDATA_DIR: navdataDir } });
    index = navdataIndexSchema.parse((await running.app.inject({ method: 'GET', url: '/downloads/current/navdata/index.json' })).json());
  });
  afterAll(async () => {
    await running.close();
    await removeTempDir(navdataDir);
  });

  const get = (url: string, headers: Record<string, string> = {}) => running.app.inject({ method: 'GET', url, headers });
  const usEtag = () => index.artifacts.find((a) => a.region === 'us')?.etag ?? '';

  describe('index', () => {
    it('lists the artifacts of a channel from their headers', () => {
      expect(index.channel).toBe('current');
      expect(index.artifacts.map((a) => a.region)).toEqual(['us', 'world']);
      expect(index.artifacts[0]).toEqual({
        region: 'us',
        cycle: '2509',
        effective: '2025-09-04',
        expires: '2025-10-02',
        formatVersion: 1,
        bytes: usBytes.length,
        gzipBytes: gzipSync(usBytes).length,
        etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
        // On the index's own origin, whatever address the app reached the server at.
        url: '/downloads/current/navdata/us.cwnav',
      });
      expect(index.artifacts[1]).toMatchObject({ region: 'world', gzipBytes: null, bytes: worldBytes.length });
    });

    it('is revalidated every time, with an ETag', async () => {
      const reply = await get('/downloads/current/navdata/index.json');
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('no-cache');
      const again = await get('/downloads/current/navdata/index.json', { 'if-none-match': String(reply.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('leaves out a gzip copy that is not the artifact, and is empty for a channel with no files', async () => {
      const next = navdataIndexSchema.parse((await get('/downloads/next/navdata/index.json')).json());
      expect(next.artifacts).toEqual([expect.objectContaining({ region: 'us', cycle: '2510', gzipBytes: null })]);
      expect((await get('/downloads/dev/navdata/index.json')).json()).toEqual({ channel: 'dev', artifacts: [] });
    });

    it('points at the configured download root', async () => {
      const cdn = await startTestApp({ env: { NAVDATA_DIR: navdataDir, ENDPOINT_DOWNLOAD_ROOT_NEXT: 'https://cdn.clearway.example/next/' } });
      try {
        const next = navdataIndexSchema.parse((await cdn.app.inject({ method: 'GET', url: '/downloads/next/navdata/index.json' })).json());
        expect(next.artifacts[0]?.url).toBe('https://cdn.clearway.example/next/navdata/us.cwnav');
      } finally {
        await cdn.close();
      }
    });
  });

  describe('artifact', () => {
    it('sends the artifact with a strong ETag, caching for 5 minutes', async () => {
      const reply = await get('/downloads/current/navdata/us.cwnav');
      expect(reply.statusCode).toBe(200);
      expect(reply.rawPayload.equals(usBytes)).toBe(true);
      expect(reply.headers).toMatchObject({
        'content-type': 'application/octet-stream',
        'content-length': String(usBytes.length),
        'cache-control': ARTIFACT_CACHE_CONTROL,
        'accept-ranges': 'bytes',
        vary: 'Accept-Encoding',
        etag: usEtag(),
      });
      expect(ARTIFACT_CACHE_CONTROL).toBe('public, max-age=300');
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.headers['last-modified']).toMatch(/GMT$/);
    });

    it('answers 304 when the client has this build', async () => {
      for (const tag of [usEtag(), `W/${usEtag()}`, `"other", ${usEtag()}`, usEtag().replace(/"$/, '-gz"')]) {
        const reply = await get('/downloads/current/navdata/us.cwnav', { 'if-none-match': tag, 'accept-encoding': 'gzip' });
        expect(reply.statusCode).toBe(304);
        expect(reply.body).toBe('');
        expect(reply.headers['cache-control']).toBe(ARTIFACT_CACHE_CONTROL);
      }
      expect((await get('/downloads/current/navdata/us.cwnav', { 'if-none-match': '"0000"' })).statusCode).toBe(200);
    });

    it('sends the precompressed copy the client accepts', async () => {
      const gzip = await get('/downloads/current/navdata/us.cwnav', { 'accept-encoding': 'gzip, deflate' });
      expect(gzip.statusCode).toBe(200);
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers.etag).toBe(usEtag().replace(/"$/, '-gz"'));
      expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
      expect(gzip.rawPayload.length).toBeLessThan(usBytes.length / 4);
      expect(gunzipSync(gzip.rawPayload).equals(usBytes)).toBe(true);

      const br = await get('/downloads/current/navdata/us.cwnav', { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).equals(usBytes)).toBe(true);

      const refused = await get('/downloads/current/navdata/us.cwnav', { 'accept-encoding': 'gzip;q=0, br;q=0' });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.rawPayload.equals(usBytes)).toBe(true);

      // No copy at all, or a stale one: the raw file.
      const world = await get('/downloads/current/navdata/world.cwnav', { 'accept-encoding': 'gzip' });
      expect(world.headers['content-encoding']).toBeUndefined();
      const next = await get('/downloads/next/navdata/us.cwnav', { 'accept-encoding': 'gzip' });
      expect(next.headers['content-encoding']).toBeUndefined();
      expect(next.rawPayload.equals(nextBytes)).toBe(true);
    });

    it('serves byte ranges of the raw file, never compressed', async () => {
      const reply = await get('/downloads/current/navdata/us.cwnav', { range: 'bytes=100-1099', 'accept-encoding': 'gzip, br' });
      expect(reply.statusCode).toBe(206);
      expect(reply.headers['content-range']).toBe(`bytes 100-1099/${usBytes.length}`);
      expect(reply.headers['content-length']).toBe('1000');
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.headers.etag).toBe(usEtag());
      expect(reply.rawPayload.equals(usBytes.subarray(100, 1100))).toBe(true);

      const tail = await get('/downloads/current/navdata/us.cwnav', { range: 'bytes=-64' });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(usBytes.subarray(usBytes.length - 64))).toBe(true);

      const resume = await get('/downloads/current/navdata/us.cwnav', { range: `bytes=${usBytes.length - 10}-`, 'if-range': usEtag() });
      expect(resume.statusCode).toBe(206);
      expect(resume.rawPayload.equals(usBytes.subarray(usBytes.length - 10))).toBe(true);
    });

    it('sends the whole file when the build changed (If-Range) or several ranges are asked', async () => {
      const changed = await get('/downloads/current/navdata/us.cwnav', { range: 'bytes=100-', 'if-range': '"an-older-build"' });
      expect(changed.statusCode).toBe(200);
      expect(changed.rawPayload.equals(usBytes)).toBe(true);
      const several = await get('/downloads/current/navdata/us.cwnav', { range: 'bytes=0-1,10-11' });
      expect(several.statusCode).toBe(200);
      expect(several.rawPayload.length).toBe(usBytes.length);
    });

    it('answers 416 for a range past the end', async () => {
      const reply = await get('/downloads/current/navdata/us.cwnav', { range: `bytes=${usBytes.length}-` });
      expect(reply.statusCode).toBe(416);
      expect(reply.headers['content-range']).toBe(`bytes */${usBytes.length}`);
      expect(reply.json()).toEqual({ error: `Range bytes=${usBytes.length}- is outside the ${usBytes.length} bytes of us.cwnav`, bytes: usBytes.length });
    });

    it('answers HEAD with the headers only', async () => {
      const reply = await running.app.inject({ method: 'HEAD', url: '/downloads/current/navdata/us.cwnav' });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-length']).toBe(String(usBytes.length));
      expect(reply.headers.etag).toBe(usEtag());
      expect(reply.body).toBe('');
    });

    it('serves a file whose header cannot be read, without listing it', async () => {
      const reply = await get('/downloads/current/navdata/broken.cwnav');
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toBe('not an artifact');
      expect(index.artifacts.map((a) => a.region)).not.toContain('broken');
    });
  });

  describe('not found', () => {
    it.each([
      ['/downloads/stable/navdata/index.json', { error: 'Unknown nav data channel "stable"', channel: 'stable', channels: ['current', 'next', 'dev'] }],
      ['/downloads/stable/navdata/us.cwnav', { error: 'Unknown nav data channel "stable"', channel: 'stable', channels: ['current', 'next', 'dev'] }],
      ['/downloads/current/navdata/mars.cwnav', { error: 'No nav data for region "mars" in channel current', channel: 'current', region: 'mars' }],
      ['/downloads/dev/navdata/us.cwnav', { error: 'No nav data for region "us" in channel dev', channel: 'dev', region: 'us' }],
      ['/downloads/current/navdata/US.cwnav', { error: 'No nav data for region "US" in channel current', channel: 'current', region: 'US' }],
      ['/downloads/current/navdata/us.zip', { error: 'No nav data file "us.zip" in channel current', channel: 'current', file: 'us.zip' }],
    ])('%s is a JSON 404 naming what is missing', async (url, body) => {
      const reply = await get(url, HTML);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual(body);
    });

    it('never leaves the nav data folder', async () => {
      const reply = await get('/downloads/current/navdata/..%2f..%2fcurrent%2fus.cwnav');
      expect(reply.statusCode).toBe(404);
      expect(reply.rawPayload.equals(usBytes)).toBe(false);
    });
  });

  describe('a new build', () => {
    it('is picked up without a restart, with a new ETag', async () => {
      const dir = join(navdataDir, 'dev');
      await mkdir(dir, { recursive: true });
      const first = makeArtifact({ cycle: '2510', region: 'us', effective: '2025-10-02', expires: '2025-10-30' }, 'BUILD ONE\n'.repeat(50));
      await writeFile(join(dir, 'us.cwnav'), first);
      const before = navdataIndexSchema.parse((await get('/downloads/dev/navdata/index.json')).json()).artifacts[0];
      expect((await get('/downloads/dev/navdata/us.cwnav')).rawPayload.equals(first)).toBe(true);

      // Same size, same second: only the content differs (and the inode, as a builder's rename gives).
      const second = makeArtifact({ cycle: '2510', region: 'us', effective: '2025-10-02', expires: '2025-10-30' }, 'BUILD TWO\n'.repeat(50));
      await rm(join(dir, 'us.cwnav'));
      await writeFile(join(dir, 'us.cwnav.tmp'), second);
      await rename(join(dir, 'us.cwnav.tmp'), join(dir, 'us.cwnav'));
      await utimes(join(dir, 'us.cwnav'), new Date('2025-09-30T00:00:00Z'), new Date('2025-09-30T00:00:00Z'));
      const after = navdataIndexSchema.parse((await get('/downloads/dev/navdata/index.json')).json()).artifacts[0];
      expect(after?.etag).not.toBe(before?.etag);
      const reply = await get('/downloads/dev/navdata/us.cwnav', { 'if-none-match': before?.etag ?? '' });
      expect(reply.statusCode).toBe(200);
      expect(reply.rawPayload.equals(second)).toBe(true);
    });
  });
});

describe('readArtifactHeader', () => {
  it('reads the header from the first bytes and says what is wrong otherwise', async () => {
    const dir = await makeTempDir('clearway-header-');
    try {
      await writeFile(join(dir, 'us.cwnav'), usBytes);
      expect(await readArtifactHeader(join(dir, 'us.cwnav'))).toEqual({
        formatVersion: 1,
        cycle: '2509',
        region: 'us',
        effective: '2025-09-04',
        expires: '2025-10-02',
      });
      await writeFile(join(dir, 'short.cwnav'), usBytes.subarray(0, 40));
      await expect(readArtifactHeader(join(dir, 'short.cwnav'))).rejects.toThrow(/^truncated: 24 of \d+ header bytes$/);
      await writeFile(join(dir, 'magic.cwnav'), Buffer.from('PK\x03\x04 a zip'));
      await expect(readArtifactHeader(join(dir, 'magic.cwnav'))).rejects.toThrow('not a Clearway nav database (bad magic)');
      const noCycle = makeArtifact({ cycle: 'x', region: 'us', effective: '2025-09-04', expires: '2025-10-02' }, '');
      await writeFile(join(dir, 'bad.cwnav'), noCycle);
      await expect(readArtifactHeader(join(dir, 'bad.cwnav'))).rejects.toThrow(/^header field cycle: /);
    } finally {
      await removeTempDir(dir);
    }
  });
});

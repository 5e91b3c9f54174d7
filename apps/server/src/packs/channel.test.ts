import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReply, findChartRegion, packIndexSchema, packFileName, type DataChannel, type PackKind } from '@clearway/protocol';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { Compression, PmtilesWriter, TileType } from './pmtiles.js';
import { packRoutes } from './routes.js';

// Chart cycles (56 days from 2021-02-25): 2026-10-29 is in force from 2026-10-29 to 2026-12-23,
// 2026-12-24 is the next one; channel next offers it 7 days early, from 2026-12-17 00:00 UTC.
const CURRENT = '2026-10-29';
const NEXT = '2026-12-24';

/** A one-tile archive (the index reads each pack's header). */
async function writePack(dir: string, cycle: string, region: string, kind: PackKind): Promise<void> {
  await mkdir(join(dir, cycle), { recursive: true });
  const writer = new PmtilesWriter(join(dir, cycle, packFileName(region, kind)), { tileType: TileType.png, tileCompression: Compression.none, bounds: findChartRegion(region)!.bounds, metadata: { region, cycle } });
  await writer.add(5, 9, 11, new Uint8Array([cycle === CURRENT ? 1 : 2, 3, 4]));
  await writer.finish();
}

describe('chart cycles by release channel (DATA_CHANNEL)', () => {
  let dir: string;
  let clock = 0;
  const apps: FastifyInstance[] = [];

  async function serve(channel: DataChannel): Promise<FastifyInstance> {
    const app = Fastify();
    await app.register(packRoutes, { packsDir: dir, channel, now: () => clock });
    apps.push(app);
    return app;
  }

  async function index(app: FastifyInstance) {
    const reply = await app.inject({ url: '/packs/index.json' });
    expect(reply.statusCode).toBe(200);
    const parsed = checkReply('/packs/index.json', packIndexSchema, reply.json());
    return { ...parsed, newYork: parsed.regions.find((region) => region.code === 'New_York')!.packs.map((pack) => `${pack.kind}@${pack.cycle}`) };
  }

  beforeAll(async () => {
    dir = await makeTempDir('clearway-pack-channels-');
    await writePack(dir, CURRENT, 'New_York', 'vfr');
    await writePack(dir, CURRENT, 'New_York', 'terrain');
    await writePack(dir, NEXT, 'New_York', 'vfr');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await removeTempDir(dir);
  });

  it('current offers the next cycle only from its effective date, and will not serve its packs before', async () => {
    const app = await serve('current');
    clock = Date.parse('2026-12-23T23:59:59Z');
    expect(await index(app)).toMatchObject({ channel: 'current', cycles: [CURRENT], newYork: [`vfr@${CURRENT}`, `terrain@${CURRENT}`] });
    const early = await app.inject({ url: `/packs/${NEXT}/New_York.vfr.pmtiles` });
    expect(early.statusCode).toBe(404);
    expect(early.json()).toEqual({ error: `Chart cycle ${NEXT} is not offered on channel current before ${NEXT}`, cycle: NEXT, channel: 'current' });
    clock = Date.parse('2026-12-24T00:00:00Z');
    expect(await index(app)).toMatchObject({ cycles: [NEXT, CURRENT], newYork: [`vfr@${NEXT}`, `vfr@${CURRENT}`, `terrain@${CURRENT}`] });
    expect((await app.inject({ url: `/packs/${NEXT}/New_York.vfr.pmtiles` })).statusCode).toBe(200);
  });

  it('next offers the next cycle a week before it becomes current', async () => {
    const app = await serve('next');
    clock = Date.parse('2026-12-16T23:59:59Z');
    expect(await index(app)).toMatchObject({ channel: 'next', cycles: [CURRENT] });
    expect((await app.inject({ url: `/packs/${NEXT}/New_York.vfr.pmtiles` })).json()).toMatchObject({ error: `Chart cycle ${NEXT} is not offered on channel next before 7 days before ${NEXT}` });
    clock = Date.parse('2026-12-17T00:00:00Z');
    const offered = await index(app);
    expect(offered).toMatchObject({ cycles: [NEXT, CURRENT], newYork: [`vfr@${NEXT}`, `vfr@${CURRENT}`, `terrain@${CURRENT}`] });
    // The entry says when it takes effect and when it expires.
    const next = (await app.inject({ url: '/packs/index.json' })).json().regions.find((r: { code: string }) => r.code === 'New_York').packs[0];
    expect(next).toMatchObject({ cycle: NEXT, effective: NEXT, expires: '2027-02-18' });
    const file = await app.inject({ url: `/packs/${NEXT}/New_York.vfr.pmtiles` });
    expect(file.statusCode).toBe(200);
    expect(file.headers.etag).toBe(next.etag);
  });

  it('dev offers every cycle the server holds', async () => {
    const app = await serve('dev');
    clock = Date.parse('2026-11-01T00:00:00Z');
    expect(await index(app)).toMatchObject({ channel: 'dev', cycles: [NEXT, CURRENT] });
  });
});

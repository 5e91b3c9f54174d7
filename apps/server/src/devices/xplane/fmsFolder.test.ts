import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readPlan } from '@clearway/planfiles';
import { SIM_FMS_FOLDER_PATH } from '@clearway/protocol';
import { startSimServer, type SimTestServer } from '../../testing/simApp.js';
import { FMS_FOLDER_PER_MINUTE } from './fmsFolder.js';

/** The shared real `.fms` files (../shared/data beside the repository; no silent skip when missing). */
const REAL_DIR = join(import.meta.dirname, '../../../../../../shared/data/xplane/flightplans/aerofly-missions');
if (!existsSync(REAL_DIR)) throw new Error(`The real X-Plane .fms files are expected in ${REAL_DIR} (../shared/data/xplane beside the repository)`);

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function server(fmsDir: string | null): Promise<SimTestServer> {
  const s = await startSimServer({ fmsDir, beacon: null });
  closers.push(() => s.close());
  return s;
}

const post = (s: SimTestServer, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${s.origin}${SIM_FMS_FOLDER_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: s.cookie, ...headers }, body: JSON.stringify(body) });

const message = async (res: Response): Promise<string> => ((await res.json()) as { message: string }).message;

describe('Send to X-Plane folder (issue 24): /sim/fms-folder', () => {
  it('says whether the folder is configured, to signed-in sessions only', async () => {
    const off = await server(null);
    expect(await (await fetch(`${off.origin}${SIM_FMS_FOLDER_PATH}`, { headers: { cookie: off.cookie } })).json()).toEqual({ configured: false });
    expect((await fetch(`${off.origin}${SIM_FMS_FOLDER_PATH}`)).status).toBe(401);
    const on = await server(join(await mkdtemp(join(tmpdir(), 'clearway-fms-')), 'FMS plans'));
    expect(await (await fetch(`${on.origin}${SIM_FMS_FOLDER_PATH}`, { headers: { cookie: on.cookie } })).json()).toEqual({ configured: true });
  });

  it('writes a real .fms (EGCC-EDDF, airways and procedures) into the folder through the one planfiles writer', async () => {
    const fmsDir = join(await mkdtemp(join(tmpdir(), 'clearway-fms-')), 'Output', 'FMS plans');
    const s = await server(fmsDir);
    const real = await readFile(join(REAL_DIR, 'EGCC-EDDF.fms'), 'utf8');
    const res = await post(s, { name: 'EGCC-EDDF', fms: real });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, message: "Flight plan written to X-Plane's FMS plans as EGCC-EDDF.fms", file: 'EGCC-EDDF.fms' });
    expect(await readdir(fmsDir)).toEqual(['EGCC-EDDF.fms']);
    const written = readPlan(await readFile(join(fmsDir, 'EGCC-EDDF.fms'), 'utf8'));
    const original = readPlan(real);
    expect(written.format).toBe('xplane-fms');
    // The same points, airways, altitudes and procedures as the real file (positions to 6 decimals as written).
    expect(written.plan).toEqual(original.plan);
  });

  it('refuses what it cannot write, saying what: no folder, not an .fms, a bad name, a foreign Origin, no session', async () => {
    const real = await readFile(join(REAL_DIR, 'EGCC-EDDF.fms'), 'utf8');
    const off = await server(null);
    const noFolder = await post(off, { name: 'A', fms: real });
    expect(noFolder.status).toBe(409);
    expect((await message(noFolder))).toBe('XPLANE_FMS_DIR is not set on the server, so plans cannot be written into X-Plane; download the .fms instead');

    const fmsDir = join(await mkdtemp(join(tmpdir(), 'clearway-fms-')), 'FMS plans');
    const s = await server(fmsDir);
    const gpx = await post(s, { name: 'A', fms: '<?xml version="1.0"?><gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1"><rte><rtept lat="1" lon="2"/><rtept lat="1.5" lon="2"/></rte></gpx>' });
    expect(gpx.status).toBe(400);
    expect((await message(gpx))).toBe('Not an X-Plane .fms plan (it reads as gpx)');
    const broken = await post(s, { name: 'A', fms: 'I\n1100 Version\nCYCLE 2106\nADEP EGCC\nADES EDDF\nNUMENR 2\n1 EGCC ADEP x 53.35 -2.27\n1 EDDF ADES 0 50.03 8.57\n' });
    expect(broken.status).toBe(400);
    expect((await message(broken))).toMatch(/line 7/);
    const badName = await post(s, { name: '../../etc/passwd', fms: real });
    expect(badName.status).toBe(400);
    expect((await message(badName))).toBe('Not a flight plan to send: name: a file name of 1 to 64 letters, digits, spaces, "_" or "-"');
    expect((await post(s, { name: 'A', fms: real }, { origin: 'https://elsewhere.example' })).status).toBe(403);
    expect((await fetch(`${s.origin}${SIM_FMS_FOLDER_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'A', fms: real }) })).status).toBe(401);
    expect(await readdir(fmsDir).catch(() => [])).toEqual([]);
  });

  it(`refuses a send past ${FMS_FOLDER_PER_MINUTE} in a minute from one session`, async () => {
    const s = await server(join(await mkdtemp(join(tmpdir(), 'clearway-fms-')), 'FMS plans'));
    const statuses: number[] = [];
    for (let i = 0; i <= FMS_FOLDER_PER_MINUTE; i++) statuses.push((await post(s, { name: 'A', fms: 'not a plan' })).status);
    expect(statuses.slice(0, FMS_FOLDER_PER_MINUTE).every((code) => code === 400)).toBe(true);
    expect(statuses.length).toBe(FMS_FOLDER_PER_MINUTE + 1);
    expect(statuses[FMS_FOLDER_PER_MINUTE]).toBe(429);
  });
});

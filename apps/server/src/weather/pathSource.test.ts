import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { weatherSnapshotSchemas, WEATHER_PRODUCT_TYPES } from '@clearway/protocol';
import { migrateToLatest, openDatabase, type Database } from '../db/index.js';
import { InProcessHub } from '../realtime/index.js';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { classifyWeatherFile } from './files.js';
import { WeatherIngester, type IngestLogger } from './ingest.js';
import { PathSource } from './pathSource.js';

const SHARED_WEATHER = join(import.meta.dirname, '../../../../../shared/data/weather');
if (!existsSync(SHARED_WEATHER)) throw new Error(`Weather files expected in ${SHARED_WEATHER} (the shared data folder beside the repository, ../shared/data)`);

/** A pino-shaped logger that keeps what it was told. */
function recordingLogger(): IngestLogger & { lines: Array<{ level: string; details: object; message: string }> } {
  const lines: Array<{ level: string; details: object; message: string }> = [];
  return {
    lines,
    info: (details, message) => void lines.push({ level: 'info', details, message }),
    warn: (details, message) => void lines.push({ level: 'warn', details, message }),
    error: (details, message) => void lines.push({ level: 'error', details, message }),
  };
}

describe('WEATHER_SOURCE=path over ../shared/data/weather', () => {
  let dir: string;
  let db: Database;
  beforeEach(async () => {
    dir = await makeTempDir();
    db = openDatabase({ dialect: 'sqlite', path: join(dir, 'wx.sqlite') });
    await migrateToLatest(db);
  });
  afterEach(async () => {
    await db.close();
    await removeTempDir(dir);
  });

  it('recognises every product file of the folder as it is laid out, and nothing else', async () => {
    const source = new PathSource(SHARED_WEATHER);
    const found = await source.scan();
    const byKind = new Map<string, string[]>();
    for (const file of found) byKind.set(file.kind, [...(byKind.get(file.kind) ?? []), file.path.slice(SHARED_WEATHER.length + 1)]);
    expect(byKind.get('metar-csv')).toEqual(['metar/metars.cache-2025-01-27T2225Z.csv']);
    expect(byKind.get('stations-json')).toEqual(['products/awc-stations/stations.cache-2026-02-21.json']);
    expect(byKind.get('fb-text')?.length).toBe(4);
    expect(byKind.get('taf-text')?.every((p) => p.includes('/TAF/'))).toBe(true);
    expect(byKind.get('taf-text')?.length).toBe(19);
    expect(byKind.get('pirep-text')?.every((p) => p.includes('/PIREPS/'))).toBe(true);
    expect(byKind.get('sigmet-text')?.every((p) => p.includes('/SIGMETS/') || p.includes('/CWA/'))).toBe(true);
    expect(byKind.get('gairmet-xml')?.every((p) => p.includes('/GAIRMET/'))).toBe(true);
    // avwx-cases expectations and licences are not products.
    expect(found.some((file) => file.path.includes('avwx-cases'))).toBe(false);
    expect(source.unrecognised.some((path) => path.includes('LICENSE'))).toBe(true);
  });

  it('ingests every type into snapshots of the protocol shapes, counting what it could not read', async () => {
    const logger = recordingLogger();
    const ingester = new WeatherIngester({ db, source: new PathSource(SHARED_WEATHER), hub: new InProcessHub(), logger });
    const outcomes = await ingester.ingestAll();
    expect(outcomes.map((o) => [o.type, o.status])).toEqual(
      ['stations', 'metar', 'taf', 'pirep', 'airmet', 'fbo'].map((type) => [type, 'new-cycle']),
    );
    for (const type of WEATHER_PRODUCT_TYPES) {
      const stored = await ingester.store.snapshotText(type);
      expect(stored, type).not.toBeNull();
      const snapshot = weatherSnapshotSchemas[type].parse(JSON.parse(stored!.text));
      expect(snapshot.cycle).toBe(stored!.head.cycle);
    }
    const metar = JSON.parse((await ingester.store.snapshotText('metar'))!.text) as { stations: Array<{ id: string; cat: string | null }> };
    // The cache holds 4,909 reports; one per station is kept (the newest), every one placed.
    expect(metar.stations.length).toBeGreaterThan(4000);
    expect(new Set(metar.stations.map((s) => s.cat))).toEqual(new Set(['VFR', 'MVFR', 'IFR', 'LIFR', null]));
    const ksfo = metar.stations.find((s) => s.id === 'KSFO');
    expect(ksfo).toBeDefined();
    const stations = JSON.parse((await ingester.store.snapshotText('stations'))!.text) as { stations: Array<{ id: string }> };
    expect(stations.stations.length).toBeGreaterThan(8000);
    const fbo = JSON.parse((await ingester.store.snapshotText('fbo'))!.text) as { bulletins: Array<{ forecastHours: number; year: number; month: number; raw: string }> };
    expect(fbo.bulletins.find((b) => b.raw.includes('FBUS31 KWNO'))).toMatchObject({ forecastHours: 6, year: 2026, month: 1 });
    const airmet = JSON.parse((await ingester.store.snapshotText('airmet'))!.text) as { advisories: Array<{ kind: string }> };
    expect(new Set(airmet.advisories.map((a) => a.kind))).toEqual(new Set(['CONVECTIVE_SIGMET', 'CONVECTIVE_OUTLOOK', 'SIGMET', 'CWA', 'G_AIRMET']));
    const summary = outcomes.map((o) => ('entries' in o ? `${o.type}: ${o.entries} entries, ${o.malformed} malformed, ${o.unknownStations} unknown stations, ${o.ms} ms` : o.type));
    console.log(summary.join('\n'));
    // Malformed reports are logged, not fatal.
    expect(logger.lines.filter((line) => line.level === 'error')).toEqual([]);
  });

  it('a second look at unchanged files is not modified: no new cycle, the fetch time moves', async () => {
    const source = new PathSource(SHARED_WEATHER);
    let now = Date.UTC(2026, 10, 25, 11);
    const clock = { now: () => now, setTimer: () => 0, clearTimer: () => undefined };
    const ingester = new WeatherIngester({ db, source, hub: new InProcessHub(), logger: recordingLogger(), clock });
    const first = await ingester.ingest('fbo');
    now += 60_000;
    const second = await ingester.ingest('fbo');
    expect(first).toMatchObject({ status: 'new-cycle', cycle: Date.UTC(2026, 10, 25, 11) });
    expect(second).toMatchObject({ status: 'not-modified', cycle: Date.UTC(2026, 10, 25, 11) });
    expect((await ingester.store.head('fbo'))?.fetchedAt).toBe(now);
  });

  it('recognises the formats by content as well as by name', () => {
    expect(classifyWeatherFile('x.txt', '000\nFTUS41 KOKX 251341 AAA\nTAFJFK\nTAF AMD\nKJFK 251341Z 2514/2618 05006KT P6SM BKN018=\n')).toBe('taf-text');
    expect(classifyWeatherFile('x.txt', 'UBUS01 KMSC 090000\nBIL UA /OV BIL /TM 0017 /FL080 /TP BE9L=\n')).toBe('pirep-text');
    expect(classifyWeatherFile('x.txt', '(Extracted from FBUS31 KWNO 251358)\nFD1US1\nDATA BASED ON 251200Z\n')).toBe('fb-text');
    expect(classifyWeatherFile('a.json', '[{"icaoId":"KSFO","rawOb":"KSFO 251356Z 29012KT 10SM FEW010 13/09 A3002","lat":37.6}]')).toBe('metar-json');
    expect(classifyWeatherFile('a.json', '[{"icaoId":"KSFO","rawTAF":"TAF KSFO ..."}]')).toBe('taf-json');
    expect(classifyWeatherFile('README.md.txt', 'Weather notes')).toBeNull();
  });
});

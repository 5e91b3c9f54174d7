// @vitest-environment node
// The shared FIS-B capture (../shared/data/gdl90/captures: 963 real UAT uplinks) re-sent as GDL90
// Uplink messages, decoded with @clearway/gdl90 as the ADS-B path does, ingested, and read through
// the real weather store (fake weather root; the stations snapshot from the shared AWC station list).
import { createFisbCollector, createGdl90Decoder, encodeFrame, encodeUplink, parseDump978Line, type FisbText } from '@clearway/gdl90';
import { decodeFbBulletin } from '@clearway/weather';
import type { MetarSnapshot, WeatherStation } from '@clearway/protocol';
import { describe, expect, it } from 'vitest';
import CAPTURE_TEXT from '../../../../../../../shared/data/gdl90/captures/fisb-decode-tg30/tg30.978?raw';
import STATIONS_TEXT from '../../../../../../../shared/data/weather/products/awc-stations/stations.cache-2026-02-21.json?raw';
import { fakeWeatherRoot, metarStation } from '../../../test/weather/snapshots';
import { createWeatherStore } from '../snapshotStore';
import { FisbWeatherHolder, ingestFisbProducts, weatherSourceOf, withFisbWeather } from './index';
import { fbFallbackPlace } from './decode';

const ROOT = 'http://127.0.0.1:8080/wx';

/** The capture as a receiver would send it: each uplink in a GDL90 frame, decoded by the GDL90 decoder, its payload into the FIS-B collector. */
function captureTexts(): { texts: FisbText[]; receivedAt: number } {
  if (!CAPTURE_TEXT.startsWith('#') && !CAPTURE_TEXT.startsWith('+')) throw new Error('The shared FIS-B capture did not load (../shared/data/gdl90/captures/fisb-decode-tg30/tg30.978)');
  const decoder = createGdl90Decoder();
  const collector = createFisbCollector();
  let receivedAt = 0;
  for (const line of CAPTURE_TEXT.split('\n')) {
    const p = parseDump978Line(line);
    if (!p?.uplink) continue;
    receivedAt ||= (p.receivedAtSeconds ?? 0) * 1000;
    for (const m of decoder.push(encodeFrame(encodeUplink({ timeOfReception: null, payload: p.bytes })))) if (m.type === 'uplink') collector.addUplink(m.payload);
  }
  return { texts: collector.texts, receivedAt };
}

function stationsSnapshot(): { type: 'stations'; cycle: number; stations: WeatherStation[] } {
  const rows = JSON.parse(STATIONS_TEXT) as { icaoId: string | null; lat: number; lon: number; elev: number | null; site: string | null; siteType: string[] }[];
  const stations = rows
    .filter((r) => r.icaoId !== null && /^[A-Z0-9]{3,5}$/.test(r.icaoId) && Math.abs(r.lat) <= 90 && Math.abs(r.lon) <= 180)
    .map((r) => ({ id: r.icaoId!, lat: r.lat, lon: r.lon, elevFt: r.elev, name: (r.site ?? '').slice(0, 120), metar: r.siteType.includes('METAR'), taf: r.siteType.includes('TAF') }));
  return { type: 'stations', cycle: 1_600_000_000_000, stations };
}

const { texts, receivedAt } = captureTexts();
const latestMetar = (id: string) =>
  texts
    .filter((t) => (t.type === 'METAR' || t.type === 'SPECI') && t.text.split(/\s+/)[1] === id)
    .map((t) => t.text)
    .sort((a, b) => a.split(/\s+/)[2]!.localeCompare(b.split(/\s+/)[2]!))
    .at(-1)!;

describe('FIS-B weather into the weather store', () => {
  it('the capture decodes (GDL90 uplinks) to METARs, TAFs, PIREPs, winds and SIGMETs', () => {
    expect(new Date(receivedAt).toISOString()).toBe('2020-10-30T08:52:40.094Z');
    const types = new Set(texts.map((t) => t.type));
    for (const t of ['METAR', 'TAF', 'PIREP', 'WINDS', 'SIGMET', 'AIRMET']) expect(types).toContain(t);
  });

  it('with no internet copy, METARs and TAFs appear with source ADS-B and their own time; the age counts from reception', async () => {
    const root = fakeWeatherRoot(ROOT);
    root.bodies.stations = stationsSnapshot();
    const holder = new FisbWeatherHolder();
    const store = withFisbWeather(createWeatherStore({ fetch: root.fetch, root: () => ROOT, log: { info: () => undefined, warn: () => undefined } }), holder);
    // The stations snapshot (stored or downloaded) places PIREP and SIGMET points beside the FB stations' VORs.
    await store.want('stations');
    const result = await ingestFisbProducts(texts, receivedAt, { into: holder, store });
    expect(result.records).toBeGreaterThan(1000);
    // The capture's convective SIGMETs were issued days before it (WST KMKC 170253, 062057 ...):
    // past their valid time, so left out (no airmet change); a current one: see the test below.
    expect(result.changed.sort()).toEqual(['fbo', 'metar', 'pirep', 'taf']);
    const pireps = store.entry('pirep').snapshot!.reports;
    expect(pireps.length).toBeGreaterThan(0);
    expect(pireps.every((r) => weatherSourceOf(r) === 'ADS-B' && Number.isFinite(r.lat) && Number.isFinite(r.lon))).toBe(true);
    // The server has no metar snapshot (404): the entry is the ADS-B one alone.
    await store.want('metar');
    const metar = store.entry('metar').snapshot!;
    expect(metar).not.toBeNull();
    const kind = metar.stations.find((s) => s.id === 'KIND')!;
    expect(store.entry('stations').reason).toBeNull();
    expect(store.entry('stations').snapshot?.stations.length).toBeGreaterThan(5000);
    // The report as sent, less the FIS-B record's "METAR"/"SPECI" word and closing '='.
    expect(kind.raw).toBe(latestMetar('KIND').replace(/=$/, ''));
    expect(weatherSourceOf(kind)).toBe('ADS-B');
    expect(kind.lat).toBeCloseTo(39.725, 2);
    expect(kind.lon).toBeCloseTo(-86.282, 2);
    expect(kind.time).toBe(Date.UTC(2020, 9, 30, Number(latestMetar('KIND').split(/\s+/)[2]!.slice(2, 4)), Number(latestMetar('KIND').split(/\s+/)[2]!.slice(4, 6))));
    expect(metar.cycle).toBe(receivedAt);
    expect(metar.stations.every((s) => weatherSourceOf(s) === 'ADS-B')).toBe(true);
    const taf = store.entry('taf').snapshot!;
    expect(taf.tafs.length).toBeGreaterThan(50);
    expect(taf.tafs.every((t) => weatherSourceOf(t) === 'ADS-B' && t.validTo > t.validFrom)).toBe(true);
    // Winds: FB bulletins the FB decoder reads, one station each.
    const fbo = store.entry('fbo').snapshot!;
    expect(fbo.bulletins.length).toBeGreaterThan(50); // one per station, the newest
    const one = decodeFbBulletin(fbo.bulletins[0]!.raw);
    expect(one.stations).toHaveLength(1);
    expect(one.issues).toEqual([]);
    // The same object until something changes (useSyncExternalStore).
    expect(store.entry('metar')).toBe(store.entry('metar'));
    store.stop();
  });

  it("without a stations snapshot, METARs are placed by the airport database's places (the linked routing worker) where the FB stations do not know them", async () => {
    const ids = [...new Set(texts.filter((t) => t.type === 'METAR' || t.type === 'SPECI').map((t) => t.text.split(/\s+/)[1]!))];
    const unknownToFb = ids.filter((id) => fbFallbackPlace(id) === null);
    expect(unknownToFb.length).toBeGreaterThan(10);
    // The airport database's positions, here from the real station list (what the routing worker would answer).
    const listed = new Map((stationsSnapshot() as { stations: { id: string; lat: number; lon: number }[] }).stations.map((s) => [s.id, { lat: s.lat, lon: s.lon }]));
    const places = Object.fromEntries(ids.filter((id) => listed.has(id)).map((id) => [id, listed.get(id)!]));
    const placedIds = async (withPlaces: boolean) => {
      const holder = new FisbWeatherHolder();
      const root = fakeWeatherRoot(ROOT);
      const store = withFisbWeather(createWeatherStore({ fetch: root.fetch, root: () => ROOT, log: { info: () => undefined, warn: () => undefined } }), holder);
      await ingestFisbProducts(texts, receivedAt, { into: holder, store: null, ...(withPlaces ? { places } : {}) });
      await store.want('metar');
      const stations = store.entry('metar').snapshot?.stations ?? [];
      store.stop();
      return new Map(stations.map((s) => [s.id, s]));
    };
    const without = await placedIds(false);
    const withDb = await placedIds(true);
    const gained = unknownToFb.filter((id) => places[id] !== undefined);
    expect(gained.length).toBeGreaterThan(10);
    for (const id of gained) {
      expect(without.has(id)).toBe(false);
      expect(withDb.get(id)).toMatchObject({ lat: places[id]!.lat, lon: places[id]!.lon });
    }
    expect(withDb.size).toBe(without.size + gained.length);
  });

  it('an internet METAR newer than the ADS-B one stays; an older one is replaced by ADS-B', async () => {
    const root = fakeWeatherRoot(ROOT);
    const kindTime = Date.UTC(2020, 9, 30, 6, 54);
    const internet: MetarSnapshot = {
      type: 'metar',
      cycle: Date.UTC(2020, 9, 30, 7, 0),
      stations: [
        metarStation('KIND', 'VFR', { lat: 39.72, lon: -86.28, time: kindTime, raw: 'KIND 300654Z 00000KT 10SM CLR 05/01 A3020' }),
        metarStation('KLAF', 'VFR', { lat: 40.41, lon: -86.95, time: Date.UTC(2020, 9, 30, 23, 54), raw: 'KLAF 302354Z 00000KT 10SM CLR 05/01 A3020' }),
      ],
    };
    root.bodies.metar = internet;
    root.bodies.stations = stationsSnapshot();
    const holder = new FisbWeatherHolder();
    const store = withFisbWeather(createWeatherStore({ fetch: root.fetch, root: () => ROOT, log: { info: () => undefined, warn: () => undefined } }), holder);
    await store.want('metar');
    await store.want('stations');
    expect(store.entry('metar').snapshot!.stations.every((s) => weatherSourceOf(s) === 'internet')).toBe(true);
    const heard: string[] = [];
    store.subscribe((type) => heard.push(type));
    await ingestFisbProducts(texts, receivedAt, { into: holder, store });
    expect(heard).toContain('metar');
    const stations = store.entry('metar').snapshot!.stations;
    const kind = stations.find((s) => s.id === 'KIND')!;
    const laf = stations.find((s) => s.id === 'KLAF')!;
    expect(weatherSourceOf(kind)).toBe('ADS-B');
    expect(kind.time).toBeGreaterThan(kindTime);
    expect(weatherSourceOf(laf)).toBe('internet');
    expect(laf.raw).toBe('KLAF 302354Z 00000KT 10SM CLR 05/01 A3020');
    // The same products again change nothing.
    const before = store.entry('metar');
    expect((await ingestFisbProducts(texts, receivedAt + 60_000, { into: holder, store })).changed).toEqual([]);
    expect(store.entry('metar')).toBe(before);
    store.stop();
  });

  it('a convective SIGMET whose points are placed becomes an area of the airmet snapshot with source ADS-B', async () => {
    const root = fakeWeatherRoot(ROOT);
    const holder = new FisbWeatherHolder();
    const store = withFisbWeather(createWeatherStore({ fetch: root.fetch, root: () => ROOT, log: { info: () => undefined, warn: () => undefined } }), holder);
    const text = 'WST KMKC 300755 CONVECTIVE SIGMET 3C\nTN AR MS\nFROM MEM-LIT-JAN-MEM\nAREA TS MOV FROM 24020KT. TOPS TO FL400.';
    const r = await ingestFisbProducts([{ productId: 12, kind: 'SIGMET', text }], receivedAt, { into: holder, store: null });
    expect(r.changed).toEqual(['airmet']);
    const [sigmet] = store.entry('airmet').snapshot!.advisories;
    expect(sigmet).toMatchObject({ kind: 'CONVECTIVE_SIGMET', id: '3C', topFt: 40_000 });
    expect(sigmet!.polygon).toHaveLength(4);
    expect(sigmet!.polygon[0]![1]).toBeCloseTo(35.06, 1); // MEM
    expect(weatherSourceOf(sigmet)).toBe('ADS-B');
    store.stop();
  });

  it('products that are not weather (NOTAM, SUA) or do not decode are skipped, never thrown', async () => {
    const holder = new FisbWeatherHolder();
    const r = await ingestFisbProducts([{ kind: 'NOTAM', text: 'NOTAM-D IND 10/123 ...' }, { kind: 'METAR', text: 'METAR ### garbage' }, { kind: 'WINDS', text: 'WINDS' }], receivedAt, { into: holder, store: null });
    expect(r).toEqual({ records: 0, skipped: 3, changed: [] });
  });
});

// Test kit of features/weather (src/test: tests and kits only): small valid snapshots and a fake
// weather root that answers like the server's /wx (strong ETag, If-None-Match -> 304).
import type { MetarEntry, MetarSnapshot, PirepSnapshot, AirmetSnapshot, WeatherProductType } from '@clearway/protocol';

export function metarStation(id: string, cat: MetarEntry['cat'], extra: Partial<MetarEntry> = {}): MetarEntry {
  return {
    id, lat: 37, lon: -122, time: 1_700_000_000_000, raw: `${id} 271756Z 28012KT 10SM CLR 18/09 A3001`, cat,
    wind: { dir: 280, kt: 12, gust: null }, visSm: 10, ceilingFt: null, cover: 'CLR', ...extra,
  };
}

/** One station in each flight category, and one without a category. */
export function metarSnapshot(cycle: number): MetarSnapshot {
  return {
    type: 'metar',
    cycle,
    stations: [
      metarStation('KSFO', 'VFR', { lat: 37.62, lon: -122.37 }),
      metarStation('KOAK', 'MVFR', { lat: 37.72, lon: -122.22, wind: { dir: 190, kt: 23, gust: 31 }, visSm: 4, ceilingFt: 2500, cover: 'BKN' }),
      metarStation('KSJC', 'IFR', { lat: 37.36, lon: -121.93, wind: { dir: null, kt: 3, gust: null }, visSm: 2, ceilingFt: 800, cover: 'OVC' }),
      metarStation('KHAF', 'LIFR', { lat: 37.51, lon: -122.5, wind: { dir: 0, kt: 0, gust: null }, visSm: 0.25, ceilingFt: 100, cover: 'VV' }),
      metarStation('KXXX', null, { lat: 38, lon: -122, wind: null, visSm: null }),
    ],
  };
}

export function pirepSnapshot(cycle: number): PirepSnapshot {
  return {
    type: 'pirep',
    cycle,
    reports: [
      { lat: 37, lon: -121, time: cycle - 600_000, urgent: true, altFt: 9000, aircraft: 'C172', turb: 'SEV', icing: null, raw: 'SFO UUA /OV SFO090020/TM 1750/FL090/TP C172/TB SEV' },
      { lat: 38, lon: -121, time: cycle - 300_000, urgent: false, altFt: 12000, aircraft: 'B738', turb: null, icing: 'LGT', raw: 'SAC UA /OV SAC/TM 1755/FL120/TP B738/IC LGT RIME' },
    ],
  };
}

export function airmetSnapshot(cycle: number): AirmetSnapshot {
  return {
    type: 'airmet',
    cycle,
    advisories: [{
      kind: 'G_AIRMET', id: 'TANGO-1', hazard: 'TURB-LO', severity: 'MOD', validFrom: cycle, validTo: cycle + 3 * 3_600_000,
      baseFt: 0, topFt: 18000, baseIsFreezingLevel: false, polygon: [[-123, 37], [-121, 37], [-121, 39], [-123, 37]], raw: 'G-AIRMET TANGO',
    }],
  };
}

export interface FakeWeatherRoot {
  fetch: typeof fetch;
  /** The body served per type (replace to publish a new cycle); a string is served as it is. */
  bodies: Partial<Record<WeatherProductType, unknown>>;
  /** Every request: its URL and If-None-Match. */
  requests: { url: string; ifNoneMatch: string | null }[];
  /** Fail every request with a network error (a TypeError, as fetch does offline). */
  offline: boolean;
}

/** A weather root at `root` answering `{type}.json` like the server: ETag of the body, 304 on a match, 404 for a type it lacks. */
export function fakeWeatherRoot(root = 'http://127.0.0.1:8080/wx'): FakeWeatherRoot {
  const fake: FakeWeatherRoot = {
    bodies: {},
    requests: [],
    offline: false,
    fetch: async (input, init) => {
      const url = String(input);
      const headers = new Headers(init?.headers);
      fake.requests.push({ url, ifNoneMatch: headers.get('if-none-match') });
      if (fake.offline) throw new TypeError('Failed to fetch');
      const type = url.startsWith(`${root}/`) ? url.slice(root.length + 1).replace(/\.json$/, '') : '';
      const body = fake.bodies[type as WeatherProductType];
      if (body === undefined) return new Response('not found', { status: 404 });
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      const etag = `"${text.length}-${[...text].reduce((hash, c) => (hash * 31 + c.charCodeAt(0)) >>> 0, 7)}"`;
      if (headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { etag } });
      return new Response(text, { status: 200, headers: { etag, 'content-type': 'application/json' } });
    },
  };
  return fake;
}

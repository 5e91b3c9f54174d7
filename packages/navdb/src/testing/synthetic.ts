import type { Airport, AirportType, Airway, Fix, Frequency, Navaid, NavaidType, NavDataSet, Procedure, Runway } from '../model.js';
import { sampleNavDataSet } from './sample.js';

/**
 * A synthetic data set shaped like the US build (about 20,000 airports, 24,000 runways, 1,800
 * navaids, 67,000 fixes, 1,400 airways) for benchmarks and load tests: real-looking idents (3-letter
 * FAA ids, `CA12`-style private ids, K-prefixed ICAO ids, 5-letter fixes, same-named points), names
 * built from place words, positions over the US. Deterministic for a seed; not real data.
 */
export function syntheticNavDataSet(options: { seed?: number; scale?: number } = {}): NavDataSet {
  const random = mulberry32(options.seed ?? 2511);
  const scale = options.scale ?? 1;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const header = { ...sampleNavDataSet().header, region: 'us', sources: [{ id: 'faa-nasr' as const, name: 'synthetic', edition: null, files: [] }] };
  const position = (): { latDeg: number; lonDeg: number } =>
    random() < 0.93
      ? { latDeg: round7(25 + random() * 24), lonDeg: round7(-124 + random() * 57) }
      : random() < 0.7
        ? { latDeg: round7(55 + random() * 15), lonDeg: round7(-165 + random() * 25) }
        : { latDeg: round7(19 + random() * 3), lonDeg: round7(-160 + random() * 5) };

  const used = new Set<string>();
  const unique = (make: () => string): string => {
    for (;;) {
      const id = make();
      if (!used.has(id)) {
        used.add(id);
        return id;
      }
    }
  };
  const airports: Airport[] = [];
  for (let i = 0; i < Math.round(20_000 * scale); i++) {
    const publicUse = random() < 0.27;
    const heli = !publicUse && random() < 0.35;
    const id = publicUse
      ? unique(() => (random() < 0.6 ? letters(random, 3) : `${pick(DIGITS)}${letters(random, 1)}${pick(DIGITS)}`))
      : unique(() => privateId(random, pick));
    const city = cityName(random, pick);
    const state = pick(STATES);
    const type: AirportType = heli ? 'heliport' : random() < 0.03 ? 'seaplane_base' : random() < 0.01 ? 'closed' : 'airport';
    const towered = publicUse && random() < 0.12;
    const runways = heli ? [runway(random, 'H1', null)] : Array.from({ length: 1 + Math.floor(random() * random() * 3) }, (_, k) => runway(random, `${k + 1}`, position()));
    const longest = runways.reduce<number | null>((m, r) => Math.max(m ?? 0, r.lengthFt ?? 0), null);
    airports.push({
      id, faaId: id, icaoId: publicUse && /^[A-Z]{3}$/.test(id) ? `K${id}` : null,
      name: heli ? `${pick(SURNAMES)} ${pick(HELI_WORDS)}` : publicUse ? `${city} ${pick(PUBLIC_WORDS)}` : `${pick(SURNAMES)} ${pick(PRIVATE_WORDS)}`,
      city, state, country: 'US', ...position(), elevationFt: Math.round(random() * 60_000) / 10,
      type, publicUse, towered, fuel: publicUse && random() < 0.6, fuelTypes: publicUse ? '100LL,A' : null,
      longestRunwayFt: longest, longestRunwaySurface: heli ? null : 'H', magVarDeg: Math.round(random() * 300 - 150) / 10,
      runways, frequencies: publicUse ? frequencies(random) : [], source: { source: 'faa-nasr', file: 'APT_BASE.csv', line: i + 2 },
    });
  }
  const navaids: Navaid[] = [];
  for (let i = 0; i < Math.round(1_800 * scale); i++) {
    const ndb = i % 3 === 2;
    const type: NavaidType = ndb ? pick(['NDB', 'NDB-DME'] as const) : pick(['VOR', 'VORTAC', 'VOR-DME', 'TACAN', 'DME'] as const);
    // Most VORs share their ident with an airport, as SFO does.
    const id = ndb ? letters(random, 2 + Math.floor(random() * 2)) : random() < 0.4 ? pick(airports).id : letters(random, 3);
    navaids.push({
      id, name: cityName(random, pick), type, ...position(), elevationFt: Math.round(random() * 5000),
      frequencyKhz: ndb ? 190 + Math.floor(random() * 345) : 108_000 + 50 * Math.floor(random() * 200), channel: ndb ? null : `${17 + Math.floor(random() * 109)}X`,
      slavedVarDeg: ndb ? null : Math.round(random() * 30 - 15), region: 'K2', state: pick(STATES), country: 'US',
      source: { source: 'faa-nasr', file: 'NAV_BASE.csv', line: i + 2 },
    });
  }
  const fixes: Fix[] = [];
  const fixIds: string[] = [];
  for (let i = 0; i < Math.round(67_000 * scale); i++) {
    // About 2% of fix idents repeat in another region.
    const id = fixIds.length > 0 && random() < 0.02 ? pick(fixIds) : pronounceable(random, 5);
    fixIds.push(id);
    fixes.push({
      id, ...position(), region: pick(['K1', 'K2', 'K3', 'K4', 'K5', 'K6', 'K7', 'PA']), state: pick(STATES), country: 'US',
      use: pick(['WP', 'RP', 'CN', 'MW']), airportId: random() < 0.05 ? pick(airports).id : null,
      source: { source: 'faa-nasr', file: 'FIX_BASE.csv', line: i + 2 },
    });
  }
  const airways: Airway[] = [];
  for (const [prefix, count, kind] of [['V', 600, 'V'], ['J', 250, 'J'], ['T', 350, 'T'], ['Q', 200, 'Q']] as const) {
    for (let n = 1; n <= Math.round(count * scale); n++) {
      airways.push({
        id: `${prefix}${n}`, kind,
        points: Array.from({ length: 5 + Math.floor(random() * 25) }, () => {
          const f = pick(fixes);
          return { ident: f.id, kind: 'fix' as const, latDeg: f.latDeg, lonDeg: f.lonDeg, meaFt: 1000 * (3 + Math.floor(random() * 15)), gapAfter: random() < 0.01 };
        }),
        source: { source: 'faa-nasr', file: 'AWY_BASE.csv', line: n },
      });
    }
  }
  const template = sampleNavDataSet().procedures;
  const procedures: Procedure[] = airports.filter((a) => a.icaoId !== null).slice(0, 50)
    .flatMap((a) => template.slice(0, 2).map((p) => ({ ...p, airportId: a.icaoId ?? a.id })));
  return { header, airports, navaids, fixes, airways, procedures };
}

/**
 * A realistic mix of `count` search-box queries over a data set: 40% whole idents (airport FAA and
 * ICAO ids, navaids, fixes, airways), 30% partial idents (1 to 4 characters), 30% starts of
 * airport name or city words, in mixed case. Deterministic for a seed.
 */
export function benchmarkQueries(data: NavDataSet, count = 1000, seed = 7): string[] {
  const random = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const idents = (): string => {
    const r = random();
    if (r < 0.4) return pick(data.airports).id;
    if (r < 0.55) return pick(data.airports).icaoId ?? pick(data.airports).id;
    if (r < 0.7) return pick(data.navaids).id;
    if (r < 0.95) return pick(data.fixes).id;
    return pick(data.airways).id;
  };
  const out: string[] = [];
  while (out.length < count) {
    const r = random();
    if (r < 0.4) out.push(idents());
    else if (r < 0.7) {
      const id = idents();
      out.push(id.slice(0, 1 + Math.floor(random() * Math.min(4, id.length))));
    } else {
      const a = pick(data.airports);
      const words = `${a.name} ${a.city ?? ''}`.split(/\s+/).filter((w) => w.length > 0);
      const word = pick(words);
      const text = random() < 0.3 ? words.slice(words.indexOf(word)).join(' ') : word;
      out.push(text.slice(0, 2 + Math.floor(random() * Math.max(1, text.length - 1))).toLowerCase());
    }
  }
  return out;
}

const DIGITS = '0123456789'.split('');
const STATES = 'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(' ');
const CITY_PREFIX = ['', '', '', '', 'NORTH ', 'SOUTH ', 'EAST ', 'WEST ', 'NEW ', 'LAKE ', 'PORT ', 'FORT ', 'SAN ', 'SANTA ', 'MOUNT ', 'SAINT '];
const CITY_ROOT = ['ALDEN', 'BARTON', 'CEDAR', 'DALTON', 'ELM', 'FARMING', 'GRAN', 'HOLLIS', 'IRVING', 'JASPER', 'KENT', 'LAWSON', 'MAPLE', 'NORTON', 'OAK', 'PINE', 'QUINCY', 'RIDGE', 'SHELBY', 'TAYLOR', 'UNION', 'VERNON', 'WALTON', 'YORK', 'ZION', 'ASH', 'BROOK', 'CLIFF', 'DEER', 'FAIR', 'GREEN', 'HAYWARD', 'MADISON', 'FRANKLIN', 'CLINTON', 'MARION', 'SALEM', 'AUBURN', 'DAYTON', 'HUDSON'];
const CITY_SUFFIX = ['', '', 'VILLE', 'TON', 'FIELD', 'BURG', 'WOOD', 'DALE', 'PORT', 'FORD', ' CITY', ' SPRINGS', ' HEIGHTS', ' FALLS', ' JUNCTION'];
const SURNAMES = ['SMITH', 'JOHNSON', 'WILLIAMS', 'BROWN', 'JONES', 'MILLER', 'DAVIS', 'WILSON', 'ANDERSON', 'THOMAS', 'MOORE', 'MARTIN', 'JACKSON', 'WHITE', 'HARRIS', 'CLARK', 'LEWIS', 'ROBINSON', 'WALKER', 'YOUNG', 'ALLEN', 'KING', 'WRIGHT', 'SCOTT', "O'NEAL", 'MC GREGOR', 'ST. MARY'];
const PUBLIC_WORDS = ['MUNI', 'REGIONAL', 'INTL', 'COUNTY', 'AIRPARK', 'FIELD', 'MEMORIAL', 'EXECUTIVE', 'MUNICIPAL AIRPORT'];
const PRIVATE_WORDS = ['RANCH', 'FARM', 'AIRSTRIP', 'FIELD', 'STRIP', 'AIRPORT', 'LANDING STRIP', 'FLYING RANCH'];
const HELI_WORDS = ['MEDICAL CENTER HELIPORT', 'HOSPITAL HELIPORT', 'HELIPORT', 'HELISTOP', 'REGIONAL MEDICAL CTR HELIPORT'];

function cityName(random: () => number, pick: <T>(xs: readonly T[]) => T): string {
  return `${pick(CITY_PREFIX)}${pick(CITY_ROOT)}${random() < 0.5 ? pick(CITY_SUFFIX) : ''}`;
}

// FAA ids of private fields: `CA12`, `00CA`, `1CA2`, `7N34` (about 41,000 possible).
function privateId(random: () => number, pick: <T>(xs: readonly T[]) => T): string {
  const d = (): string => pick(DIGITS);
  const st = pick(STATES);
  const r = random();
  if (r < 0.4) return `${st}${d()}${d()}`;
  if (r < 0.6) return `${d()}${d()}${st}`;
  if (r < 0.8) return `${d()}${st}${d()}`;
  return `${d()}${letters(random, 1)}${d()}${d()}`;
}

function letters(random: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String.fromCharCode(65 + Math.floor(random() * 26));
  return s;
}

function pronounceable(random: () => number, n: number): string {
  const consonants = 'BCDFGHJKLMNPRSTVWXZ';
  const vowels = 'AEIOUY';
  let s = '';
  for (let i = 0; i < n; i++) {
    const set = i % 2 === 0 ? consonants : vowels;
    s += random() < 0.85 ? set[Math.floor(random() * set.length)] : String.fromCharCode(65 + Math.floor(random() * 26));
  }
  return s;
}

function runway(random: () => number, id: string, from: { latDeg: number; lonDeg: number } | null): Runway {
  const lengthFt = from === null ? null : 100 * (15 + Math.floor(random() * random() * 100));
  const end = (endId: string, latDeg: number | null, lonDeg: number | null): Runway['ends'][number] => ({
    id: endId, latDeg, lonDeg, trueHeadingDeg: latDeg === null ? null : Math.round(random() * 3600) / 10, elevationFt: null, displacedThresholdFt: null,
  });
  return {
    id: from === null ? id : `${id}/${Number(id) + 18}`, lengthFt, widthFt: lengthFt === null ? null : 50 + 25 * Math.floor(random() * 5),
    surface: random() < 0.7 ? 'ASPH' : 'TURF', surfaceClass: 'H', lighted: lengthFt !== null && lengthFt > 3000, lighting: null,
    ends: from === null ? [end(id, null, null)] : [end(id, from.latDeg, from.lonDeg), end(`${Number(id) + 18}`, round7(from.latDeg + 0.01), round7(from.lonDeg + 0.01))],
  };
}

function frequencies(random: () => number): Frequency[] {
  const n = Math.floor(random() * 4);
  return Array.from({ length: n }, (_, k) => ({ type: ['CTAF', 'UNICOM', 'TWR', 'GND'][k] ?? 'ATIS', frequencyKhz: 118_000 + 25 * Math.floor(random() * 760), description: null }));
}

function round7(deg: number): number {
  return Math.round(deg * 1e7) / 1e7;
}

/** A small, fast seeded generator (mulberry32); uniform in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

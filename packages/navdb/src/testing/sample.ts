import type { Airport, Fix, Navaid, NavDataSet, Procedure, Runway, SourceRef } from '../model.js';

/**
 * A small hand-built data set around San Francisco Bay (plus two foreign airports) for tests in any
 * package: every field used, nulls, unicode names, same-named points of different kinds and regions,
 * runways with and without end positions, airways and procedures. Positions are real to about 1e-6
 * degree; other values are plausible, not authoritative. Returns a fresh copy on each call.
 */
export function sampleNavDataSet(): NavDataSet {
  const airports = [ksfo(), koak(), khwd(), heliport(), lszh(), nzch()];
  return {
    header: {
      formatVersion: 1,
      cycle: '2511',
      region: 'us',
      effective: '2025-10-30',
      expires: '2025-11-27',
      sources: [
        { id: 'faa-nasr', name: 'FAA NASR 28-day subscription', edition: '2025-10-30', files: ['APT_BASE.csv', 'NAV_BASE.csv'] },
        { id: 'faa-cifp', name: 'FAA CIFP', edition: null, files: ['FAACIFP18'] },
      ],
      builtAt: '2025-10-31T12:00:00Z',
      counts: { airports: 0, runways: 0, navaids: 0, fixes: 0, airways: 0, procedures: 0 },
    },
    airports,
    navaids: navaids(),
    fixes: fixes(),
    airways: [
      {
        id: 'V25',
        kind: 'V',
        points: [
          { ident: 'SFO', kind: 'navaid', latDeg: 37.619369, lonDeg: -122.373867, meaFt: 5000, gapAfter: false },
          { ident: 'ARCHI', kind: 'fix', latDeg: 37.490833, lonDeg: -121.875, meaFt: null, gapAfter: true },
          { ident: 'NOWHR', kind: 'unknown', latDeg: null, lonDeg: null, meaFt: 6500.5, gapAfter: false },
        ],
        source: src('faa-nasr', 'AWY_BASE.csv', 12),
      },
      {
        id: 'J80',
        kind: 'J',
        points: [{ ident: 'OAK', kind: 'navaid', latDeg: 37.725625, lonDeg: -122.223511, meaFt: 18000, gapAfter: false }],
        source: src('faa-nasr', 'AWY_BASE.csv', 40),
      },
    ],
    procedures: procedures(),
  };
}

function src(source: SourceRef['source'], file: string, line: number): SourceRef {
  return { source, file, line };
}

function runway(id: string, ends: [string, number | null, number | null][], lengthFt: number | null, surface: string | null): Runway {
  return {
    id,
    lengthFt,
    widthFt: lengthFt === null ? null : 150,
    surface,
    surfaceClass: surface === 'TURF' ? 'S' : surface === 'WATER' ? 'W' : 'H',
    lighted: lengthFt === null ? null : lengthFt > 3000,
    lighting: lengthFt !== null && lengthFt > 3000 ? 'HIGH' : null,
    ends: ends.map(([endId, latDeg, lonDeg], k) => ({
      id: endId,
      latDeg,
      lonDeg,
      trueHeadingDeg: latDeg === null ? null : k === 0 ? 117.9 : 297.9,
      elevationFt: latDeg === null ? null : 10.2 + k,
      displacedThresholdFt: k === 0 ? 492 : null,
    })),
  };
}

function airport(fields: Partial<Airport> & Pick<Airport, 'id' | 'name' | 'latDeg' | 'lonDeg'>): Airport {
  return {
    faaId: fields.id,
    icaoId: null,
    city: null,
    state: null,
    country: 'US',
    elevationFt: null,
    type: 'airport',
    publicUse: null,
    towered: null,
    fuel: null,
    fuelTypes: null,
    longestRunwayFt: null,
    longestRunwaySurface: null,
    magVarDeg: null,
    runways: [],
    frequencies: [],
    source: src('faa-nasr', 'APT_BASE.csv', 2),
    ...fields,
  };
}

function ksfo(): Airport {
  return airport({
    id: 'SFO', icaoId: 'KSFO', name: 'SAN FRANCISCO INTL', city: 'SAN FRANCISCO', state: 'CA',
    latDeg: 37.61896194, lonDeg: -122.37488972, elevationFt: 13.1, publicUse: true, towered: true, fuel: true,
    fuelTypes: '100LL,A', longestRunwayFt: 11870, longestRunwaySurface: 'H', magVarDeg: 13.68,
    runways: [
      runway('10L/28R', [['10L', 37.628739, -122.393392], ['28R', 37.613534, -122.357141]], 11870, 'ASPH-G'),
      runway('01R/19L', [['01R', 37.60693, -122.381137], ['19L', null, null]], 8650, 'ASPH'),
    ],
    frequencies: [
      { type: 'TWR', frequencyKhz: 120500, description: null },
      { type: 'ATIS', frequencyKhz: 118850, description: 'ARR/DEP' },
    ],
    source: src('faa-nasr', 'APT_BASE.csv', 18006),
  });
}

function koak(): Airport {
  return airport({
    id: 'OAK', icaoId: 'KOAK', name: 'METROPOLITAN OAKLAND INTL', city: 'OAKLAND', state: 'CA',
    latDeg: 37.72124194, lonDeg: -122.22075028, elevationFt: 9, publicUse: true, towered: true, fuel: true,
    fuelTypes: '100LL,A', longestRunwayFt: 10520, longestRunwaySurface: 'H', magVarDeg: -0.25,
    runways: [runway('12/30', [['12', 37.71554, -122.239256], ['30', 37.69918, -122.205131]], 10520, 'ASPH')],
  });
}

function khwd(): Airport {
  return airport({
    id: 'HWD', icaoId: 'KHWD', name: 'HAYWARD EXECUTIVE', city: 'HAYWARD', state: 'CA',
    latDeg: 37.65893333, lonDeg: -122.12164278, elevationFt: 52.3, publicUse: true, towered: true, fuel: false,
    longestRunwayFt: 5694, longestRunwaySurface: 'H',
    runways: [
      runway('10R/28L', [['10R', 37.661694, -122.131553], ['28L', 37.655861, -122.112903]], 5694, 'ASPH'),
      runway('10L/28R', [['10L', null, null], ['28R', null, null]], null, 'TURF'),
    ],
    frequencies: [{ type: 'CTAF', frequencyKhz: 119000, description: 'ÉCOLE Ω' }],
  });
}

function heliport(): Airport {
  return airport({
    id: 'CA12', faaId: 'CA12', name: "ST. MARY'S HOSPITAL HELIPORT", city: 'SAN FRANCISCO', state: 'CA',
    latDeg: 37.7734, lonDeg: -122.4539, type: 'heliport', publicUse: false,
    runways: [runway('H1', [['H1', 37.7734, -122.4539]], null, null)],
  });
}

function lszh(): Airport {
  return airport({
    id: 'LSZH', faaId: null, icaoId: 'LSZH', name: 'Zürich Flughafen', city: 'Zürich', state: 'ZH', country: 'CH',
    latDeg: 47.458056, lonDeg: 8.548056, elevationFt: 1416, towered: true, fuel: true, longestRunwayFt: 12139,
    longestRunwaySurface: 'H', source: src('ourairports', 'airports.csv', 2434),
  });
}

function nzch(): Airport {
  return airport({
    id: 'NZCH', faaId: null, icaoId: 'NZCH', name: 'Christchurch International', city: 'Christchurch', state: null,
    country: 'NZ', latDeg: -43.489399, lonDeg: 172.532, type: 'airport', source: src('xplane', 'apt.dat.gz', 991204),
  });
}

function navaid(fields: Partial<Navaid> & Pick<Navaid, 'id' | 'name' | 'type' | 'latDeg' | 'lonDeg'>): Navaid {
  return {
    elevationFt: null, frequencyKhz: null, channel: null, slavedVarDeg: null, region: 'K2', state: 'CA', country: 'US',
    source: src('faa-nasr', 'NAV_BASE.csv', 100), ...fields,
  };
}

function navaids(): Navaid[] {
  return [
    navaid({ id: 'SFO', name: 'SAN FRANCISCO', type: 'VORTAC', latDeg: 37.619369, lonDeg: -122.373867, elevationFt: 13, frequencyKhz: 115800, channel: '105X', slavedVarDeg: 17 }),
    navaid({ id: 'OAK', name: 'OAKLAND', type: 'VORTAC', latDeg: 37.725625, lonDeg: -122.223511, frequencyKhz: 116800, channel: '115X', slavedVarDeg: 17 }),
    navaid({ id: 'HW', name: 'HAYWARD', type: 'NDB', latDeg: 37.663, lonDeg: -122.1201, frequencyKhz: 382 }),
    navaid({ id: 'OSI', name: 'WOODSIDE', type: 'VOR-DME', latDeg: 37.392522, lonDeg: -122.281314, frequencyKhz: 113900, channel: '86X', slavedVarDeg: 17 }),
    navaid({ id: 'OS', name: 'OSAKA OUTER', type: 'OTHER', latDeg: 34.7, lonDeg: 135.4, region: null, state: null, country: null }),
  ];
}

function fix(id: string, latDeg: number, lonDeg: number, extra: Partial<Fix> = {}): Fix {
  return {
    id, latDeg, lonDeg, region: 'K2', state: 'CA', country: 'US', use: 'WP', airportId: null,
    source: src('faa-nasr', 'FIX_BASE.csv', 500), ...extra,
  };
}

function fixes(): Fix[] {
  return [
    fix('ARCHI', 37.490833, -121.875),
    fix('DUMBA', 37.503517, -122.096147, { use: 'RP' }),
    // Same ident in two regions: a route needs the nearer one.
    fix('ALPHA', 37.5, -122.5),
    fix('ALPHA', 47.5, -100.25, { region: 'K3', state: 'ND' }),
    fix('HWD', 37.6589, -122.1216, { use: null, airportId: 'KHWD', region: null, state: null, country: null, source: src('faa-cifp', 'FAACIFP18', 77) }),
    fix('SFOXY', 37.7, -122.6),
    fix('OSIRI', 37.1, -122.2),
  ];
}

function procedures(): Procedure[] {
  const leg = (fixId: string | null, pathTerminator: string, altitude1Ft: number | null): Procedure['transitions'][number]['legs'][number] => ({
    fixId, fixKind: fixId === null ? null : 'fix', latDeg: fixId === null ? null : 37.5, lonDeg: fixId === null ? null : -122.1,
    pathTerminator, turnDirection: pathTerminator === 'RF' ? 'L' : null, altitudeDescription: altitude1Ft === null ? null : '+',
    altitude1Ft, altitude2Ft: null, speedLimitKt: null, speedDescription: null, courseDeg: fixId === null ? 280 : null,
    distanceNm: null, recommendedNavaid: fixId === null ? null : 'OAK', descriptionCode: 'E  F',
  });
  return [
    {
      airportId: 'KHWD', kind: 'SID', id: 'HWD3',
      transitions: [{ id: 'RW28L', routeType: '5', legs: [leg(null, 'VA', 1000), leg('DUMBA', 'DF', null)] }],
      source: src('faa-cifp', 'FAACIFP18', 120),
    },
    {
      airportId: 'KHWD', kind: 'APPROACH', id: 'I28L',
      transitions: [{ id: '', routeType: 'I', legs: [leg('ARCHI', 'IF', 3000), leg('HWD', 'TF', 1400)] }],
      source: src('faa-cifp', 'FAACIFP18', 160),
    },
    {
      airportId: 'KXXX', kind: 'STAR', id: 'NOWHR1',
      transitions: [{ id: 'ALL', routeType: '2', legs: [] }],
      source: src('faa-cifp', 'FAACIFP18', 999),
    },
  ];
}

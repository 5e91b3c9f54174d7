import { encodeNavDb, type Airport, type NavDataSet, type NavDbHeader } from '@clearway/navdb';

/** A tiny nav data set: two airports around the San Francisco Bay, a VOR, a fix, an airway, a SID. */
export function tinyNavDataSet(overrides: Partial<Pick<NavDbHeader, 'cycle' | 'region' | 'effective' | 'expires'>> = {}): NavDataSet {
  const src = (file: string, line: number) => ({ source: 'faa-nasr' as const, file, line });
  const airport = (id: string, icaoId: string, name: string, city: string, latDeg: number, lonDeg: number, towered: boolean): Airport => ({
    id,
    faaId: id,
    icaoId,
    name,
    city,
    state: 'CA',
    country: 'US',
    latDeg,
    lonDeg,
    elevationFt: 50,
    type: 'airport',
    publicUse: true,
    towered,
    fuel: true,
    fuelTypes: '100LL,A',
    longestRunwayFt: 5694,
    longestRunwaySurface: 'H',
    magVarDeg: 13,
    runways: [
      {
        id: '10L/28R',
        lengthFt: 5694,
        widthFt: 150,
        surface: 'ASPH',
        surfaceClass: 'H',
        lighted: true,
        lighting: 'MED',
        ends: [
          { id: '10L', latDeg, lonDeg: lonDeg - 0.01, trueHeadingDeg: 112, elevationFt: 45, displacedThresholdFt: null },
          { id: '28R', latDeg: latDeg - 0.005, lonDeg: lonDeg + 0.01, trueHeadingDeg: 292, elevationFt: 48, displacedThresholdFt: null },
        ],
      },
    ],
    frequencies: [{ type: 'TWR', frequencyKhz: 120600, description: null }],
    source: src('APT_BASE.csv', 2),
  });
  const airports = [
    airport('HWD', 'KHWD', 'HAYWARD EXECUTIVE', 'HAYWARD', 37.6589, -122.1217, true),
    airport('OAK', 'KOAK', 'METROPOLITAN OAKLAND INTL', 'OAKLAND', 37.7213, -122.2208, true),
  ];
  const header: NavDbHeader = {
    formatVersion: 1,
    cycle: '2511',
    region: 'us',
    effective: '2025-11-27',
    expires: '2025-12-25',
    sources: [{ id: 'faa-nasr', name: 'FAA NASR', edition: '2025-11-27', files: ['APT_BASE.csv'] }],
    builtAt: '2025-11-20T00:00:00.000Z',
    counts: { airports: 2, runways: 2, navaids: 1, fixes: 1, airways: 1, procedures: 1 },
    ...overrides,
  };
  return {
    header,
    airports,
    navaids: [
      {
        id: 'OAK',
        name: 'OAKLAND',
        type: 'VORTAC',
        latDeg: 37.7259,
        lonDeg: -122.2236,
        elevationFt: 10,
        frequencyKhz: 116800,
        channel: '115X',
        slavedVarDeg: 17,
        region: 'K2',
        state: 'CA',
        country: 'US',
        source: src('NAV_BASE.csv', 2),
      },
    ],
    fixes: [
      { id: 'SUNOL', latDeg: 37.6, lonDeg: -121.9, region: 'K2', state: 'CA', country: 'US', use: 'RP', airportId: null, source: src('FIX_BASE.csv', 2) },
    ],
    airways: [
      {
        id: 'V334',
        kind: 'V',
        points: [
          { ident: 'OAK', kind: 'navaid', latDeg: 37.7259, lonDeg: -122.2236, meaFt: 4000, gapAfter: false },
          { ident: 'SUNOL', kind: 'fix', latDeg: 37.6, lonDeg: -121.9, meaFt: null, gapAfter: false },
        ],
        source: src('AWY_SEG_ALT.csv', 2),
      },
    ],
    procedures: [
      {
        airportId: 'HWD',
        kind: 'SID',
        id: 'HWD3',
        transitions: [
          {
            id: 'RW28L',
            routeType: '5',
            legs: [
              {
                fixId: 'SUNOL',
                fixKind: 'fix',
                latDeg: 37.6,
                lonDeg: -121.9,
                pathTerminator: 'DF',
                turnDirection: null,
                altitudeDescription: '+',
                altitude1Ft: 3000,
                altitude2Ft: null,
                speedLimitKt: null,
                speedDescription: null,
                courseDeg: null,
                distanceNm: null,
                recommendedNavaid: 'OAK',
                descriptionCode: null,
              },
            ],
          },
        ],
        source: { source: 'faa-cifp', file: 'FAACIFP18', line: 10 },
      },
    ],
  };
}

/** The tiny data set encoded as an artifact. */
export function tinyArtifact(overrides: Parameters<typeof tinyNavDataSet>[0] = {}): ArrayBuffer {
  const bytes = encodeNavDb(tinyNavDataSet(overrides));
  // A buffer of its own, exactly the artifact's bytes (the encoder may return a view).
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

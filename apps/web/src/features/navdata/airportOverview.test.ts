// The airports overview as a search index while the nav database loads (issue 27 point 10). The
// overview is made here as the server makes it (navdb airportFeatures of the decluttered airports).
import { describe, expect, it } from 'vitest';
import { airportFeatures, airportsShownAt, type Airport } from '@clearway/navdb';
import { createNaiveNavDb, sampleNavDataSet } from '@clearway/navdb/testing';
import { endpointsForOrigin, type ClientConfig } from '@clearway/protocol';
import { airportOverviewUrl, loadAirportOverview, parseAirportOverview, searchAirportOverview } from './airportOverview';

const sample = sampleNavDataSet();
const hayward = sample.airports.find((a) => a.id === 'HWD');
if (!hayward) throw new Error('the navdb sample lost HWD');
const like = (fields: Partial<Airport>): Airport => ({ ...hayward, runways: [], frequencies: [], faaId: fields.id ?? hayward.faaId, ...fields });
/** Real-looking fields: SFO (ICAO KSFO), a name sharing a word, an id prefix, and a private strip the overview leaves out. */
const airports: Airport[] = [
  hayward,
  like({ id: 'SFO', icaoId: 'KSFO', name: 'SAN FRANCISCO INTL', latDeg: 37.619, lonDeg: -122.375, publicUse: true, towered: true }),
  like({ id: 'SQL', icaoId: 'KSQL', name: 'SAN CARLOS', latDeg: 37.512, lonDeg: -122.25, publicUse: true, towered: true }),
  like({ id: 'SF1', icaoId: null, name: 'SOUTH FIELD', publicUse: true, towered: false }),
  like({ id: 'FRA', icaoId: null, name: 'FRANCISCO MUNI', publicUse: true, towered: false }),
  like({ id: 'PVT9', icaoId: null, name: 'SAN FRANCISCO RANCH', publicUse: false, towered: false }),
];
const overviewJson = JSON.parse(JSON.stringify(airportFeatures(airportsShownAt(airports, 0)))) as unknown;
const index = parseAirportOverview(overviewJson);
const ids = (query: string, limit = 30) => searchAirportOverview(index, query, limit).map((hit) => hit.ident);

describe('airports overview search', () => {
  it('reads the overview the server sends: id, name and position of each airport it draws', () => {
    expect(index.map((a) => a.id).sort()).toEqual(['FRA', 'HWD', 'SF1', 'SFO', 'SQL']);
    expect(index.find((a) => a.id === 'SFO')).toEqual({ id: 'SFO', name: 'SAN FRANCISCO INTL', latDeg: 37.619, lonDeg: -122.375, towered: true });
  });

  it('answers an ICAO id with the airport of its FAA id, an FAA id exactly, then the ids it starts', () => {
    expect(ids('KSFO')).toEqual(['SFO']);
    expect(ids('SFO')).toEqual(['SFO']);
    // The exact id first, then longer ids with the prefix.
    expect(ids('SF')).toEqual(['SF1', 'SFO']);
    expect(ids('ksfo ')).toEqual(['SFO']);
  });

  it('answers a name by the start of any word, after the ids, within the limit', () => {
    // Names: the alphabetically first matching suffix (FRANCISCO INTL before FRANCISCO MUNI).
    expect(ids('FRANCISCO')).toEqual(['SFO', 'FRA']);
    // An id match comes before a name match.
    expect(ids('FRA')).toEqual(['FRA', 'SFO']);
    expect(ids('SAN')).toEqual(['SQL', 'SFO']);
    expect(ids('SAN', 1)).toEqual(['SQL']);
    expect(ids('SO')).toEqual(['SF1']);
    expect(ids('')).toEqual([]);
    expect(ids('ZZZZ')).toEqual([]);
  });

  it('answers in the order the nav database itself answers, for every airport the overview holds', () => {
    // The overview has no city, so city words are the database's alone: compared without them.
    const db = createNaiveNavDb({ ...sample, airports: airports.map((airport) => ({ ...airport, city: null })) });
    const shown = new Set(index.map((a) => a.id));
    for (const query of ['KSFO', 'SFO', 'SF', 'S', 'SAN', 'SA', 'FRANCISCO', 'FRA', 'F', 'SOUTH', 'HWD', 'HAY', 'H', 'KSQL', 'CARLOS', 'RANCH', 'ZZZZ']) {
      const fromDb = db.search(query, { limit: 100 }).filter((hit) => hit.type === 'Airport' && shown.has(hit.ident)).map((hit) => hit.ident);
      expect(ids(query, 100), query).toEqual(fromDb);
    }
  });

  it('gives airport hits with the position and no summary (the overview has none)', () => {
    expect(searchAirportOverview(index, 'KSFO', 30)).toEqual([
      { type: 'Airport', ident: 'SFO', name: 'SAN FRANCISCO INTL', place: null, latDeg: 37.619, lonDeg: -122.375, summary: null },
    ]);
  });

  it('skips features it cannot use and refuses what is not a FeatureCollection', () => {
    const json = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [1, 2] }, properties: { id: 'ok1', name: 'GOOD' } },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [1, 2] }, properties: { name: 'NO ID' } },
        { type: 'Feature', geometry: null, properties: { id: 'X', name: 'NO GEOMETRY' } },
        { type: 'Feature', geometry: { type: 'Point', coordinates: ['a', 2] }, properties: { id: 'Y', name: 'BAD POSITION' } },
      ],
    };
    expect(parseAirportOverview(json)).toEqual([{ id: 'OK1', name: 'GOOD', latDeg: 2, lonDeg: 1, towered: false }]);
    expect(() => parseAirportOverview({ type: 'Feature' })).toThrow('The airports overview is not a GeoJSON FeatureCollection');
  });

  it("is the map's overview address, fetched once, and asked for again after a failure", async () => {
    const config: ClientConfig = { env: 'localhost', version: '1', dataChannel: 'dev', remoteLogging: false, endpoints: endpointsForOrigin('https://cw.test') };
    const url = airportOverviewUrl(config);
    expect(url).toBe('https://cw.test/downloads/dev/navdata/us.airports.geojson');
    const asked: string[] = [];
    let up = false;
    const fetchFn = (async (input: string | URL | Request) => {
      asked.push(String(input));
      return up ? new Response(JSON.stringify(overviewJson), { status: 200 }) : new Response('gone', { status: 503 });
    }) as typeof fetch;
    await expect(loadAirportOverview(url, fetchFn)).rejects.toThrow(`The airports overview ${url} answered 503`);
    up = true;
    const [first, second] = await Promise.all([loadAirportOverview(url, fetchFn), loadAirportOverview(url, fetchFn)]);
    expect(first).toBe(second);
    expect(first).toHaveLength(5);
    await loadAirportOverview(url, fetchFn);
    expect(asked).toEqual([url, url]);
  });
});

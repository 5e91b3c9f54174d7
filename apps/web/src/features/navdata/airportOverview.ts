import { airportWordSuffixes, rankAirports, type SearchableAirport, type SearchHit } from '@clearway/navdb';
import { navdataOverviewUrl, type ClientConfig } from '@clearway/protocol';
import { DEFAULT_NAV_REGION, downloadRootFor } from './navRegion';
import { serverFetch } from '../../platform/serverFetch';

/**
 * The airports overview (the server's GeoJSON of the region's airports that the map draws before the
 * nav database is open: public-use and towered fields, id, name and position) as a search index, so
 * the search box can answer an airport search while the full database loads (issue 27 point 10).
 * Routes, navaids, fixes and airways still need the full database.
 */
export interface OverviewAirport {
  id: string;
  name: string;
  latDeg: number;
  lonDeg: number;
  /** Towered (the overview's `towered`); ranks name matches as the database's search does. */
  towered: boolean;
}

/** The address of the airports overview the map fetches for this configuration. */
export function airportOverviewUrl(config: ClientConfig): string {
  return navdataOverviewUrl(downloadRootFor(config), DEFAULT_NAV_REGION, 'airports');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The airports of an overview FeatureCollection; features without a string id and name or a point
 * position are left out.
 * @throws Error when the JSON is not a FeatureCollection.
 */
export function parseAirportOverview(json: unknown): OverviewAirport[] {
  if (!isRecord(json) || json['type'] !== 'FeatureCollection' || !Array.isArray(json['features'])) {
    throw new Error('The airports overview is not a GeoJSON FeatureCollection');
  }
  const airports: OverviewAirport[] = [];
  for (const feature of json['features'] as unknown[]) {
    if (!isRecord(feature) || !isRecord(feature['properties']) || !isRecord(feature['geometry'])) continue;
    const { id, name } = feature['properties'];
    const coordinates = feature['geometry']['coordinates'];
    if (typeof id !== 'string' || typeof name !== 'string' || !Array.isArray(coordinates)) continue;
    const [lon, lat] = coordinates as unknown[];
    if (typeof lon !== 'number' || typeof lat !== 'number') continue;
    airports.push({ id: id.toUpperCase(), name, latDeg: lat, lonDeg: lon, towered: feature['properties']['towered'] === true });
  }
  return airports;
}

/**
 * The ICAO id of a contiguous-US FAA id: K and the three-letter id (SFO: KSFO). The overview carries
 * no ICAO ids; on the US nav database this convention names the right airport for every overview
 * airport that has such an ICAO id and never a wrong one (Alaska's and the Pacific's P ids do not
 * follow it, so they are left to the full database).
 */
function icaoIdOf(id: string): string | null {
  return /^[A-Z]{3}$/.test(id) ? `K${id}` : null;
}

const searchable = new WeakMap<readonly OverviewAirport[], SearchableAirport[]>();

/** The overview's airports as the navdb ranking reads them, made once per overview. */
function searchableOf(airports: readonly OverviewAirport[]): SearchableAirport[] {
  let list = searchable.get(airports);
  if (!list) {
    list = airports.map((airport) => {
      const icao = icaoIdOf(airport.id);
      return {
        keys: icao ? [airport.id, icao] : [airport.id],
        suffixes: airportWordSuffixes([airport.name]),
        // airportImportance without runway lengths (the overview has none): towered first.
        importance: airport.towered ? 1 : 0,
      };
    });
    searchable.set(airports, list);
  }
  return list;
}

/**
 * Airports of the overview for a search-box query, best first, ranked by the nav database's own rule
 * (@clearway/navdb `rankAirports`, the order of its search): exact ids (the FAA id or its US ICAO id),
 * ids starting with the query (shorter first), then airports with a name word starting with it
 * (towered first). Hits carry no summary (the overview has none).
 */
export function searchAirportOverview(airports: readonly OverviewAirport[], query: string, limit: number): SearchHit[] {
  return rankAirports(searchableOf(airports), query, limit).map((index) => {
    const airport = airports[index]!;
    return { type: 'Airport', ident: airport.id, name: airport.name, place: null, latDeg: airport.latDeg, lonDeg: airport.lonDeg, summary: null };
  });
}

const loads = new Map<string, Promise<OverviewAirport[]>>();

/**
 * The overview's airports, fetched once per address (the browser's cache or the service worker
 * usually has it: the map asked for it first). A failed fetch is forgotten, so the next query tries
 * again.
 * @throws Error naming the address when the server does not send it.
 */
export function loadAirportOverview(url: string, fetchFn: typeof fetch = serverFetch): Promise<OverviewAirport[]> {
  let load = loads.get(url);
  if (!load) {
    load = (async () => {
      const reply = await fetchFn(url);
      if (!reply.ok) throw new Error(`The airports overview ${url} answered ${reply.status}`);
      return parseAirportOverview(await reply.json());
    })();
    loads.set(url, load);
    load.catch(() => loads.delete(url));
  }
  return load;
}

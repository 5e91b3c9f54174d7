import { greatCircleDistanceNm } from '@clearway/geo';
import type { Airway, LatLon, Navaid, NavDb, WaypointMatch } from '@clearway/navdb';

/** Idents remembered per database before the cache starts again (a route names a few dozen; a whole country's points are ~100,000). */
const MAX_ENTRIES = 50_000;

class BoundedMap<V> extends Map<string, V> {
  remember(key: string, make: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined || this.has(key)) return hit as V;
    if (this.size >= MAX_ENTRIES) this.clear();
    const v = make();
    this.set(key, v);
    return v;
  }
}

/**
 * A nav database that remembers the route parser's point, navaid and airway lookups by ident, so
 * parsing many routes (a pasted list, the optimizer's re-plans, every keystroke of the search box)
 * builds each record once instead of once per token. The nearest of same-named candidates is chosen
 * as the database chooses it (spherical distance to the reference, the first on a tie). Records
 * are shared between parses: the parser only reads them. Everything else goes to the database.
 */
class RememberingNavDb implements NavDb {
  private readonly candidates = new BoundedMap<WaypointMatch[]>();
  private readonly navaidsById = new BoundedMap<Navaid[]>();
  private readonly airwayById = new BoundedMap<Airway | null>();
  private readonly airwaysById = new BoundedMap<Airway[]>();

  constructor(private readonly db: NavDb) {}

  get header() {
    return this.db.header;
  }

  getWaypoint(code: string, reference?: LatLon | null): WaypointMatch | null {
    const all = this.waypointCandidates(code);
    if (all.length === 0) return null;
    let chosen = all[0]!;
    if (reference && all.length > 1) {
      let bestNm = Number.POSITIVE_INFINITY;
      for (const m of all) {
        const d = greatCircleDistanceNm(reference.latDeg, reference.lonDeg, m.latDeg, m.lonDeg);
        if (d < bestNm) {
          bestNm = d;
          chosen = m;
        }
      }
    }
    return chosen;
  }

  waypointCandidates(code: string): WaypointMatch[] {
    return this.candidates.remember(code.trim().toUpperCase(), () => this.db.waypointCandidates(code));
  }

  navaids(id: string): Navaid[] {
    return this.navaidsById.remember(id, () => this.db.navaids(id));
  }

  airway(id: string): Airway | null {
    return this.airwayById.remember(id, () => this.db.airway(id));
  }

  airways(id: string): Airway[] {
    return this.airwaysById.remember(id, () => this.db.airways(id));
  }

  airportSummary: NavDb['airportSummary'] = (code) => this.db.airportSummary(code);
  getRunwayInfo: NavDb['getRunwayInfo'] = (id) => this.db.getRunwayInfo(id);
  search: NavDb['search'] = (query, options) => this.db.search(query, options);
  inBounds: NavDb['inBounds'] = (kind, bounds) => this.db.inBounds(kind, bounds);
  airwaySegmentsInBounds: NavDb['airwaySegmentsInBounds'] = (bounds) => this.db.airwaySegmentsInBounds(bounds);
  nearestAirports: NavDb['nearestAirports'] = (point, count) => this.db.nearestAirports(point, count);
  procedures: NavDb['procedures'] = (airportId, kind) => this.db.procedures(airportId, kind);
  airport: NavDb['airport'] = (id) => this.db.airport(id);
  fixes: NavDb['fixes'] = (id) => this.db.fixes(id);
}

const remembering = new WeakMap<NavDb, RememberingNavDb>();

/** The remembering view of a database (one per database, kept as long as the database is). */
export function rememberingNavDb(db: NavDb): NavDb {
  if (db instanceof RememberingNavDb) return db;
  let r = remembering.get(db);
  if (!r) {
    r = new RememberingNavDb(db);
    remembering.set(db, r);
  }
  return r;
}

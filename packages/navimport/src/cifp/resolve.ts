/**
 * Resolution of the fix references of procedure legs and airway points against the file's own
 * points: each reference names the fix's section (cols 37-38), ident and ICAO region, and terminal
 * references are scoped to the procedure's airport.
 */
import type { PointKind } from '@clearway/navdb';
import type { AirportRecord, NavaidRecord, RunwayEndRecord, WaypointRecord } from './records.js';

export interface ResolvedPoint {
  kind: PointKind;
  latDeg: number | null;
  lonDeg: number | null;
}

/** Index of every point a CIFP file defines, keyed the way its records refer to them. */
export class PointIndex {
  private readonly points = new Map<string, ResolvedPoint>();

  private put(key: string, point: ResolvedPoint): void {
    // The first definition wins; a repeat is the same point published again.
    if (!this.points.has(key)) this.points.set(key, point);
  }

  addAirport(rec: AirportRecord): void {
    this.put(`PA|${rec.ident}`, { kind: 'airport', latDeg: rec.airport.latDeg, lonDeg: rec.airport.lonDeg });
  }

  /** Runway thresholds are points of their airport (the model has no runway point kind). */
  addRunwayEnd(rec: RunwayEndRecord): void {
    this.put(`PG|${rec.airportIdent}|RW${rec.id}`, { kind: 'airport', latDeg: rec.latDeg, lonDeg: rec.lonDeg });
  }

  addWaypoint(rec: WaypointRecord): void {
    const { fix } = rec;
    const point: ResolvedPoint = { kind: 'fix', latDeg: fix.latDeg, lonDeg: fix.lonDeg };
    if (rec.airportIdent !== null) this.put(`PC|${rec.airportIdent}|${fix.id}|${fix.region ?? ''}`, point);
    else this.put(`EA|${fix.id}|${fix.region ?? ''}`, point);
  }

  addNavaid(rec: NavaidRecord, section: string): void {
    const { navaid } = rec;
    const point: ResolvedPoint = { kind: 'navaid', latDeg: navaid.latDeg, lonDeg: navaid.lonDeg };
    if (section === 'PN') this.put(`PN|${rec.airportIdent ?? ''}|${navaid.id}|${navaid.region ?? ''}`, point);
    else this.put(`${section}|${navaid.id}|${navaid.region ?? ''}`, point);
  }

  /**
   * The point a record refers to, or null when the file does not define it. `airportIdent` is the
   * referring procedure's airport (terminal waypoints, terminal NDBs and runways are its own).
   */
  resolve(section: string, ident: string, region: string | null, airportIdent: string | null): ResolvedPoint | null {
    const r = region ?? '';
    switch (section) {
      case 'PA':
        return this.points.get(`PA|${ident}`) ?? null;
      case 'PG':
        return this.points.get(`PG|${airportIdent ?? ''}|${ident}`) ?? null;
      case 'PC':
      case 'PN':
        return this.points.get(`${section}|${airportIdent ?? ''}|${ident}|${r}`) ?? null;
      default:
        return this.points.get(`${section}|${ident}|${r}`) ?? null;
    }
  }
}

/**
 * The route-string tokens parseRoute hands to this module: ICAO field 15 speed/level groups and
 * words, radial segments and radial/DME fixes, and the note (in a pilot's words) on every token
 * that could not be built or should be checked. parseRoute keeps one slot per route token, so a
 * token's position among the route tokens is also its slot.
 */
import type { LatLon, NavDb } from '@clearway/navdb';
import type { Route, TokenNote, Waypoint } from '../model.js';
import { isField15Word, malformedSpeedLevel, parseSpeedLevel, splitPointChange, type SpeedLevel } from './field15.js';
import { parseLatLonToken } from './latLon.js';
import { malformedRadial, OFF_RADIAL_NM, offRadialNm, parseRadialToken, radialDmeWaypoint, radialStation, stationVariation, type RadialToken } from './radial.js';
import { unknownTokenMessage } from './unknownToken.js';

type Slot = Waypoint | string | null;

interface Segment {
  pos: number;
  token: string;
  parsed: RadialToken;
}

const isPointSlot = (s: Slot | undefined): s is Waypoint => typeof s === 'object' && s !== null;

function formatVariation(deg: number): string {
  return `${Math.abs(deg).toFixed(1)}° ${deg < 0 ? 'W' : 'E'}`;
}

export class RouteTokens {
  readonly notes: TokenNote[] = [];
  /** Index among the typed tokens of each route token. */
  private readonly typedIndex: number[] = [];
  private readonly changes = new Map<number, SpeedLevel>();
  private initial: SpeedLevel | null = null;
  private readonly segments: Segment[] = [];

  constructor(
    private readonly db: NavDb,
    private readonly now: number,
    private readonly invalid: string[],
    /** The typed tokens (blank-separated, upper case), for the notes' indices. */
    private readonly typed: readonly string[],
  ) {}

  /**
   * The route tokens of the typed ones: field 15 words (`DCT`, `IFR`, ...) and speed/level groups
   * taken out (a group applies from the point before it, or from the first point at the start),
   * changes at a point (`LAKES/N0450F370`) split into the point and the change.
   */
  routeTokens(tokens: readonly string[]): string[] {
    const out: string[] = [];
    tokens.forEach((t, k) => {
      if (isField15Word(t)) return;
      const group = parseSpeedLevel(t);
      if (group) {
        if (out.length === 0) this.initial = group;
        else this.changes.set(out.length - 1, group);
        return;
      }
      // Airway ids may be shaped like a level or a speed (ICAO A580, M725): an airway or a point of
      // the database wins over the field 15 reading.
      const bad = malformedSpeedLevel(t);
      if (bad !== null && this.db.getWaypoint(t) === null && this.db.airway(t) === null) {
        this.fail(t, k, bad);
        return;
      }
      const split = splitPointChange(t);
      if (split) this.changes.set(out.length, split.change);
      this.typedIndex.push(k);
      out.push(split ? split.point : t);
    });
    return out;
  }

  /**
   * A radial/DME fix (its computed point, or null with an error noted) or a radial segment (null:
   * not a point; resolved with its neighbours by `resolveSegments`); undefined for other tokens.
   */
  radialSlot(token: string, pos: number, ref: LatLon | null): { waypoint: Waypoint | null } | undefined {
    const parsed = parseRadialToken(token);
    if (!parsed) return undefined;
    if (parsed.dmeNm === null) {
      this.segments.push({ pos, token, parsed });
      return { waypoint: null };
    }
    const found = radialStation(this.db, token, parsed.navaid, ref);
    if ('error' in found) {
      this.fail(token, this.typedIndex[pos] ?? -1, found.error);
      return { waypoint: null };
    }
    const v = stationVariation(found.station, this.now);
    if (!v.published) this.warn(token, pos, `${token}: ${parsed.navaid} publishes no variation, so today's from the magnetic model (${formatVariation(v.variationDeg)}) is used for its radial`);
    return { waypoint: radialDmeWaypoint(parsed, found.station, v.variationDeg) };
  }

  /**
   * Radial segments between their station (the point before) and the point after: the point after
   * is reached on the radial (`via_radial`), with a warning when it lies more than a mile off it.
   */
  resolveSegments(slots: Slot[]): void {
    for (const seg of this.segments) {
      const { token, parsed } = seg;
      const prev = this.neighbour(slots, seg.pos, -1);
      const next = this.neighbour(slots, seg.pos, 1);
      if (!prev || prev.type === 'AIRWAY' || prev.code !== parsed.navaid) {
        this.fail(token, this.typedIndex[seg.pos] ?? -1, `${token}: a radial leg starts at ${parsed.navaid}; write ${parsed.navaid} before it (${parsed.navaid} ${token} …)`);
        continue;
      }
      if (!next) {
        this.fail(token, this.typedIndex[seg.pos] ?? -1, `${token}: a radial leg needs the point it leads to after it`);
        continue;
      }
      if (next.type === 'AIRWAY') {
        this.fail(token, this.typedIndex[seg.pos] ?? -1, `${token}: a radial leg leads to a point, not to the airway ${next.code}`);
        continue;
      }
      const found = radialStation(this.db, token, parsed.navaid, { latDeg: prev.location.lat, lonDeg: prev.location.lon });
      if ('error' in found) {
        this.fail(token, this.typedIndex[seg.pos] ?? -1, found.error);
        continue;
      }
      const v = stationVariation(found.station, this.now);
      if (!v.published) this.warn(token, seg.pos, `${token}: ${parsed.navaid} publishes no variation, so today's from the magnetic model (${formatVariation(v.variationDeg)}) is used for its radial`);
      next.via_radial = { navaid: parsed.navaid, radial: parsed.radial };
      const off = offRadialNm(found.station, parsed.radial, v.variationDeg, next.location);
      if (off === null) this.warn(token, seg.pos, `${token}: ${next.code} is behind ${parsed.navaid}, not on its ${parsed.radialText} radial`);
      else if (off > OFF_RADIAL_NM) this.warn(token, seg.pos, `${token}: ${parsed.navaid}'s ${parsed.radialText} radial does not pass ${next.code} (${off.toFixed(1)} nm off)`);
    }
  }

  /** Puts the speed/level groups on the points they apply from (`speed_level`, `cruise_altitude`, `cruise_tas`). */
  applySpeedLevels(slots: Slot[]): void {
    const apply = (pos: number, g: SpeedLevel) => {
      const slot = slots[pos];
      const token = this.typed[this.typedIndex[pos] ?? -1] ?? g.group;
      if (isPointSlot(slot) && slot.type !== 'AIRWAY') {
        slot.speed_level = g.group;
        slot.cruise_tas = g.tasKt;
        if (g.altitudeFt !== null) slot.cruise_altitude = g.altitudeFt;
        else delete slot.cruise_altitude;
      } else if (slot !== null || this.segments.some((s) => s.pos === pos)) {
        this.warn(token, pos, `${g.group}: a speed/level change applies at a point, not at ${isPointSlot(slot) ? `the airway ${slot.code}` : typeof slot === 'string' ? 'a procedure' : 'a radial'}; it is not used`);
      }
    };
    if (this.initial) {
      const first = slots.findIndex((s) => isPointSlot(s) && s.type !== 'AIRWAY');
      if (first >= 0 && !this.changes.has(first)) apply(first, this.initial);
    }
    for (const [pos, g] of this.changes) apply(pos, g);
  }

  /** The route with its notes: one for every invalid token and airway error, plus the warnings. */
  finish(route: Route): Route {
    const hasError = new Set(this.notes.filter((n) => n.severity === 'error').map((n) => n.token));
    for (const token of route.invalid_tokens) {
      if (hasError.has(token)) continue;
      hasError.add(token);
      this.notes.push({ token, index: this.indexOf(token), severity: 'error', message: this.explain(token, route) });
    }
    for (const error of route.airway_errors) {
      const token = error.split(':')[0] ?? error;
      this.notes.push({ token, index: this.indexOf(token), severity: 'error', message: error });
    }
    if (this.notes.length === 0) return route;
    const notes = [...this.notes].sort((a, b) => a.index - b.index);
    return { ...route, token_notes: notes };
  }

  private explain(token: string, route: Route): string {
    return malformedRadial(this.db, token) ?? unknownTokenMessage(token, route.origin, route.destination, parseLatLonToken);
  }

  private indexOf(token: string): number {
    const k = this.typed.indexOf(token);
    if (k >= 0) return k;
    // A token split from its suffix (`KHWD.70000`) or its change (`LAKES/N0450F370`).
    return this.typed.findIndex((t) => t.startsWith(`${token}.`) || t.endsWith(token) || t.startsWith(`${token}/`));
  }

  private neighbour(slots: Slot[], pos: number, step: 1 | -1): Waypoint | null {
    for (let k = pos + step; k >= 0 && k < slots.length; k += step) {
      const s = slots[k];
      if (s === null || s === undefined) continue;
      return isPointSlot(s) ? s : null;
    }
    return null;
  }

  private fail(token: string, typedIndex: number, message: string): void {
    this.invalid.push(token);
    this.notes.push({ token, index: typedIndex, severity: 'error', message });
  }

  private warn(token: string, pos: number, message: string): void {
    this.notes.push({ token, index: this.typedIndex[pos] ?? -1, severity: 'warning', message });
  }
}

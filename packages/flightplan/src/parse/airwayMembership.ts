/**
 * Airway membership by ident and position (issue 28 point 2, issue 14 point 3): a point is on an
 * airway when the airway lists a point of that ident within a small distance of it, whatever source
 * each came from (the FAA's VOR and X-Plane's airway point are one place a few metres apart). An
 * airway id may have several records (X-Plane's airways come in chained pieces); they are joined
 * into one graph of places, so a route may cross from one piece to another where they meet.
 */
import { greatCircleDistanceNm } from '@clearway/geo';
import type { Airway, AirwayPoint, LatLon, NavDb, WaypointMatch } from '@clearway/navdb';
import type { Waypoint, WaypointType } from '../model.js';

/** A navaid or fix is on an airway when the airway's point of that ident lies within this, nautical miles. */
export const AIRWAY_POINT_NM = 1;
/** The same for an airport (its reference point may lie a few miles from the airway's point of its ident), nm. */
export const AIRWAY_AIRPORT_NM = 5;

/** One place of an airway: an ident at a position (null for a point the sources could not place). */
export interface AirwayNode {
  ident: string;
  kind: AirwayPoint['kind'];
  latDeg: number | null;
  lonDeg: number | null;
}

/** Every record of an airway id as one graph of places; edges join consecutive points without a published gap. */
export interface AirwayGraph {
  id: string;
  nodes: AirwayNode[];
  /** Neighbours of each node along the airway. */
  adjacency: number[][];
  /** Node numbers by ident. */
  byIdent: Map<string, number[]>;
  /** Each record's points as node numbers, in sequence, with its published gaps and the MEA of the segment each point starts (feet, null: none given). */
  records: { nodes: number[]; gapAfter: boolean[]; meaFt: (number | null)[] }[];
}

function toleranceNm(type: WaypointType | AirwayPoint['kind'] | WaypointMatch['kind']): number {
  return type === 'AIRPORT' || type === 'airport' ? AIRWAY_AIRPORT_NM : AIRWAY_POINT_NM;
}

function nodeDistanceNm(n: AirwayNode, at: LatLon): number {
  return n.latDeg === null || n.lonDeg === null ? Number.POSITIVE_INFINITY : greatCircleDistanceNm(n.latDeg, n.lonDeg, at.latDeg, at.lonDeg);
}

/** Joins an airway id's records into one graph: same ident within AIRWAY_POINT_NM (or both unplaced) is one node. */
export function buildAirwayGraph(id: string, airways: readonly Airway[]): AirwayGraph {
  const graph: AirwayGraph = { id, nodes: [], adjacency: [], byIdent: new Map(), records: [] };
  const nodeOf = (p: AirwayPoint): number => {
    const list = graph.byIdent.get(p.ident) ?? [];
    for (const k of list) {
      const n = graph.nodes[k]!;
      const bothUnplaced = n.latDeg === null && p.latDeg === null;
      if (bothUnplaced || (p.latDeg !== null && p.lonDeg !== null && nodeDistanceNm(n, { latDeg: p.latDeg, lonDeg: p.lonDeg }) <= AIRWAY_POINT_NM)) return k;
    }
    const k = graph.nodes.length;
    graph.nodes.push({ ident: p.ident, kind: p.kind, latDeg: p.latDeg, lonDeg: p.lonDeg });
    graph.adjacency.push([]);
    list.push(k);
    graph.byIdent.set(p.ident, list);
    return k;
  };
  for (const airway of airways) {
    const nodes = airway.points.map(nodeOf);
    graph.records.push({ nodes, gapAfter: airway.points.map((p) => p.gapAfter), meaFt: airway.points.map((p) => p.meaFt) });
    for (let k = 0; k + 1 < nodes.length; k++) {
      const a = nodes[k]!;
      const b = nodes[k + 1]!;
      if (airway.points[k]!.gapAfter || a === b) continue;
      if (!graph.adjacency[a]!.includes(b)) graph.adjacency[a]!.push(b);
      if (!graph.adjacency[b]!.includes(a)) graph.adjacency[b]!.push(a);
    }
  }
  return graph;
}

// Graphs are built once per database and airway id (an index instead of a scan per token).
const graphs = new WeakMap<NavDb, Map<string, AirwayGraph | null>>();
/** Ids (airways or not: every route token is asked) remembered per database before starting again. */
const MAX_GRAPH_IDS = 50_000;

/** The graph of an airway id, or null when the database has no airway of that id. */
export function airwayGraph(db: NavDb, id: string): AirwayGraph | null {
  let byId = graphs.get(db);
  if (!byId) graphs.set(db, (byId = new Map()));
  const key = id.trim().toUpperCase();
  let graph = byId.get(key);
  if (graph === undefined) {
    const records = db.airways(key);
    graph = records.length > 0 ? buildAirwayGraph(records[0]!.id, records) : null;
    if (byId.size >= MAX_GRAPH_IDS) byId.clear();
    byId.set(key, graph);
  }
  return graph;
}

/** The nodes a route waypoint stands on: its code, within the tolerance of its kind (an unplaced node by ident alone). */
export function nodesOfWaypoint(graph: AirwayGraph, w: Pick<Waypoint, 'code' | 'type' | 'location'>): number[] {
  const at = { latDeg: w.location.lat, lonDeg: w.location.lon };
  return (graph.byIdent.get(w.code) ?? []).filter((k) => {
    const n = graph.nodes[k]!;
    return n.latDeg === null || nodeDistanceNm(n, at) <= Math.max(toleranceNm(w.type), toleranceNm(n.kind));
  });
}

/**
 * The minimum enroute altitude between two neighbouring nodes, feet: the MEA of the segment joining
 * them in the records that hold it (the highest when several records do); null when none gives one.
 */
export function segmentMeaFt(graph: AirwayGraph, a: number, b: number): number | null {
  let mea: number | null = null;
  for (const r of graph.records) {
    for (let k = 0; k + 1 < r.nodes.length; k++) {
      const joins = (r.nodes[k] === a && r.nodes[k + 1] === b) || (r.nodes[k] === b && r.nodes[k + 1] === a);
      const value = r.meaFt[k];
      if (joins && value !== null && value !== undefined && Number.isFinite(value) && (mea === null || value > mea)) mea = value;
    }
  }
  return mea;
}

/** Hops from any of `from` to every node along the airway (Infinity where unreachable) and the predecessor of each. */
function walk(graph: AirwayGraph, from: readonly number[]): { hops: number[]; previous: number[] } {
  const hops = graph.nodes.map(() => Number.POSITIVE_INFINITY);
  const previous = graph.nodes.map(() => -1);
  const queue = [...from];
  for (const k of from) hops[k] = 0;
  for (let q = 0; q < queue.length; q++) {
    const k = queue[q]!;
    for (const next of graph.adjacency[k]!) {
      if (hops[next] !== Number.POSITIVE_INFINITY) continue;
      hops[next] = hops[k]! + 1;
      previous[next] = k;
      queue.push(next);
    }
  }
  return { hops, previous };
}

/** The nodes from one of `from` to the nearest (in hops) of `to`, both ends included; null when they do not connect. */
export function pathAlong(graph: AirwayGraph, from: readonly number[], to: readonly number[]): number[] | null {
  const { hops, previous } = walk(graph, from);
  let end = -1;
  for (const k of to) if (hops[k]! < (end < 0 ? Number.POSITIVE_INFINITY : hops[end]!)) end = k;
  if (end < 0) return null;
  const path = [end];
  while (previous[path[0]!]! >= 0) path.unshift(previous[path[0]!]!);
  return path;
}

/** Why two nodes on an airway do not connect: the published gap between them, when one record holds both. */
export function gapBetween(graph: AirwayGraph, from: readonly number[], to: readonly number[]): [string, string] | null {
  for (const r of graph.records) {
    const a = r.nodes.findIndex((k) => from.includes(k));
    const b = r.nodes.findIndex((k) => to.includes(k));
    if (a < 0 || b < 0) continue;
    for (let k = Math.min(a, b); k < Math.max(a, b); k++) {
      if (r.gapAfter[k]) return [graph.nodes[r.nodes[k]!]!.ident, graph.nodes[r.nodes[k + 1]!]!.ident];
    }
  }
  return null;
}

/**
 * Where airway `a` meets airway `b`: a place on both (same ident within AIRWAY_POINT_NM), the one
 * fewest points from `entryOfA` along `a` (not the entry itself); without an entry, the first in `a`'s order.
 */
export function junctionNode(a: AirwayGraph, b: AirwayGraph, entryOfA: readonly number[]): number | null {
  const hops = entryOfA.length > 0 ? walk(a, entryOfA).hops : null;
  let best: number | null = null;
  let bestHops = Number.POSITIVE_INFINITY;
  a.nodes.forEach((n, k) => {
    if (entryOfA.includes(k)) return;
    const shared = (b.byIdent.get(n.ident) ?? []).some((j) => {
      const m = b.nodes[j]!;
      return (n.latDeg === null && m.latDeg === null) || (m.latDeg !== null && m.lonDeg !== null && nodeDistanceNm(n, { latDeg: m.latDeg, lonDeg: m.lonDeg }) <= AIRWAY_POINT_NM);
    });
    if (!shared) return;
    // An unreachable junction still beats none: the expansion then names the gap.
    const h = hops ? hops[k]! : k;
    if (best === null || h < bestHops) {
      best = k;
      bestHops = h;
    }
  });
  return best;
}

/** The database point of a node's ident nearest the node, when it is within the tolerance of its kind. */
export function candidateAtNode(db: NavDb, node: AirwayNode): WaypointMatch | null {
  if (node.latDeg === null || node.lonDeg === null) return null;
  // getWaypoint picks the nearest candidate (one record built, not all of them).
  const c = db.getWaypoint(node.ident, { latDeg: node.latDeg, lonDeg: node.lonDeg });
  if (!c) return null;
  const d = greatCircleDistanceNm(c.latDeg, c.lonDeg, node.latDeg, node.lonDeg);
  return d <= Math.max(toleranceNm(c.kind), toleranceNm(node.kind)) ? c : null;
}

/** A match made from the airway's own point, for an ident the database has nowhere near the airway. */
function matchOfNode(node: AirwayNode & { latDeg: number; lonDeg: number }): WaypointMatch {
  return {
    code: node.ident,
    kind: 'FIX',
    name: node.ident,
    latDeg: node.latDeg,
    lonDeg: node.lonDeg,
    elevationFt: null,
    magVarDeg: null,
    ambiguous: false,
    candidates: 1,
    record: { id: node.ident, latDeg: node.latDeg, lonDeg: node.lonDeg, region: null, state: null, country: null, use: null, airportId: null, source: { source: 'xplane', file: 'airway', line: 0 } },
  };
}

function placedNodes(graph: AirwayGraph | null, ident: string): number[] {
  if (!graph) return [];
  return (graph.byIdent.get(ident) ?? []).filter((k) => graph.nodes[k]!.latDeg !== null && graph.nodes[k]!.lonDeg !== null);
}

function nearest(graph: AirwayGraph, nodes: readonly number[], ref: LatLon | null): number | undefined {
  if (!ref) return nodes[0];
  let best = nodes[0];
  let bestNm = Number.POSITIVE_INFINITY;
  for (const k of nodes) {
    const d = nodeDistanceNm(graph.nodes[k]!, ref);
    if (d < bestNm) {
      best = k;
      bestNm = d;
    }
  }
  return best;
}

/**
 * The point a route token names next to an airway (`prev`, the graph of the token before, or `next`,
 * of the token after, each null when that token is no airway between the ends of the route): among
 * the candidates of the ident, the one on that airway (an airport keeps the id only where no airway
 * asks otherwise). With the ident on both airways, a place both share; else the place of the next
 * airway nearest `ref`, then the previous one's. When the database has no point of that ident at
 * the airway's place, the airway's own point. Null when neither airway lists the ident.
 */
export function pointOnAirways(db: NavDb, token: string, prev: AirwayGraph | null, next: AirwayGraph | null, ref: LatLon | null): WaypointMatch | null {
  if (!prev && !next) return null;
  const onNext = placedNodes(next, token);
  const onPrev = placedNodes(prev, token);
  let node: AirwayNode | undefined;
  if (next && prev && onNext.length > 0 && onPrev.length > 0) {
    const both = onNext.filter((k) => onPrev.some((j) => nodeDistanceNm(next.nodes[k]!, { latDeg: prev.nodes[j]!.latDeg!, lonDeg: prev.nodes[j]!.lonDeg! }) <= AIRWAY_POINT_NM));
    const k = nearest(next, both.length > 0 ? both : onNext, ref);
    node = k === undefined ? undefined : next.nodes[k];
  } else if (next && onNext.length > 0) {
    node = next.nodes[nearest(next, onNext, ref)!];
  } else if (prev && onPrev.length > 0) {
    node = prev.nodes[nearest(prev, onPrev, ref)!];
  }
  if (!node || node.latDeg === null || node.lonDeg === null) return null;
  return candidateAtNode(db, node) ?? matchOfNode({ ...node, latDeg: node.latDeg, lonDeg: node.lonDeg });
}

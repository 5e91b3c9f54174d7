/**
 * Ordering an airway's unordered segments into chains of points. A simple airway is one chain,
 * walked from its west end; a closed loop is walked from its westmost point back to it; an airway
 * that branches (three or more segments meet at a point) is cut into the fewest greedy chains,
 * each continuing as straight as it can at a branch point.
 */
import type { AirwayNode, AirwaySegment } from './awy.js';
import { greatCircleInitialCourseDeg as initialBearingDeg } from '@clearway/geo';

export interface Chain {
  nodes: AirwayNode[];
  /** `segments[i]` joins `nodes[i]` and `nodes[i + 1]`. */
  segments: AirwaySegment[];
}

interface Edge {
  seg: AirwaySegment;
  used: boolean;
}

function other(seg: AirwaySegment, n: AirwayNode): AirwayNode {
  return seg.a === n ? seg.b : seg.a;
}

function westFirst(x: AirwayNode, y: AirwayNode): number {
  return x.lonDeg - y.lonDeg || x.latDeg - y.latDeg || x.key - y.key;
}

function turnDeg(fromBearing: number, toBearing: number): number {
  const d = Math.abs(toBearing - fromBearing) % 360;
  return d > 180 ? 360 - d : d;
}

/** Chains one airway's segments; `branchPoints` lists the points where three or more segments meet. */
export function chainSegments(segments: readonly AirwaySegment[]): { chains: Chain[]; branchPoints: AirwayNode[] } {
  // The same segment may be listed twice (low and high); the first listing is kept.
  const adjacency = new Map<AirwayNode, Edge[]>();
  const seen = new Set<number>();
  for (const seg of segments) {
    // Node numbers stay far below 2^26, so the pair fits a safe integer.
    const pair = Math.min(seg.a.key, seg.b.key) * 2 ** 26 + Math.max(seg.a.key, seg.b.key);
    if (seen.has(pair)) continue;
    seen.add(pair);
    const edge: Edge = { seg, used: false };
    for (const n of [seg.a, seg.b]) {
      const list = adjacency.get(n);
      if (list) list.push(edge);
      else adjacency.set(n, [edge]);
    }
  }
  const branchPoints = [...adjacency].filter(([, edges]) => edges.length >= 3).map(([n]) => n);
  const unusedDegree = (n: AirwayNode): number => (adjacency.get(n) ?? []).filter((e) => !e.used).length;

  const chains: Chain[] = [];
  // Components in the order their first segment appears, so the output follows the file.
  const done = new Set<AirwayNode>();
  for (const seg of segments) {
    if (done.has(seg.a)) continue;
    const component: AirwayNode[] = [];
    const queue = [seg.a];
    done.add(seg.a);
    while (queue.length > 0) {
      const n = queue.pop() as AirwayNode;
      component.push(n);
      for (const e of adjacency.get(n) ?? []) {
        const o = other(e.seg, n);
        if (!done.has(o)) {
          done.add(o);
          queue.push(o);
        }
      }
    }
    component.sort(westFirst);
    for (;;) {
      const open = component.filter((n) => unusedDegree(n) > 0);
      if (open.length === 0) break;
      const start = open.find((n) => unusedDegree(n) % 2 === 1) ?? (open[0] as AirwayNode);
      chains.push(walk(start, adjacency));
    }
  }
  return { chains, branchPoints };
}

function walk(start: AirwayNode, adjacency: Map<AirwayNode, Edge[]>): Chain {
  const chain: Chain = { nodes: [start], segments: [] };
  let current = start;
  let bearing: number | null = null;
  for (;;) {
    const options = (adjacency.get(current) ?? []).filter((e) => !e.used);
    if (options.length === 0) return chain;
    let best = options[0] as Edge;
    if (bearing !== null && options.length > 1) {
      let bestTurn = Infinity;
      for (const e of options) {
        const o = other(e.seg, current);
        const turn = turnDeg(bearing, initialBearingDeg(current.latDeg, current.lonDeg, o.latDeg, o.lonDeg));
        if (turn < bestTurn) {
          bestTurn = turn;
          best = e;
        }
      }
    }
    best.used = true;
    const next = other(best.seg, current);
    bearing = initialBearingDeg(current.latDeg, current.lonDeg, next.latDeg, next.lonDeg);
    chain.nodes.push(next);
    chain.segments.push(best.seg);
    current = next;
  }
}

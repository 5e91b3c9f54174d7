/**
 * `awy.dat` version 640: one row per segment, `from lat lon to lat lon level base top names`, where
 * level is 1 (low) or 2 (high), base and top are hundreds of feet, and names are airway ids joined
 * with `-` (an id may contain a space, `MT E`). Segments carry no order or direction; airways are
 * assembled by chaining each id's segments (see chain.ts).
 */
import type { DatFileInfo, DatInput, ReadDatOptions } from './datFile.js';
import { num, readDatRows, tokens, validPosition } from './datFile.js';

export const AWY_VERSIONS = [640] as const;

export interface AirwayNode {
  /** Number of the node within its file: the same ident in two places is two nodes. */
  key: number;
  ident: string;
  latDeg: number;
  lonDeg: number;
}

export interface AirwaySegment {
  a: AirwayNode;
  b: AirwayNode;
  /** 1 low, 2 high. */
  level: number;
  /** Segment base, feet. */
  baseFt: number;
  /** Segment top, feet. */
  topFt: number;
  line: number;
}

/** Positions closer than this are the same point, degrees (the file writes 6 decimals). */
const SAME_NODE_DEG = 1e-5;

/** The node of an ident at a position, created on first sight; looked up by ident, then position. */
function node(nodes: Map<string, AirwayNode[]>, count: { n: number }, ident: string, latDeg: number, lonDeg: number): AirwayNode {
  let list = nodes.get(ident);
  if (!list) nodes.set(ident, (list = []));
  for (const n of list) {
    if (Math.abs(n.latDeg - latDeg) < SAME_NODE_DEG && Math.abs(n.lonDeg - lonDeg) < SAME_NODE_DEG) return n;
  }
  const n: AirwayNode = { key: count.n++, ident, latDeg, lonDeg };
  list.push(n);
  return n;
}

export interface AwyDatResult {
  /** Segments per airway id, ids in order of first appearance. */
  segmentsById: Map<string, AirwaySegment[]>;
  segments: number;
  info: DatFileInfo;
}

/** Reads an awy.dat into segments grouped by airway id. */
export async function readAwyDat(dat: DatInput, options: Omit<ReadDatOptions, 'kind' | 'versions'>): Promise<AwyDatResult> {
  const { issues } = options;
  const nodes = new Map<string, AirwayNode[]>();
  const count = { n: 0 };
  const segmentsById = new Map<string, AirwaySegment[]>();
  let segments = 0;
  const info = await readDatRows(dat, { ...options, kind: 'awy.dat', versions: AWY_VERSIONS }, (line, number) => {
    const t = tokens(line);
    const lat1 = num(t[1]);
    const lon1 = num(t[2]);
    const lat2 = num(t[4]);
    const lon2 = num(t[5]);
    const level = num(t[6]);
    const base = num(t[7]);
    const top = num(t[8]);
    if (t.length < 10 || !validPosition(lat1, lon1) || !validPosition(lat2, lon2) || level === null || base === null || top === null) {
      issues.error(dat.name, number, `awy.dat: not a segment row (from lat lon to lat lon level base top names): '${line.slice(0, 60)}'; row skipped`);
      return;
    }
    if (level !== 1 && level !== 2) issues.warning(dat.name, number, `awy.dat: level ${level} is neither 1 (low) nor 2 (high)`);
    const a = node(nodes, count, t[0] as string, lat1 as number, lon1 as number);
    const b = node(nodes, count, t[3] as string, lat2 as number, lon2 as number);
    if (a === b) {
      issues.warning(dat.name, number, `awy.dat: segment from ${a.ident} to itself; row skipped`);
      return;
    }
    segments++;
    for (const name of t.slice(9).join(' ').split('-')) {
      const id = name.trim();
      if (id === '') continue;
      const seg: AirwaySegment = { a, b, level, baseFt: base * 100, topFt: top * 100, line: number };
      const list = segmentsById.get(id);
      if (list) list.push(seg);
      else segmentsById.set(id, [seg]);
    }
  });
  return { segmentsById, segments, info };
}

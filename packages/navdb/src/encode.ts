import {
  AIRPORT_TYPE_CODES,
  AIRWAY_KIND_CODES,
  codeOf,
  coordSection,
  encodeTri,
  NAVAID_TYPE_CODES,
  numberSection,
  POINT_KIND_CODES,
  PROCEDURE_KIND_CODES,
  SOURCE_CODES,
  SURFACE_CODES,
} from './columns.js';
import { NAVDB_FORMAT_VERSION, writeContainer, type SectionInput } from './container.js';
import { gridSections, identIndexSections, procedureIndexSections, wordIndexSections } from './indexBuild.js';
import type { NavDataSet, NavDbHeader, SourceRef } from './model.js';
import { StringTableBuilder } from './strings.js';

/**
 * Encodes a data set into one artifact (layout in ../README.md). Records keep their input order;
 * the header's `formatVersion` and `counts` are set from what is written. Search keys, the word
 * index and the spatial grids are built here, so opening the artifact is mostly slicing.
 * Throws RangeError for values the model forbids (unknown enum values, coordinates beyond 360 degrees).
 */
export function encodeNavDb(data: NavDataSet): Uint8Array {
  const strings = new StringTableBuilder();
  const sections: SectionInput[] = [
    ...airportSections(data, strings),
    ...navaidSections(data, strings),
    ...fixSections(data, strings),
    ...airwaySections(data, strings),
    ...procedureSections(data, strings),
    ...procedureIndexSections(data, strings),
    ...identIndexSections(data, strings),
    ...wordIndexSections(data, strings),
    ...gridSections('apt', data.airports),
    ...gridSections('nav', data.navaids),
    ...gridSections('fix', data.fixes),
  ];
  // The string table goes last: every builder above adds to it.
  sections.push(...strings.sections());
  const header: NavDbHeader = {
    ...data.header,
    formatVersion: NAVDB_FORMAT_VERSION,
    counts: {
      airports: data.airports.length,
      runways: data.airports.reduce((n, a) => n + a.runways.length, 0),
      navaids: data.navaids.length,
      fixes: data.fixes.length,
      airways: data.airways.length,
      procedures: data.procedures.length,
    },
  };
  return writeContainer(header, sections);
}

function refs(strings: StringTableBuilder, values: (string | null)[]): Int32Array {
  return Int32Array.from(values, (v) => strings.ref(v));
}

/** Offsets into a child table: child rows of parent i are [start[i], start[i + 1]). */
function starts<T>(parents: readonly T[], children: (p: T) => readonly unknown[]): Uint32Array {
  const out = new Uint32Array(parents.length + 1);
  parents.forEach((p, i) => {
    out[i + 1] = out[i]! + children(p).length;
  });
  return out;
}

function sourceSections(prefix: string, refsOf: SourceRef[], strings: StringTableBuilder): SectionInput[] {
  return [
    { name: `${prefix}.src`, data: Uint8Array.from(refsOf, (s) => codeOf(SOURCE_CODES, s.source, 'source')) },
    { name: `${prefix}.srcFile`, data: refs(strings, refsOf.map((s) => s.file)) },
    { name: `${prefix}.srcLine`, data: Uint32Array.from(refsOf, (s) => s.line) },
  ];
}

function airportSections(data: NavDataSet, strings: StringTableBuilder): SectionInput[] {
  const a = data.airports;
  const runways = a.flatMap((x) => x.runways);
  const ends = runways.flatMap((r) => r.ends);
  const freqs = a.flatMap((x) => x.frequencies);
  return [
    { name: 'apt.id', data: refs(strings, a.map((x) => x.id)) },
    { name: 'apt.faaId', data: refs(strings, a.map((x) => x.faaId)) },
    { name: 'apt.icaoId', data: refs(strings, a.map((x) => x.icaoId)) },
    { name: 'apt.name', data: refs(strings, a.map((x) => x.name)) },
    { name: 'apt.city', data: refs(strings, a.map((x) => x.city)) },
    { name: 'apt.state', data: refs(strings, a.map((x) => x.state)) },
    { name: 'apt.country', data: refs(strings, a.map((x) => x.country)) },
    { name: 'apt.fuelTypes', data: refs(strings, a.map((x) => x.fuelTypes)) },
    coordSection('apt.lat', a.map((x) => x.latDeg)),
    coordSection('apt.lon', a.map((x) => x.lonDeg)),
    numberSection('apt.elevationFt', a.map((x) => x.elevationFt)),
    numberSection('apt.longestRunwayFt', a.map((x) => x.longestRunwayFt)),
    numberSection('apt.magVarDeg', a.map((x) => x.magVarDeg)),
    { name: 'apt.type', data: Uint8Array.from(a, (x) => codeOf(AIRPORT_TYPE_CODES, x.type, 'airport type')) },
    { name: 'apt.surface', data: Uint8Array.from(a, (x) => codeOf(SURFACE_CODES, x.longestRunwaySurface, 'surface class')) },
    { name: 'apt.publicUse', data: Uint8Array.from(a, (x) => encodeTri(x.publicUse)) },
    { name: 'apt.towered', data: Uint8Array.from(a, (x) => encodeTri(x.towered)) },
    { name: 'apt.fuel', data: Uint8Array.from(a, (x) => encodeTri(x.fuel)) },
    { name: 'apt.rwyStart', data: starts(a, (x) => x.runways) },
    { name: 'apt.freqStart', data: starts(a, (x) => x.frequencies) },
    // Remarks: optional sections (tables.ts), so artifacts written before them still open.
    { name: 'apt.rmkStart', data: starts(a, (x) => x.remarks ?? []) },
    { name: 'rmk.text', data: refs(strings, a.flatMap((x) => x.remarks ?? [])) },
    ...sourceSections('apt', a.map((x) => x.source), strings),
    { name: 'rwy.id', data: refs(strings, runways.map((r) => r.id)) },
    { name: 'rwy.surface', data: refs(strings, runways.map((r) => r.surface)) },
    { name: 'rwy.lighting', data: refs(strings, runways.map((r) => r.lighting)) },
    numberSection('rwy.lengthFt', runways.map((r) => r.lengthFt)),
    numberSection('rwy.widthFt', runways.map((r) => r.widthFt)),
    { name: 'rwy.surfaceClass', data: Uint8Array.from(runways, (r) => codeOf(SURFACE_CODES, r.surfaceClass, 'surface class')) },
    { name: 'rwy.lighted', data: Uint8Array.from(runways, (r) => encodeTri(r.lighted)) },
    { name: 'rwy.endStart', data: starts(runways, (r) => r.ends) },
    { name: 'rwyEnd.id', data: refs(strings, ends.map((e) => e.id)) },
    coordSection('rwyEnd.lat', ends.map((e) => e.latDeg)),
    coordSection('rwyEnd.lon', ends.map((e) => e.lonDeg)),
    numberSection('rwyEnd.trueHeadingDeg', ends.map((e) => e.trueHeadingDeg)),
    numberSection('rwyEnd.elevationFt', ends.map((e) => e.elevationFt)),
    numberSection('rwyEnd.displacedThresholdFt', ends.map((e) => e.displacedThresholdFt)),
    { name: 'freq.type', data: refs(strings, freqs.map((f) => f.type)) },
    numberSection('freq.khz', freqs.map((f) => f.frequencyKhz)),
    { name: 'freq.description', data: refs(strings, freqs.map((f) => f.description)) },
  ];
}

function navaidSections(data: NavDataSet, strings: StringTableBuilder): SectionInput[] {
  const n = data.navaids;
  return [
    { name: 'nav.id', data: refs(strings, n.map((x) => x.id)) },
    { name: 'nav.name', data: refs(strings, n.map((x) => x.name)) },
    { name: 'nav.channel', data: refs(strings, n.map((x) => x.channel)) },
    { name: 'nav.region', data: refs(strings, n.map((x) => x.region)) },
    { name: 'nav.state', data: refs(strings, n.map((x) => x.state)) },
    { name: 'nav.country', data: refs(strings, n.map((x) => x.country)) },
    { name: 'nav.type', data: Uint8Array.from(n, (x) => codeOf(NAVAID_TYPE_CODES, x.type, 'navaid type')) },
    coordSection('nav.lat', n.map((x) => x.latDeg)),
    coordSection('nav.lon', n.map((x) => x.lonDeg)),
    numberSection('nav.elevationFt', n.map((x) => x.elevationFt)),
    numberSection('nav.frequencyKhz', n.map((x) => x.frequencyKhz)),
    numberSection('nav.slavedVarDeg', n.map((x) => x.slavedVarDeg)),
    ...sourceSections('nav', n.map((x) => x.source), strings),
  ];
}

function fixSections(data: NavDataSet, strings: StringTableBuilder): SectionInput[] {
  const f = data.fixes;
  return [
    { name: 'fix.id', data: refs(strings, f.map((x) => x.id)) },
    { name: 'fix.region', data: refs(strings, f.map((x) => x.region)) },
    { name: 'fix.state', data: refs(strings, f.map((x) => x.state)) },
    { name: 'fix.country', data: refs(strings, f.map((x) => x.country)) },
    { name: 'fix.use', data: refs(strings, f.map((x) => x.use)) },
    { name: 'fix.airportId', data: refs(strings, f.map((x) => x.airportId)) },
    coordSection('fix.lat', f.map((x) => x.latDeg)),
    coordSection('fix.lon', f.map((x) => x.lonDeg)),
    ...sourceSections('fix', f.map((x) => x.source), strings),
  ];
}

function airwaySections(data: NavDataSet, strings: StringTableBuilder): SectionInput[] {
  const w = data.airways;
  const points = w.flatMap((x) => x.points);
  return [
    { name: 'awy.id', data: refs(strings, w.map((x) => x.id)) },
    { name: 'awy.kind', data: Uint8Array.from(w, (x) => codeOf(AIRWAY_KIND_CODES, x.kind, 'airway kind')) },
    { name: 'awy.pointStart', data: starts(w, (x) => x.points) },
    ...sourceSections('awy', w.map((x) => x.source), strings),
    { name: 'awyPt.ident', data: refs(strings, points.map((p) => p.ident)) },
    { name: 'awyPt.kind', data: Uint8Array.from(points, (p) => codeOf(POINT_KIND_CODES, p.kind, 'point kind')) },
    coordSection('awyPt.lat', points.map((p) => p.latDeg)),
    coordSection('awyPt.lon', points.map((p) => p.lonDeg)),
    numberSection('awyPt.meaFt', points.map((p) => p.meaFt)),
    { name: 'awyPt.gapAfter', data: Uint8Array.from(points, (p) => (p.gapAfter ? 1 : 0)) },
  ];
}

// Procedures are few and deeply nested: one JSON text per procedure, parsed only when asked for.
function procedureSections(data: NavDataSet, strings: StringTableBuilder): SectionInput[] {
  const p = data.procedures;
  return [
    { name: 'proc.json', data: refs(strings, p.map((x) => JSON.stringify(x))) },
    { name: 'proc.kind', data: Uint8Array.from(p, (x) => codeOf(PROCEDURE_KIND_CODES, x.kind, 'procedure kind')) },
  ];
}

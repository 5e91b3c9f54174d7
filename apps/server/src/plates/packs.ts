import { createHash, randomUUID } from 'node:crypto';
import { open, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CHART_REGIONS,
  platesPackFileName,
  platesPackPrefix,
  plateGroupOf,
  type ChartRegion,
  type PlateAirportList,
  type PlatesPackHeader,
  type PlatesPackIndex,
  type PlatesPackStrategy,
  PLATES_PACK_FORMAT_VERSION,
} from '@clearway/protocol';
import { rowNumber, type Database } from '../db/index.js';
import type { AirportLocator } from './positions.js';
import { airportPlates, type PlateCycle } from './store.js';

/** Where the plate packs are written: `{platesDir}/_packs/{cycle}/` (a name the plates dataset never lists). */
export function platesPacksDir(platesDir: string): string {
  return join(platesDir, '_packs');
}

interface AirportTotals {
  airport: string;
  faaIdent: string;
  charts: number;
  bytes: number;
}

/** Every airport of a cycle with its charts of known codes (those the airport list shows) and their PDF bytes. */
async function cycleAirports(db: Database, cycle: string): Promise<AirportTotals[]> {
  const rows = await db.kysely.selectFrom('plate_charts').select(['airport', 'faa_ident', 'chart_code', 'pdf_bytes']).where('cycle', '=', cycle).execute();
  const byAirport = new Map<string, AirportTotals>();
  for (const row of rows) {
    if (plateGroupOf(row.chart_code) === undefined) continue;
    const totals = byAirport.get(row.airport) ?? { airport: row.airport, faaIdent: row.faa_ident, charts: 0, bytes: 0 };
    totals.charts += 1;
    totals.bytes += rowNumber(row.pdf_bytes);
    byAirport.set(row.airport, totals);
  }
  return [...byAirport.values()].sort((a, b) => a.airport.localeCompare(b.airport));
}

function inRegion(region: ChartRegion, latDeg: number, lonDeg: number): boolean {
  const [west, south, east, north] = region.bounds;
  return lonDeg >= west && lonDeg <= east && latDeg >= south && latDeg <= north;
}

/**
 * The plate pack index of a cycle: each chart region whose bounds hold an airport with plates
 * (an airport inside two overlapping regions is in both), with the airports and their PDF bytes;
 * airports the nav database does not know are listed as unplaced.
 */
export async function platesPackIndex(db: Database, cycle: PlateCycle | null, locate: AirportLocator | null): Promise<PlatesPackIndex> {
  if (cycle === null) return { version: 1, cycle: null, effectiveFrom: null, effectiveTo: null, regions: [], unplaced: [] };
  const airports = await cycleAirports(db, cycle.cycle);
  const regions = new Map<string, AirportTotals[]>();
  const unplaced: string[] = [];
  for (const airport of airports) {
    const at = locate?.(airport.airport, airport.faaIdent) ?? null;
    if (at === null) {
      unplaced.push(airport.airport);
      continue;
    }
    for (const region of CHART_REGIONS) if (inRegion(region, at.latDeg, at.lonDeg)) regions.set(region.code, [...(regions.get(region.code) ?? []), airport]);
  }
  return {
    version: 1,
    cycle: cycle.cycle,
    effectiveFrom: cycle.effectiveFrom,
    effectiveTo: cycle.effectiveTo,
    regions: CHART_REGIONS.filter((region) => regions.has(region.code)).map((region) => ({ code: region.code, name: region.name, airports: regions.get(region.code) ?? [] })),
    unplaced,
  };
}

export interface PlatesPackBuild {
  db: Database;
  platesDir: string;
  cycle: PlateCycle;
  region: ChartRegion;
  strategy: PlatesPackStrategy;
  /** The region's airports to pack (ICAO idents as the index lists them). */
  airports: readonly string[];
}

/** A built pack: its file name in `{packsDir}/{cycle}/`, and the airports it holds. */
export interface BuiltPlatesPack {
  name: string;
  airports: string[];
}

const building = new Map<string, Promise<BuiltPlatesPack>>();

/**
 * Writes (or finds) the pack of `airports` of a region: the header (each airport's list as the
 * airport endpoint gives it, and where each PDF is) and the PDFs of the served dataset. Written to a
 * scratch name and renamed, so a half-written pack is never served; the name is a digest of the
 * content, so an existing file is reused and concurrent requests for the same pack share one build.
 * @throws Error naming the PDF when one of the dataset's files is missing or not the size the index says.
 */
export async function buildPlatesPack(build: PlatesPackBuild): Promise<BuiltPlatesPack> {
  const { db, platesDir, cycle, region, strategy } = build;
  const lists: PlateAirportList[] = [];
  for (const ident of [...new Set(build.airports)].sort()) {
    const list = await airportPlates(db, ident, cycle);
    if (list !== null && list.charts.length > 0) lists.push(list);
  }
  const rows = lists.length === 0 ? [] : await db.kysely.selectFrom('plate_charts').select(['pdf_name', 'pdf_sha256', 'pdf_bytes']).where('cycle', '=', cycle.cycle).where('airport', 'in', lists.map((list) => list.airport)).execute();
  const shaOf = new Map(rows.map((row) => [row.pdf_name, { sha256: row.pdf_sha256, bytes: rowNumber(row.pdf_bytes) }]));
  const pdfs = [...new Set(lists.flatMap((list) => list.charts.map((chart) => chart.pdfName)))].sort();
  const digest = createHash('sha256').update(`${PLATES_PACK_FORMAT_VERSION}\n${region.code}\n${strategy}\n${cycle.cycle}\n${lists.map((list) => list.airport).join(',')}\n`);
  for (const pdf of pdfs) digest.update(`${pdf}:${shaOf.get(pdf)?.sha256 ?? ''}\n`);
  const name = platesPackFileName(region.code, strategy, digest.digest('hex'));
  const folder = join(platesPacksDir(platesDir), cycle.cycle);
  const target = join(folder, name);
  // Builds in progress, by the file they write.
  const key = target;
  const running = building.get(key);
  if (running) return running;
  const work = (async (): Promise<BuiltPlatesPack> => {
    const result = { name, airports: lists.map((list) => list.airport) };
    if ((await stat(target).catch(() => null)) !== null) return result;
    await mkdir(folder, { recursive: true });
    const files: PlatesPackHeader['files'] = {};
    let offset = 0;
    for (const pdf of pdfs) {
      const known = shaOf.get(pdf);
      const size = (await stat(join(platesDir, cycle.cycle, pdf)).catch(() => null))?.size ?? null;
      if (known === undefined || size === null) throw new Error(`Plate pack ${region.code}: ${pdf} of d-TPP cycle ${cycle.cycle} is not in the plates folder`);
      if (size !== known.bytes) throw new Error(`Plate pack ${region.code}: ${pdf} is ${size} bytes, the index says ${known.bytes}`);
      files[pdf] = { offset, bytes: size, sha256: known.sha256 };
      offset += size;
    }
    const header: PlatesPackHeader = { version: PLATES_PACK_FORMAT_VERSION, region: region.code, cycle: cycle.cycle, effectiveFrom: cycle.effectiveFrom, effectiveTo: cycle.effectiveTo, strategy, airports: lists, files };
    const json = Buffer.from(JSON.stringify(header));
    const scratch = join(folder, `.${name}.${randomUUID()}.part`);
    const handle = await open(scratch, 'w');
    try {
      await handle.write(platesPackPrefix(json.length));
      await handle.write(json);
      for (const pdf of pdfs) await handle.write(await readFile(join(platesDir, cycle.cycle, pdf)));
      await handle.close();
      await rename(scratch, target);
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(scratch, { force: true });
      throw error;
    }
    return result;
  })();
  building.set(key, work);
  try {
    return await work;
  } finally {
    building.delete(key);
  }
}

import { z } from 'zod';
import { CHART_REGION_CODE_PATTERN } from './chartRegions.js';
import { PLATES_PATH, type PlateAirportList } from './plates.js';

/**
 * Approach plates as an offline download pack per chart region (issue 21): the region's plate lists
 * and their PDFs in one file, downloaded, resumed and SHA-256-checked like the region packs.
 *
 * The file (`.cwplates`): the 8 ASCII bytes `CWPLATES`, a uint32 LE format version
 * (PLATES_PACK_FORMAT_VERSION), a uint32 LE header length H, H bytes of UTF-8 JSON
 * (PlatesPackHeader), then the PDFs, each where its `files` entry says (offsets count from the end
 * of the header JSON, so the header does not depend on its own length).
 */
export const PLATES_PACKS_PATH = `${PLATES_PATH}/packs`;
export const PLATES_PACKS_INDEX_PATH = `${PLATES_PACKS_PATH}/index.json`;
export const PLATES_PACK_EXTENSION = '.cwplates';
export const PLATES_PACK_MAGIC = 'CWPLATES';
export const PLATES_PACK_FORMAT_VERSION = 1;
/** Bytes before the header JSON: magic, version, header length. */
export const PLATES_PACK_PREFIX_BYTES = 16;
/** Largest header JSON a reader accepts, bytes (a whole region's lists are well under it). */
export const PLATES_PACK_MAX_HEADER_BYTES = 64 * 1024 * 1024;
/** Airports a `selected` request may name. */
export const PLATES_PACK_MAX_AIRPORTS = 500;

/** Which airports of the region a pack holds (the Downloads page's approach strategy). */
export type PlatesPackStrategy = 'all' | 'selected';

/** One PDF inside a pack file: where it starts (bytes after the header JSON), its size and SHA-256. */
export interface PlatesPackFile {
  offset: number;
  bytes: number;
  sha256: string;
}

/** The JSON header of a pack file. */
export interface PlatesPackHeader {
  version: number;
  region: string;
  /** d-TPP cycle, YYCC. */
  cycle: string;
  effectiveFrom: string;
  effectiveTo: string;
  strategy: PlatesPackStrategy;
  /** Each airport's list exactly as `GET /plates/airports/{airport}` answers it. */
  airports: PlateAirportList[];
  /** By PDF name. */
  files: Record<string, PlatesPackFile>;
}

/** One airport with plates in a region, and the bytes of its PDFs. */
export interface PlatesPackAirport {
  airport: string;
  faaIdent: string;
  charts: number;
  bytes: number;
}

/** `GET /plates/packs/index.json`: the served cycle and, per chart region with plates, its airports. */
export interface PlatesPackIndex {
  version: number;
  cycle: string | null;
  effectiveFrom: string | null;
  effectiveTo: string | null;
  /** Regions whose bounds hold at least one airport with plates (positions from the nav database). */
  regions: { code: string; name: string; airports: PlatesPackAirport[] }[];
  /** Airports with plates the nav database could not place (in no region's pack). */
  unplaced: string[];
}

/** `POST /plates/packs`: the region's pack of every airport, or of the airports named (others of the region are ignored). */
export interface PlatesPackRequest {
  region: string;
  strategy: PlatesPackStrategy;
  airports?: string[];
}

/** The answer: the pack file, built (or found) on the server, ready to download. */
export interface PlatesPackEntry {
  region: string;
  cycle: string;
  effectiveFrom: string;
  effectiveTo: string;
  strategy: PlatesPackStrategy;
  /** The airports it holds. */
  airports: string[];
  bytes: number;
  sha256: string;
  etag: string;
  /** `/plates/packs/{cycle}/{file}` on the server's origin. */
  url: string;
}

const ident = z.string().regex(/^[A-Za-z0-9]{2,5}$/, { error: 'must be an airport ident (2 to 5 letters or digits)' });

export const platesPackRequestSchema = z.object({
  region: z.string().regex(CHART_REGION_CODE_PATTERN, { error: 'must be a chart region code' }),
  strategy: z.enum(['all', 'selected']),
  airports: z.array(ident).max(PLATES_PACK_MAX_AIRPORTS).optional(),
}) satisfies z.ZodType<PlatesPackRequest>;

export const platesPackEntrySchema = z.object({
  region: z.string(),
  cycle: z.string().regex(/^\d{4}$/),
  effectiveFrom: z.string(),
  effectiveTo: z.string(),
  strategy: z.enum(['all', 'selected']),
  airports: z.array(z.string()),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  etag: z.string(),
  url: z.string().startsWith(`${PLATES_PACKS_PATH}/`),
}) satisfies z.ZodType<PlatesPackEntry>;

export const platesPackIndexSchema = z.object({
  version: z.number().int().positive(),
  cycle: z.string().nullable(),
  effectiveFrom: z.string().nullable(),
  effectiveTo: z.string().nullable(),
  regions: z.array(z.object({
    code: z.string(),
    name: z.string(),
    airports: z.array(z.object({ airport: z.string(), faaIdent: z.string(), charts: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() })),
  })),
  unplaced: z.array(z.string()),
}) satisfies z.ZodType<PlatesPackIndex>;

/** The prefix of a pack file whose header JSON is `headerBytes` bytes of UTF-8. */
export function platesPackPrefix(headerBytes: number): Uint8Array {
  const prefix = new Uint8Array(PLATES_PACK_PREFIX_BYTES);
  for (let i = 0; i < PLATES_PACK_MAGIC.length; i++) prefix[i] = PLATES_PACK_MAGIC.charCodeAt(i);
  const view = new DataView(prefix.buffer);
  view.setUint32(8, PLATES_PACK_FORMAT_VERSION, true);
  view.setUint32(12, headerBytes, true);
  return prefix;
}

/**
 * The header length of a pack file from its first PLATES_PACK_PREFIX_BYTES bytes; a string saying
 * what is wrong when they are not a plates pack this code reads.
 */
export function platesPackHeaderLength(prefix: Uint8Array): number | string {
  if (prefix.length < PLATES_PACK_PREFIX_BYTES) return `a plates pack starts with ${PLATES_PACK_PREFIX_BYTES} bytes; this file has ${prefix.length}`;
  if (String.fromCharCode(...prefix.subarray(0, 8)) !== PLATES_PACK_MAGIC) return `not a plates pack (no ${PLATES_PACK_MAGIC} at the start)`;
  const view = new DataView(prefix.buffer, prefix.byteOffset, prefix.byteLength);
  const version = view.getUint32(8, true);
  if (version !== PLATES_PACK_FORMAT_VERSION) return `plates pack format ${version}; this app reads format ${PLATES_PACK_FORMAT_VERSION}`;
  const length = view.getUint32(12, true);
  if (length === 0 || length > PLATES_PACK_MAX_HEADER_BYTES) return `plates pack header of ${length} bytes (1 to ${PLATES_PACK_MAX_HEADER_BYTES})`;
  return length;
}

/** The header of a pack from its JSON text; a string saying what is wrong when it is not one. */
export function parsePlatesPackHeader(json: string): PlatesPackHeader | string {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return `plates pack header is not JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  const header = value as Partial<PlatesPackHeader> | null;
  if (header === null || typeof header !== 'object' || !Array.isArray(header.airports) || typeof header.files !== 'object' || header.files === null || typeof header.cycle !== 'string' || typeof header.region !== 'string') {
    return 'plates pack header lacks region, cycle, airports or files';
  }
  return header as PlatesPackHeader;
}

/**
 * The file name of a region's pack on the server, `{region}.{all|sel}-{12 hex}.cwplates`: the hex
 * digits are a digest of what it holds (airports, PDFs and their SHA-256), so a changed chart or
 * another choice of airports is another file.
 */
export function platesPackFileName(region: string, strategy: PlatesPackStrategy, digest: string): string {
  return `${region}.${strategy === 'all' ? 'all' : 'sel'}-${digest.slice(0, 12)}${PLATES_PACK_EXTENSION}`;
}

export const PLATES_PACK_FILE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,39}\.(?:all|sel)-[0-9a-f]{12}\.cwplates$/;

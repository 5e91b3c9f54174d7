import {
  parsePlatesPackHeader,
  PLATES_PACK_MAX_AIRPORTS,
  PLATES_PACK_PREFIX_BYTES,
  PLATES_PACKS_INDEX_PATH,
  PLATES_PACKS_PATH,
  platesPackEntrySchema,
  platesPackHeaderLength,
  platesPackIndexSchema,
  type PlateAirportList,
  type PlatesPackEntry,
  type PlatesPackHeader,
  type PlatesPackIndex,
  type PlatesPackStrategy,
} from '@clearway/protocol';
import type { AirportListRow, RouteRow } from '../../db/prefs';
import type { PackRow, PackStore } from './packStore';
import type { PackChunk } from './protocol';

/**
 * Approach plates as a download type per chart region (issue 21): the server's plate pack index,
 * the pack of all the region's airports or of the pilot's (saved routes and favourites), downloaded
 * by the background downloader as a `plates` pack under the code `plates-{region}`, and read back
 * from the device when the network is gone (the plate list and the PDFs, StoredPlates).
 */

/** The downloads' code of a region's plates (its own state, beside the region's chart packs). */
export const PLATES_CODE_PREFIX = 'plates-';

export function platesPackCode(region: string): string {
  return `${PLATES_CODE_PREFIX}${region}`;
}

export function isPlatesPackCode(code: string): boolean {
  return code.startsWith(PLATES_CODE_PREFIX);
}

/** The chart region of a plates code. */
export function platesPackRegion(code: string): string {
  return code.slice(PLATES_CODE_PREFIX.length);
}

async function errorOf(response: Response, what: string): Promise<Error> {
  const body = (await response.json().catch(() => null)) as { error?: string } | null;
  return new Error(body?.error ?? `${what}: HTTP ${response.status}`);
}

/** `GET /plates/packs/index.json`, checked. */
export async function fetchPlatesPackIndex(fetchFn: typeof fetch, signal?: AbortSignal): Promise<PlatesPackIndex> {
  const response = await fetchFn(PLATES_PACKS_INDEX_PATH, { signal: signal ?? null, cache: 'no-cache' });
  if (!response.ok) throw await errorOf(response, PLATES_PACKS_INDEX_PATH);
  const parsed = platesPackIndexSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`${PLATES_PACKS_INDEX_PATH} is not a plate pack index: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** `POST /plates/packs`: the server builds (or finds) the pack and answers its size, SHA-256 and URL. */
export async function requestPlatesPack(fetchFn: typeof fetch, region: string, strategy: PlatesPackStrategy, airports: readonly string[]): Promise<PlatesPackEntry> {
  const body = strategy === 'all' ? { region, strategy } : { region, strategy, airports: airports.slice(0, PLATES_PACK_MAX_AIRPORTS) };
  const response = await fetchFn(PLATES_PACKS_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw await errorOf(response, `Plates of ${region}`);
  const parsed = platesPackEntrySchema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`${PLATES_PACKS_PATH} did not answer a plate pack: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/**
 * The downloader's chunk of a pack. Its `cycle` is the d-TPP cycle and a digest of the content
 * (`1413.0a1b2c3d4e5f`): another choice of airports in the same cycle is another stored file, never
 * written over the one on the device while it downloads.
 */
export function platesChunk(entry: PlatesPackEntry): PackChunk {
  return { kind: 'plates', cycle: `${entry.cycle}.${entry.sha256.slice(0, 12)}`, expires: entry.effectiveTo.slice(0, 10), url: entry.url, bytes: entry.bytes, sha256: entry.sha256, etag: entry.etag };
}

/** The d-TPP cycle of a stored plates pack's cycle field. */
export function platesCycleOf(chunkCycle: string): string {
  return chunkCycle.split('.')[0] ?? chunkCycle;
}

/** What a region's pack would hold with the strategy: airports and PDF bytes (the size shown before download). */
export function platesRegionSize(region: PlatesPackIndex['regions'][number], strategy: PlatesPackStrategy, selected: ReadonlySet<string>): { airports: string[]; bytes: number } {
  const chosen = strategy === 'all' ? region.airports : region.airports.filter((a) => selected.has(a.airport) || selected.has(a.faaIdent));
  return { airports: chosen.map((a) => a.airport), bytes: chosen.reduce((sum, a) => sum + a.bytes, 0) };
}

/** Airport codes of a saved route: its first and last points, and every four-letter ICAO-style ident on it. */
export function routeAirports(finalString: string): string[] {
  const tokens = finalString.trim().toUpperCase().split(/\s+/).map((token) => token.split(/[./]/)[0] ?? '').filter((token) => token !== '');
  const ends = tokens.length === 0 ? [] : [tokens[0] ?? '', tokens[tokens.length - 1] ?? ''];
  return [...new Set([...ends, ...tokens.filter((token) => /^[A-Z]{4}$/.test(token))])].filter((token) => /^[A-Z0-9]{2,5}$/.test(token));
}

/** The `selected` strategy's airports: the live favourite airports and the airports of the live saved routes. */
export function selectedPlateAirports(favorites: readonly AirportListRow[], routes: readonly RouteRow[]): string[] {
  const codes = [
    ...favorites.filter((row) => row.deleted === 'F').map((row) => row.code.trim().toUpperCase()),
    ...routes.filter((row) => row.deleted === 'F').flatMap((row) => routeAirports(row.final_string)),
  ];
  return [...new Set(codes)].filter((code) => /^[A-Z0-9]{2,5}$/.test(code));
}

/** A stored plates pack, opened: its header and where its PDFs start in the file. */
interface OpenedPlatesPack {
  header: PlatesPackHeader;
  blob: Blob;
  dataStart: number;
}

/** Reads the header of a pack file; an Error saying what is wrong when it is not a plates pack. */
export async function readPlatesPack(blob: Blob): Promise<OpenedPlatesPack> {
  const length = platesPackHeaderLength(new Uint8Array(await blob.slice(0, PLATES_PACK_PREFIX_BYTES).arrayBuffer()));
  if (typeof length === 'string') throw new Error(length);
  const dataStart = PLATES_PACK_PREFIX_BYTES + length;
  if (blob.size < dataStart) throw new Error(`plates pack of ${blob.size} bytes ends inside its ${length}-byte header`);
  const header = parsePlatesPackHeader(new TextDecoder().decode(await blob.slice(PLATES_PACK_PREFIX_BYTES, dataStart).arrayBuffer()));
  if (typeof header === 'string') throw new Error(header);
  return { header, blob, dataStart };
}

/**
 * The plates packs on this device, read for the plate screen when the server cannot be reached:
 * an airport's list and a plate's PDF, as the server would answer them. Headers are read once per
 * stored file (by its SHA-256); the PDFs are sliced from the stored file, never the whole pack read.
 */
export class StoredPlates {
  private readonly opened = new Map<string, Promise<OpenedPlatesPack | null>>();

  constructor(private readonly store: Pick<PackStore, 'rows' | 'open'>) {}

  private async packs(): Promise<OpenedPlatesPack[]> {
    const rows = (await this.store.rows()).filter((row: PackRow) => row.kind === 'plates').sort((a, b) => b.cycle.localeCompare(a.cycle));
    const packs = await Promise.all(rows.map((row) => {
      let pack = this.opened.get(row.sha256);
      if (pack === undefined) {
        pack = this.store.open(row.region, row.kind).then((blob) => (blob === null ? null : readPlatesPack(blob))).catch((error: unknown) => {
          console.warn(`Stored plates pack ${row.region} (${row.cycle}) cannot be read`, error);
          return null;
        });
        this.opened.set(row.sha256, pack);
      }
      return pack;
    }));
    return packs.filter((pack): pack is OpenedPlatesPack => pack !== null);
  }

  /** The airport's list (by ICAO or FAA ident) from the newest stored pack holding it; null when none does. */
  async airport(ident: string): Promise<PlateAirportList | null> {
    const code = ident.trim().toUpperCase();
    for (const pack of await this.packs()) {
      const list = pack.header.airports.find((a) => a.airport === code || a.faaIdent === code);
      if (list !== undefined) return list;
    }
    return null;
  }

  /** A plate's PDF by its URL in a stored list; null when no stored pack holds it. */
  async pdf(url: string): Promise<ArrayBuffer | null> {
    for (const pack of await this.packs()) {
      const chart = pack.header.airports.flatMap((a) => a.charts).find((c) => c.url === url);
      const place = chart === undefined ? undefined : pack.header.files[chart.pdfName];
      if (place !== undefined) return pack.blob.slice(pack.dataStart + place.offset, pack.dataStart + place.offset + place.bytes).arrayBuffer();
    }
    return null;
  }
}

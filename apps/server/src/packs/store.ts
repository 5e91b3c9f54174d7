import { readdir } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import {
  CHART_REGIONS,
  PACK_INDEX_VERSION,
  PACK_KINDS,
  chartCycleById,
  chartCycleOffered,
  chartCycleProblem,
  findChartRegion,
  isPackKind,
  packPath,
  parsePackFileName,
  type DataChannel,
  type PackEntry,
  type PackIndex,
} from '@clearway/protocol';
import { DatasetStore, type DatasetFile } from '../datasets/index.js';
import { readHeader, type PmtilesHeader } from './pmtiles.js';

/** The Content-Type of a pack (the PMTiles project's media type). */
export const PACK_CONTENT_TYPE = 'application/vnd.pmtiles';

/** True for a file name of a pack of a known region and kind. */
export function isPackName(name: string): boolean {
  const parsed = parsePackFileName(name);
  return parsed !== null && isPackKind(parsed.kind) && findChartRegion(parsed.region)?.code === parsed.region;
}

/**
 * The packs on disk, `{dir}/{cycle}/{region}.{kind}.pmtiles`, through the datasets store (SHA-256,
 * ETag, Last-Modified computed from the files, recomputed when a file is replaced) plus each
 * archive's header (tile count, zooms), read once per file version.
 */
export class PackStore {
  readonly files: DatasetStore;
  readonly #headers = new Map<string, { version: string; header: Promise<PmtilesHeader> }>();

  /** `accepts`: which file names are packs (default: the chart regions' packs; areas.ts takes area packs). */
  constructor(readonly dir: string, log?: FastifyBaseLogger, accepts: (name: string) => boolean = isPackName) {
    this.files = new DatasetStore({ name: 'packs', dir, contentType: PACK_CONTENT_TYPE, accepts }, log);
  }

  /** Cycle folders present, newest first. */
  async cycles(): Promise<string[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    return names.filter((name) => chartCycleProblem(name) === null).sort().reverse();
  }

  async #header(file: DatasetFile): Promise<PmtilesHeader> {
    const cached = this.#headers.get(file.path);
    if (cached?.version === file.version) return cached.header;
    const header = readHeader(file.path);
    this.#headers.set(file.path, { version: file.version, header });
    header.catch(() => this.#headers.delete(file.path));
    return header;
  }

  /** A pack file as the index lists it (kind, cycle, size, SHA-256, ETag, tiles); null when it is not a readable archive. */
  async entry(file: DatasetFile, url: string): Promise<PackEntry | null> {
    const parsed = parsePackFileName(file.name);
    const meta = chartCycleById(file.channel);
    if (!parsed || !isPackKind(parsed.kind) || !meta) return null;
    let header: PmtilesHeader;
    try {
      header = await this.#header(file);
    } catch {
      return null;
    }
    return {
      kind: parsed.kind,
      cycle: meta.id,
      effective: meta.effective,
      expires: meta.expires,
      bytes: file.bytes,
      sha256: file.sha256,
      etag: file.etag,
      url,
      tiles: header.addressedTilesCount,
      minZoom: header.minZoom,
      maxZoom: header.maxZoom,
    };
  }

  /**
   * Every region of CHART_REGIONS with its packs (none when the server has none), newest cycle
   * first: the cycles `channel` offers at `nowMs` (chartCycleOffered; a next cycle's packs stay out
   * of channel current until their effective date).
   */
  async index(channel: DataChannel = 'current', nowMs: number = Date.now()): Promise<PackIndex> {
    const cycles = (await this.cycles()).filter((id) => {
      const cycle = chartCycleById(id);
      return cycle !== null && chartCycleOffered(cycle, channel, nowMs);
    });
    const byRegion = new Map<string, PackEntry[]>();
    const withPacks: string[] = [];
    for (const cycle of cycles) {
      const meta = chartCycleById(cycle);
      if (!meta) continue;
      const files = await this.files.list(cycle);
      if (files.length > 0) withPacks.push(cycle);
      for (const file of files) {
        const parsed = parsePackFileName(file.name);
        if (!parsed || !isPackKind(parsed.kind)) continue;
        const entry = await this.entry(file, packPath(cycle, parsed.region, parsed.kind));
        // Not a readable archive (a half-copied file): left out of the index rather than offered.
        if (entry === null) continue;
        byRegion.set(parsed.region, [...(byRegion.get(parsed.region) ?? []), entry]);
      }
    }
    const kindOrder = (kind: string) => PACK_KINDS.indexOf(kind as (typeof PACK_KINDS)[number]);
    return {
      version: PACK_INDEX_VERSION,
      channel,
      cycles: withPacks,
      regions: CHART_REGIONS.map((region) => ({
        code: region.code,
        name: region.name,
        alaska: region.alaska,
        bounds: region.bounds,
        packs: (byRegion.get(region.code) ?? []).sort((a, b) => b.cycle.localeCompare(a.cycle) || kindOrder(a.kind) - kindOrder(b.kind)),
      })),
    };
  }

  /** True when no cycle folder holds a pack. */
  async isEmpty(): Promise<boolean> {
    for (const cycle of await this.cycles()) if ((await this.files.list(cycle)).length > 0) return false;
    return true;
  }
}

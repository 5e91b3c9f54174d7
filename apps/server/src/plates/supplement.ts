import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DATASET_INDEX_CACHE_CONTROL, DatasetStore, sendDatasetFile, sendTaggedJson } from '../datasets/index.js';
import { addressLimited } from '../http/index.js';

/** Where the chart supplement (FAA d-CS) is served. */
export const SUPPLEMENT_PATH = '/supplement';

/** One airport of the d-CS index: its supplement pages (PDF files of the d-CS folder). */
export interface SupplementAirport {
  /** FAA ident as the index writes it (SFO). */
  id: string;
  name: string;
  city: string;
  state: string;
  pdfs: string[];
}

/** `GET /supplement/airports/{id}`: the airport's pages, in the index's order. */
export interface SupplementAnswer {
  airport: string;
  name: string;
  city: string;
  state: string;
  pages: { pdf: string; url: string }[];
}

export class SupplementIndexError extends Error {}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? '').trim();
const SAFE_PDF = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}\.pdf$/i;

function element(block: string, name: string): string {
  const match = new RegExp(`<${name}>([^<]*)</${name}>`).exec(block);
  return match ? decode(match[1] ?? '') : '';
}

/**
 * Parses the d-CS index (`afd_{DDMONYYYY}.xml`): `<airports>` holding `<location state="...">`
 * elements, each with `<airport>` elements of `<aptname>`, `<aptcity>`, `<aptid>`, `<navidname>` and
 * `<pages>` with one `<pdf>` per supplement page (the layout of the FAA's d-CS download).
 * @throws SupplementIndexError saying what is wrong and at which airport.
 */
export function parseSupplementIndex(xml: string): SupplementAirport[] {
  if (!xml.includes('<airports')) throw new SupplementIndexError('d-CS index: no <airports> element');
  if (!xml.includes('</airports>')) throw new SupplementIndexError('d-CS index: ends before </airports> (truncated download?)');
  const airports: SupplementAirport[] = [];
  for (const location of xml.matchAll(/<location\s+state="([^"]*)"\s*>([\s\S]*?)<\/location>/g)) {
    const state = decode(location[1] ?? '');
    for (const block of (location[2] ?? '').matchAll(/<airport>([\s\S]*?)<\/airport>/g)) {
      const body = block[1] ?? '';
      const id = element(body, 'aptid').toUpperCase();
      if (!/^[A-Z0-9]{2,5}$/.test(id)) throw new SupplementIndexError(`d-CS index: an airport of ${state} has aptid "${id}" (2 to 5 letters or digits)`);
      const pdfs = [...body.matchAll(/<pdf>([^<]*)<\/pdf>/g)].map((m) => decode(m[1] ?? ''));
      const bad = pdfs.find((pdf) => !SAFE_PDF.test(pdf));
      if (bad !== undefined) throw new SupplementIndexError(`d-CS index: airport ${id} names "${bad}", not a PDF file name`);
      airports.push({ id, name: element(body, 'aptname'), city: element(body, 'aptcity'), state, pdfs });
    }
  }
  return airports;
}

/** A d-CS folder: the index (the `*.xml` holding `<airports>`) and the PDFs beside it, read again when the index changes. */
export class SupplementSource {
  private cached: { version: string; airports: Promise<Map<string, SupplementAirport>> } | null = null;
  readonly files: DatasetStore;

  constructor(readonly dir: string) {
    // The dataset store's layout is `{dir}/{channel}/{file}`: the folder is the one channel of its parent.
    this.files = new DatasetStore({ name: 'chart supplement', dir: dirname(dir), channels: [basename(dir)], contentType: 'application/pdf', accepts: (name) => SAFE_PDF.test(name) });
  }

  private async indexFile(): Promise<string> {
    const names = await readdir(this.dir).catch(() => {
      throw new SupplementIndexError(`SUPPLEMENT_SOURCE ${this.dir}: no such folder`);
    });
    for (const name of names.filter((n) => /\.xml$/i.test(n)).sort()) {
      const path = join(this.dir, name);
      if ((await readFile(path, 'utf8')).includes('<airports')) return path;
    }
    throw new SupplementIndexError(`SUPPLEMENT_SOURCE ${this.dir}: no d-CS index (an afd_*.xml holding <airports>)`);
  }

  /** Airports by FAA ident; PDFs the index names but the folder lacks are left out. */
  async airports(): Promise<Map<string, SupplementAirport>> {
    const path = await this.indexFile();
    const stats = await stat(path);
    const version = `${path}:${stats.size}:${stats.mtimeMs}`;
    if (this.cached?.version !== version) {
      const airports = readFile(path, 'utf8').then(async (xml) => {
        const present = new Set((await readdir(this.dir)).map((name) => name.toLowerCase()));
        return new Map(parseSupplementIndex(xml).map((a) => [a.id, { ...a, pdfs: a.pdfs.filter((pdf) => present.has(pdf.toLowerCase())) }]));
      });
      this.cached = { version, airports };
      airports.catch(() => {
        this.cached = null;
      });
    }
    return this.cached.airports;
  }

  /** An airport by FAA ident (SFO) or ICAO ident of a K airport (KSFO); null when the index has no pages of it. */
  async airport(ident: string): Promise<SupplementAirport | null> {
    const code = ident.trim().toUpperCase();
    const airports = await this.airports();
    const found = airports.get(code) ?? (code.length === 4 && code.startsWith('K') ? airports.get(code.slice(1)) : undefined);
    return found === undefined || found.pdfs.length === 0 ? null : found;
  }
}

/**
 * The chart supplement routes (SUPPLEMENT_SOURCE=path): `GET /supplement/airports/{id}` (the
 * airport's pages, ETag; 404 naming the airport, or saying no d-CS is configured) and
 * `GET`/`HEAD /supplement/files/{pdf}` (datasets sender: ETag, Range). Who: anyone (published data,
 * no session). How often: SUPPLEMENT_PER_MINUTE requests per client address and route (429 with
 * Retry-After). How big: no body; the answers are the index entry and the PDFs. Origin: GET and HEAD
 * only, which the cross-site guard lets through as it does every read.
 */
/** Requests per client address and minute on each chart supplement route (a page opens one list and a few PDFs). */
export const SUPPLEMENT_PER_MINUTE = { perMinute: 600 };

export async function supplementRoutes(app: FastifyInstance, options: { dir: string | null }): Promise<void> {
  const source = options.dir === null ? null : new SupplementSource(options.dir);
  app.get<{ Params: { airport: string } }>(`${SUPPLEMENT_PATH}/airports/:airport`, addressLimited(SUPPLEMENT_PER_MINUTE), async (request, reply) => {
    const airport = request.params.airport.trim().toUpperCase();
    if (source === null) return reply.code(404).header('cache-control', DATASET_INDEX_CACHE_CONTROL).send({ error: 'No FAA chart supplement on this server (SUPPLEMENT_SOURCE is not set)', airport });
    let found: SupplementAirport | null;
    try {
      found = await source.airport(airport);
    } catch (error) {
      request.log.error({ err: error }, 'chart supplement index unreadable');
      return reply.code(503).send({ error: error instanceof Error ? error.message : String(error) });
    }
    if (found === null) return reply.code(404).header('cache-control', DATASET_INDEX_CACHE_CONTROL).send({ error: `No chart supplement page of ${airport} in the d-CS`, airport });
    const answer: SupplementAnswer = { airport: found.id, name: found.name, city: found.city, state: found.state, pages: found.pdfs.map((pdf) => ({ pdf, url: `${SUPPLEMENT_PATH}/files/${encodeURIComponent(pdf)}` })) };
    return sendTaggedJson(request, reply, answer);
  });
  app.route<{ Params: { file: string } }>({
    method: ['GET', 'HEAD'],
    url: `${SUPPLEMENT_PATH}/files/:file`,
    ...addressLimited(SUPPLEMENT_PER_MINUTE),
    handler: async (request, reply) => {
      const { file } = request.params;
      return sendDatasetFile(request, reply, {
        lookup: async () => (source === null ? null : source.files.file(basename(source.dir), file)),
        notFound: (missing) => missing.code(404).header('cache-control', DATASET_INDEX_CACHE_CONTROL).send({ error: `No chart supplement file ${file}`, file }),
      });
    },
  });
}

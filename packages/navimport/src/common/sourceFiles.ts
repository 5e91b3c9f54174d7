/**
 * Source files that may live in a folder or inside a zip, including a zip inside a zip (the FAA NASR
 * subscription zip holds its CSV tables in a `..._CSV.zip` member).
 */
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { IssueCollector } from './diagnostics.js';
import { errorMessage } from './lines.js';

export interface SourceFile {
  /** Base name, e.g. `APT_BASE.csv`. */
  name: string;
  /** Where it is, for messages: a path, with `!/` between a zip and a member, e.g. `nasr.zip!/CSV/APT_BASE.csv`. */
  path: string;
  /** Size in bytes (uncompressed for a zip member), when known. */
  size: number | null;
  /** A fresh stream of the file's bytes each time; the caller reads it to the end or destroys it. */
  open(): Promise<NodeJS.ReadableStream>;
}

export interface ListSourceFilesOptions {
  /** When given, unreadable folders and broken zips are reported here and skipped instead of thrown. */
  issues?: IssueCollector;
  /** Zips inside zips are opened down to this depth (default 3). */
  maxZipDepth?: number;
  /**
   * Which zips inside a zip to open, by member path (default all): the FAA subscription also holds
   * large zips of shapefiles and AIXM that the CSV reader does not need in memory.
   */
  descendInto?: (memberPath: string) => boolean;
}

/**
 * Lists the files under `path`: a folder (recursively), a zip (recursively into zips it holds, which
 * are read into memory) or a single file. Zips found in a folder are opened too. Sorted by path.
 */
export async function listSourceFiles(path: string, options: ListSourceFilesOptions = {}): Promise<SourceFile[]> {
  const out: SourceFile[] = [];
  const maxDepth = options.maxZipDepth ?? 3;
  try {
    await listPath(path, out, maxDepth, options);
  } catch (err) {
    if (!options.issues) throw err;
    options.issues.error(basename(path), 0, `cannot read ${path}: ${errorMessage(err)}`);
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The first file whose base name equals `name`, ignoring case; a `.csv` name also finds `.csv.gz`. */
export function findSourceFile(files: readonly SourceFile[], name: string): SourceFile | undefined {
  const want = name.toLowerCase();
  return (
    files.find((f) => f.name.toLowerCase() === want) ??
    files.find((f) => f.name.toLowerCase() === `${want}.gz`)
  );
}

/** A source file held in memory, for tests and for callers that already have the bytes. */
export function memorySourceFile(name: string, content: string | Buffer): SourceFile {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return {
    name,
    path: name,
    size: bytes.length,
    open: () => Promise.resolve(Readable.from([bytes])),
  };
}

function isZipName(name: string): boolean {
  return name.toLowerCase().endsWith('.zip');
}

async function listPath(path: string, out: SourceFile[], depth: number, options: ListSourceFilesOptions): Promise<void> {
  const issues = options.issues;
  const st = await stat(path);
  if (st.isDirectory()) {
    let entries;
    try {
      entries = await readdir(path, { withFileTypes: true });
    } catch (err) {
      if (!issues) throw err;
      issues.error(basename(path), 0, `cannot read folder ${path}: ${errorMessage(err)}`);
      return;
    }
    for (const entry of entries) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) await listPath(child, out, depth, options);
      else if (entry.isFile()) await listFile(child, out, depth, options);
    }
    return;
  }
  await listFile(path, out, depth, options);
}

async function listFile(path: string, out: SourceFile[], depth: number, options: ListSourceFilesOptions): Promise<void> {
  if (isZipName(path) && depth > 0) {
    await listZip(() => yauzl.openPromise(path, zipOptions), path, out, depth, options);
    return;
  }
  const size = (await stat(path)).size;
  out.push({
    name: basename(path),
    path,
    size,
    open: () => Promise.resolve(createReadStream(path, { highWaterMark: 256 * 1024 })),
  });
}

const zipOptions: yauzl.Options = { lazyEntries: true, autoClose: false, strictFileNames: false };

/** Lists a zip's members; `openZip` opens the archive afresh (from its path or its bytes). */
async function listZip(
  openZip: () => Promise<yauzl.ZipFile>,
  zipPath: string,
  out: SourceFile[],
  depth: number,
  options: ListSourceFilesOptions,
): Promise<void> {
  const issues = options.issues;
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip();
  } catch (err) {
    if (!issues) throw err;
    issues.error(basename(zipPath), 0, `cannot open zip ${zipPath}: ${errorMessage(err)}`);
    return;
  }
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      const memberPath = `${zipPath}!/${entry.fileName}`;
      if (isZipName(entry.fileName) && depth > 1 && (options.descendInto?.(entry.fileName) ?? true)) {
        let inner: Buffer;
        try {
          inner = await readAll(await zip.openReadStreamPromise(entry));
        } catch (err) {
          if (!issues) throw err;
          issues.error(basename(entry.fileName), 0, `cannot read ${memberPath}: ${errorMessage(err)}`);
          continue;
        }
        await listZip(() => yauzl.fromBufferPromise(inner, zipOptions), memberPath, out, depth - 1, options);
        continue;
      }
      out.push({
        name: basename(entry.fileName),
        path: memberPath,
        size: entry.uncompressedSize,
        open: () => openMember(openZip, entry),
      });
    }
  } catch (err) {
    if (!issues) throw err;
    issues.error(basename(zipPath), 0, `broken zip ${zipPath}: ${errorMessage(err)}`);
  } finally {
    zip.close();
  }
}

/**
 * Opens the archive again for each member read, so no file handle stays open between reads; yauzl
 * keeps the handle until the member's stream is done even though the archive is closed at once.
 */
async function openMember(openZip: () => Promise<yauzl.ZipFile>, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  const zip = await openZip();
  try {
    return await zip.openReadStreamPromise(entry);
  } finally {
    zip.close();
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

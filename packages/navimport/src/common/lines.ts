/**
 * Streaming line reader for importers: path or stream in, numbered lines out, with gzip detected by
 * its magic bytes, a progress hook and a choice of text encoding (X-Plane files are latin1).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import type { IssueCollector } from './diagnostics.js';
import type { ProgressCallback } from './progress.js';

export interface NumberedLine {
  /** The line without its `\n` or `\r\n`. */
  line: string;
  /** 1-based line number. */
  number: number;
}

export type TextEncoding = 'utf8' | 'latin1';

export interface ReadLinesOptions {
  /** `auto` (default) gunzips when the input starts with the gzip magic bytes 1f 8b. */
  gzip?: 'auto' | boolean;
  /** `utf8` (default; a leading byte-order mark is dropped) or `latin1` (also right for windows-1252 text). */
  encoding?: TextEncoding;
  /** Name for progress and issues; defaults to the path's base name, or `input`. */
  file?: string;
  /** Size of the input in bytes for progress; looked up for a path. */
  totalBytes?: number | null;
  onProgress?: ProgressCallback;
  /**
   * When given, a read or decompression error (a truncated gzip file, an unreadable path) is
   * reported here at the line where it happened and the lines before it are kept; without it the
   * error is thrown from the iteration.
   */
  issues?: IssueCollector;
  /** Chunk size when reading a path, bytes. */
  highWaterMark?: number;
}

const GZIP_MAGIC_0 = 0x1f;
const GZIP_MAGIC_1 = 0x8b;

/** Reads numbered lines from a path or a byte stream. See {@link ReadLinesOptions}. */
export async function* readLines(
  input: NodeJS.ReadableStream | string,
  options: ReadLinesOptions = {},
): AsyncGenerator<NumberedLine> {
  const file = options.file ?? (typeof input === 'string' ? basename(input) : 'input');
  let number = 0;
  try {
    for await (const batch of readLineBatches(input, { ...options, file, issues: undefined })) {
      for (const line of batch.lines) {
        number++;
        yield { line, number };
      }
    }
  } catch (err) {
    if (!options.issues) throw err;
    options.issues.error(file, number + 1, `cannot read ${file}: ${errorMessage(err)}`);
  }
}

export interface LineBatch {
  lines: string[];
  /** Line number of `lines[0]`, 1-based. */
  firstLine: number;
}

/**
 * The same lines as {@link readLines} in batches (one per input chunk), for readers that parse
 * millions of lines and want to skip the per-line promise.
 */
export async function* readLineBatches(
  input: NodeJS.ReadableStream | string,
  options: ReadLinesOptions = {},
): AsyncGenerator<LineBatch> {
  const file = options.file ?? (typeof input === 'string' ? basename(input) : 'input');
  const encoding = options.encoding ?? 'utf8';
  let totalBytes = options.totalBytes ?? null;
  let nextLine = 1;
  try {
    let source: NodeJS.ReadableStream;
    if (typeof input === 'string') {
      if (totalBytes === null) totalBytes = (await stat(input)).size;
      source = createReadStream(input, { highWaterMark: options.highWaterMark ?? 256 * 1024 });
    } else {
      source = input;
    }
    const progress = options.onProgress;
    let bytesRead = 0;
    const counted = async function* (): AsyncGenerator<Buffer> {
      for await (const chunk of source as AsyncIterable<Buffer | string>) {
        const buf = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
        bytesRead += buf.length;
        yield buf;
      }
    };
    const raw = counted();
    const first = await raw.next();
    if (first.done) {
      progress?.({ file, bytesRead: 0, totalBytes, records: 0 });
      return;
    }
    const head = first.value;
    const isGzip =
      options.gzip === true ||
      ((options.gzip ?? 'auto') === 'auto' && head.length >= 2 && head[0] === GZIP_MAGIC_0 && head[1] === GZIP_MAGIC_1);
    const rejoined = async function* (): AsyncGenerator<Buffer> {
      yield head;
      yield* raw;
    };
    let chunks: AsyncIterable<Buffer>;
    if (isGzip) {
      const from = Readable.from(rejoined(), { objectMode: false });
      // Larger output chunks halve gunzip time on big files (apt.dat.gz: 1.07 s -> 0.49 s).
      const gunzip = createGunzip({ chunkSize: 256 * 1024 });
      from.on('error', (err) => gunzip.destroy(err));
      chunks = from.pipe(gunzip);
    } else {
      chunks = rejoined();
    }

    const decoder = new StringDecoder(encoding);
    let carry = '';
    let firstText = true;
    for await (const chunk of chunks) {
      let text = decoder.write(chunk);
      if (firstText && text.length > 0) {
        firstText = false;
        if (encoding === 'utf8' && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      const lines = splitLines(carry + text);
      carry = lines.pop() ?? '';
      if (lines.length > 0) {
        yield { lines, firstLine: nextLine };
        nextLine += lines.length;
      }
      progress?.({ file, bytesRead, totalBytes, records: nextLine - 1 });
    }
    carry += decoder.end();
    if (carry.length > 0) {
      const lines = splitLines(carry);
      const rest = lines.pop() as string;
      if (rest.length > 0) lines.push(rest.endsWith('\r') ? rest.slice(0, -1) : rest);
      if (lines.length > 0) {
        yield { lines, firstLine: nextLine };
        nextLine += lines.length;
      }
    }
    progress?.({ file, bytesRead, totalBytes, records: nextLine - 1 });
  } catch (err) {
    if (!options.issues) throw err;
    options.issues.error(file, nextLine, `cannot read ${file}: ${errorMessage(err)}`);
  }
}

/** Splits on `\n`, dropping a `\r` before it; the last element is the unterminated rest. */
function splitLines(text: string): string[] {
  const lines = text.split('\n');
  const last = lines.length - 1;
  for (let i = 0; i < last; i++) {
    const l = lines[i] as string;
    if (l.length > 0 && l.charCodeAt(l.length - 1) === 13) lines[i] = l.slice(0, -1);
  }
  return lines;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

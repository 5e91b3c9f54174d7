/**
 * Where a download keeps its bytes while it runs and between runs, so an interrupted download
 * resumes from what is held. Implemented over files (navimport's Node adapter), over OPFS or
 * IndexedDB segments (the web app, through segmentedPartStore) and in memory (tests).
 */

/** What is remembered beside the held bytes, so that a resume asks for the same version of the same URL. */
export interface PartMeta {
  url: string;
  /** Strong ETag of the identity representation, or null; sent as If-Range on a resume. */
  etag: string | null;
  /** HTTP date, or null; the If-Range validator when there is no strong ETag. */
  lastModified: string | null;
  /** Size of the whole file in bytes, or null while unknown. */
  totalBytes: number | null;
}

/** Appends to the held bytes. A write resolves once the bytes are held (progress is reported after it). */
export interface PartWriter {
  write(chunk: Uint8Array): Promise<void>;
  /** Makes what was written durable; called once per attempt, also after a failed one. */
  close(): Promise<void>;
}

/** The held part of one download; `T` is what a finished download gives its caller (a path, a buffer). */
export interface PartStore<T> {
  /** What an earlier attempt or run left: its record and the number of bytes held, or null. */
  load(): Promise<{ meta: PartMeta | null; bytes: number } | null>;
  /** Records the version being downloaded (before its first byte is written). */
  saveMeta(meta: PartMeta): Promise<void>;
  /** Opens the part for writing: 'append' after the held bytes, 'truncate' from byte 0. */
  open(mode: 'append' | 'truncate'): Promise<PartWriter>;
  /** The held bytes in order (read for the SHA-256 check). */
  read(): AsyncIterable<Uint8Array>;
  /** Forgets the held bytes and the record (a changed file, a failed check). */
  discard(): Promise<void>;
  /** The download is complete and checked: turns the part into the result (rename, concatenate) and forgets the record. */
  finish(): Promise<T>;
}

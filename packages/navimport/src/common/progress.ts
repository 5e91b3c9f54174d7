/** Progress of one importer over one file (STYLE.md 6). */
export interface ImportProgress {
  /** File being read, e.g. `APT_BASE.csv`. */
  file: string;
  /** Bytes consumed from the source so far (compressed bytes for a gzip file). */
  bytesRead: number;
  /** Size of the source in bytes, when known. */
  totalBytes: number | null;
  /** Records (rows, lines) read so far. */
  records: number;
}

export type ProgressCallback = (p: ImportProgress) => void;

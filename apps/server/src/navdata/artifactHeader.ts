import { open } from 'node:fs/promises';
import { z } from 'zod';

/**
 * The start of a nav database artifact (packages/navdb, container format):
 *   0   8 bytes  magic `CWNAVDB\0`
 *   8   uint32   format version, little-endian
 *   12  uint32   byte length of the JSON that follows, little-endian
 *   16  JSON     `{header, sections}` (format 1); a bare header object is accepted too
 * Bytes 0-11 never change meaning between versions, so the server can list artifacts of any format
 * version, including ones newer than the code it runs; clients pick the versions they can read.
 */
export const ARTIFACT_MAGIC = Buffer.from('CWNAVDB\0', 'latin1');
const PREAMBLE_BYTES = 16;
/** Refuse absurd directory sizes rather than reading a whole corrupt file into memory. */
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;

/** The header fields the server lists (the artifact holds more: sources, counts, builtAt ...). */
export interface ArtifactHeader {
  formatVersion: number;
  cycle: string;
  region: string;
  effective: string;
  expires: string;
}

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const headerSchema = z.object({
  cycle: z.string().regex(/^\d{4}$/),
  region: z.string().min(1),
  effective: isoDay,
  expires: isoDay,
});

/** An artifact whose first bytes are not a readable header. */
export class ArtifactHeaderError extends Error {
  override readonly name = 'ArtifactHeaderError';
}

/**
 * Reads the header of the artifact at `path` from its first bytes, without loading the rest.
 * @throws ArtifactHeaderError saying what is wrong (magic, truncation, JSON, a missing field).
 */
export async function readArtifactHeader(path: string): Promise<ArtifactHeader> {
  const file = await open(path, 'r');
  try {
    const preamble = Buffer.alloc(PREAMBLE_BYTES);
    const { bytesRead } = await file.read(preamble, 0, PREAMBLE_BYTES, 0);
    if (!preamble.subarray(0, ARTIFACT_MAGIC.length).equals(ARTIFACT_MAGIC) || bytesRead < ARTIFACT_MAGIC.length) {
      throw new ArtifactHeaderError('not a Clearway nav database (bad magic)');
    }
    if (bytesRead < PREAMBLE_BYTES) throw new ArtifactHeaderError(`truncated: ${bytesRead} of ${PREAMBLE_BYTES} preamble bytes`);
    const formatVersion = preamble.readUInt32LE(8);
    const jsonBytes = preamble.readUInt32LE(12);
    if (jsonBytes > MAX_DIRECTORY_BYTES) throw new ArtifactHeaderError(`header of ${jsonBytes} bytes is too large`);
    const json = Buffer.alloc(jsonBytes);
    const read = await file.read(json, 0, jsonBytes, PREAMBLE_BYTES);
    if (read.bytesRead < jsonBytes) throw new ArtifactHeaderError(`truncated: ${read.bytesRead} of ${jsonBytes} header bytes`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(json.toString('utf8'));
    } catch (error) {
      throw new ArtifactHeaderError(`header is not JSON: ${(error as Error).message}`);
    }
    const header = typeof parsed === 'object' && parsed !== null && 'header' in parsed ? parsed.header : parsed;
    const fields = headerSchema.safeParse(header);
    if (!fields.success) {
      const issue = fields.error.issues[0];
      throw new ArtifactHeaderError(`header field ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`);
    }
    const { cycle, region, effective, expires } = fields.data;
    return { formatVersion, cycle, region, effective, expires };
  } finally {
    await file.close();
  }
}

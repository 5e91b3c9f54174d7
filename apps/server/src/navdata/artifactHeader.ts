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
 * Reads the header from the start of an artifact's bytes (the whole file, or at least its preamble
 * and header JSON).
 * @throws ArtifactHeaderError saying what is wrong (magic, truncation, JSON, a missing field).
 */
export function parseArtifactHeader(bytes: Uint8Array): ArtifactHeader {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const preamble = buffer.subarray(0, PREAMBLE_BYTES);
  if (preamble.length < ARTIFACT_MAGIC.length || !preamble.subarray(0, ARTIFACT_MAGIC.length).equals(ARTIFACT_MAGIC)) {
    throw new ArtifactHeaderError('not a Clearway nav database (bad magic)');
  }
  if (preamble.length < PREAMBLE_BYTES) throw new ArtifactHeaderError(`truncated: ${preamble.length} of ${PREAMBLE_BYTES} preamble bytes`);
  const formatVersion = preamble.readUInt32LE(8);
  const jsonBytes = preamble.readUInt32LE(12);
  if (jsonBytes > MAX_DIRECTORY_BYTES) throw new ArtifactHeaderError(`header of ${jsonBytes} bytes is too large`);
  const json = buffer.subarray(PREAMBLE_BYTES, PREAMBLE_BYTES + jsonBytes);
  if (json.length < jsonBytes) throw new ArtifactHeaderError(`truncated: ${json.length} of ${jsonBytes} header bytes`);
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
    const start = preamble.subarray(0, bytesRead);
    // Too short, bad magic or an absurd size: the preamble alone says so.
    if (bytesRead < PREAMBLE_BYTES || !start.subarray(0, ARTIFACT_MAGIC.length).equals(ARTIFACT_MAGIC) || start.readUInt32LE(12) > MAX_DIRECTORY_BYTES) {
      return parseArtifactHeader(start);
    }
    const json = Buffer.alloc(start.readUInt32LE(12));
    const read = await file.read(json, 0, json.length, PREAMBLE_BYTES);
    return parseArtifactHeader(Buffer.concat([start, json.subarray(0, read.bytesRead)]));
  } finally {
    await file.close();
  }
}

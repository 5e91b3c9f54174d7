import { NavDbFormatError } from './errors.js';
import type { NavDbHeader } from './model.js';
import { utf8Decode, utf8Encode } from './text.js';

/**
 * The binary container of a nav database artifact (format description in ../README.md):
 *
 *   0   8 bytes  magic `CWNAVDB\0`
 *   8   uint32   format version (little-endian)
 *   12  uint32   byte length H of the directory
 *   16  H bytes  directory: UTF-8 JSON `{header, sections}`
 *       padding to a multiple of 8, then the sections, each starting on a multiple of 8
 *
 * Bytes 0-11 never change meaning, so any reader can name the version it was given; everything
 * after them belongs to that version.
 */

/** The artifact format this code writes and reads. Bump it on any change a version-1 reader would misread. */
export const NAVDB_FORMAT_VERSION = 1;

/** `CWNAVDB` and a NUL byte. */
export const NAVDB_MAGIC: readonly number[] = [0x43, 0x57, 0x4e, 0x41, 0x56, 0x44, 0x42, 0x00];

const PREAMBLE_BYTES = 16;

/** Element types of sections; all multi-byte values are little-endian. */
export type SectionType = 'u8' | 'u16' | 'u32' | 'i32' | 'f64';

export type SectionArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;

const ELEMENT_BYTES: Record<SectionType, number> = { u8: 1, u16: 2, u32: 4, i32: 4, f64: 8 };

/** One section as the directory lists it. `offset` counts from the first byte after the directory padding. */
export interface SectionEntry {
  name: string;
  type: SectionType;
  offset: number;
  /** Number of elements. */
  count: number;
  /** For number columns stored as scaled integers: value = stored / scale. */
  scale?: number;
}

/** A section to write. */
export interface SectionInput {
  name: string;
  data: SectionArray;
  scale?: number;
}

interface Directory {
  header: NavDbHeader;
  sections: SectionEntry[];
}

/** A parsed container: the header and a typed view per section (sharing the input's memory). */
export interface Container {
  header: NavDbHeader;
  sections: Map<string, { entry: SectionEntry; data: SectionArray }>;
}

function align8(n: number): number {
  return (n + 7) & ~7;
}

/** The array's type by its tag, not `instanceof`: arrays from another realm (jsdom, a worker) count too. */
function typeTag(data: unknown): string {
  return Object.prototype.toString.call(data).slice(8, -1);
}

function typeOf(data: SectionArray): SectionType {
  switch (typeTag(data)) {
    case 'Uint8Array':
      return 'u8';
    case 'Uint16Array':
      return 'u16';
    case 'Uint32Array':
      return 'u32';
    case 'Int32Array':
      return 'i32';
    default:
      return 'f64';
  }
}

/** Writes the container: preamble, directory, then each section 8-byte aligned. */
export function writeContainer(header: NavDbHeader, sections: SectionInput[]): Uint8Array {
  assertLittleEndian();
  const entries: SectionEntry[] = [];
  let offset = 0;
  for (const s of sections) {
    const entry: SectionEntry = { name: s.name, type: typeOf(s.data), offset, count: s.data.length };
    if (s.scale !== undefined && s.scale !== 1) entry.scale = s.scale;
    entries.push(entry);
    offset = align8(offset + s.data.byteLength);
  }
  const directory: Directory = { header, sections: entries };
  const json = utf8Encode(JSON.stringify(directory));
  const dataStart = align8(PREAMBLE_BYTES + json.length);
  const out = new Uint8Array(dataStart + offset);
  out.set(NAVDB_MAGIC, 0);
  const preamble = new DataView(out.buffer);
  preamble.setUint32(8, NAVDB_FORMAT_VERSION, true);
  preamble.setUint32(12, json.length, true);
  out.set(json, PREAMBLE_BYTES);
  sections.forEach((s, i) => {
    const bytes = new Uint8Array(s.data.buffer, s.data.byteOffset, s.data.byteLength);
    out.set(bytes, dataStart + (entries[i]?.offset ?? 0));
  });
  return out;
}

function asBytes(input: Uint8Array | ArrayBuffer): Uint8Array {
  return ArrayBuffer.isView(input) ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength) : new Uint8Array(input);
}

function truncated(section: string, end: number, size: number): NavDbFormatError {
  return new NavDbFormatError(`Nav database is truncated: section ${section} ends at byte ${end} of ${size}`);
}

/** Checks magic and version and parses the directory; returns it with where the sections start. */
function readDirectory(bytes: Uint8Array): { directory: Directory; dataStart: number } {
  const size = bytes.length;
  const magicBytes = Math.min(size, NAVDB_MAGIC.length);
  for (let i = 0; i < magicBytes; i++) {
    if (bytes[i] !== NAVDB_MAGIC[i]) throw new NavDbFormatError('Not a Clearway nav database (bad magic)');
  }
  if (size < PREAMBLE_BYTES) throw truncated('preamble', PREAMBLE_BYTES, size);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (version !== NAVDB_FORMAT_VERSION) {
    throw new NavDbFormatError(
      `Nav database format version ${version} is not supported by this reader (expects ${NAVDB_FORMAT_VERSION})`,
    );
  }
  const jsonLength = view.getUint32(12, true);
  const jsonEnd = PREAMBLE_BYTES + jsonLength;
  if (jsonEnd > size) throw truncated('directory', jsonEnd, size);
  let directory: Directory;
  try {
    directory = JSON.parse(utf8Decode(bytes.subarray(PREAMBLE_BYTES, jsonEnd))) as Directory;
  } catch (error) {
    throw new NavDbFormatError(`Nav database directory is corrupt: ${(error as Error).message}`);
  }
  if (typeof directory !== 'object' || directory === null || !Array.isArray(directory.sections) || typeof directory.header !== 'object') {
    throw new NavDbFormatError('Nav database directory is corrupt: header or sections missing');
  }
  return { directory, dataStart: align8(jsonEnd) };
}

/** The header of an artifact without touching its sections: magic, version and directory only. */
export function readNavDbHeader(input: Uint8Array | ArrayBuffer): NavDbHeader {
  return readDirectory(asBytes(input)).directory.header;
}

/**
 * Parses a container. Sections become typed views over the input's memory (no copy) unless the
 * input is not 8-byte aligned, in which case it is copied once so Float64 views are possible.
 */
export function readContainer(input: Uint8Array | ArrayBuffer): Container {
  assertLittleEndian();
  let bytes = asBytes(input);
  const { directory, dataStart } = readDirectory(bytes);
  if (bytes.byteOffset % 8 !== 0) bytes = bytes.slice();
  const size = bytes.length;
  const sections: Container['sections'] = new Map();
  for (const entry of directory.sections) {
    const elementBytes = ELEMENT_BYTES[entry.type];
    if (elementBytes === undefined || entry.offset % 8 !== 0) {
      throw new NavDbFormatError(`Nav database directory is corrupt: section ${entry.name} has type ${entry.type} at ${entry.offset}`);
    }
    const start = dataStart + entry.offset;
    const end = start + entry.count * elementBytes;
    if (end > size) throw truncated(entry.name, end, size);
    const at = bytes.byteOffset + start;
    const data = viewOf(entry.type, bytes.buffer as ArrayBuffer, at, entry.count);
    sections.set(entry.name, { entry, data });
  }
  return { header: directory.header, sections };
}

function viewOf(type: SectionType, buffer: ArrayBuffer, at: number, count: number): SectionArray {
  switch (type) {
    case 'u8':
      return new Uint8Array(buffer, at, count);
    case 'u16':
      return new Uint16Array(buffer, at, count);
    case 'u32':
      return new Uint32Array(buffer, at, count);
    case 'i32':
      return new Int32Array(buffer, at, count);
    case 'f64':
      return new Float64Array(buffer, at, count);
  }
}

// Sections are raw typed-array bytes in little-endian order; a big-endian host would misread them.
function assertLittleEndian(): void {
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) {
    throw new NavDbFormatError('Nav databases need a little-endian platform');
  }
}

/**
 * X-Plane's UDP byte formats (X-Plane 11 and 12, "Exchanging Data with X-Plane.rtfd"): every packet
 * starts with a 4-letter kind and one byte (0, or ',' from X-Plane), little-endian fields, packed.
 *
 *   BECN  multicast 239.255.1.1:49707: u8 major (1), u8 minor (1|2), i32 host id (1 X-Plane),
 *         i32 version (120100), u32 role (1 master, 2 visual, 3 IOS), u16 port (49000),
 *         char[500] computer name (zero-terminated), [minor 2: u16 raknet port]
 *   RREF  request (413 bytes): i32 frequency (per second; 0 stops), i32 index, char[400] dataref
 *   RREF  answer: repeated (i32 index, f32 value)
 *   DREF  (509 bytes): f32 value, char[500] dataref (zero-padded)
 *   CMND  command path, zero-terminated
 */

export const RREF_REQUEST_BYTES = 413;
export const DREF_BYTES = 509;
const HEADER = 5;
const BECN_MIN_BYTES = HEADER + 1 + 1 + 4 + 4 + 4 + 2 + 1;

export interface Beacon {
  major: number;
  minor: number;
  hostId: number;
  version: number;
  role: number;
  port: number;
  name: string;
}

export type DecodeResult<T> = { ok: true; value: T } | { ok: false; error: string };

const kindOf = (bytes: Uint8Array): string => (bytes.length < 4 ? '' : String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!));

function header(kind: string, total: number): Buffer {
  const out = Buffer.alloc(total);
  out.write(kind, 0, 'latin1');
  return out;
}

function cString(bytes: Uint8Array, start: number, max: number): string {
  let end = start;
  const stop = Math.min(bytes.length, start + max);
  while (end < stop && bytes[end] !== 0) end++;
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8');
}

export function encodeBeacon(beacon: Beacon): Buffer {
  const name = Buffer.from(beacon.name, 'utf8').subarray(0, 499);
  const out = header('BECN', BECN_MIN_BYTES - 1 + name.length + 1 + (beacon.minor >= 2 ? 2 : 0));
  out.writeUInt8(beacon.major, 5);
  out.writeUInt8(beacon.minor, 6);
  out.writeInt32LE(beacon.hostId, 7);
  out.writeInt32LE(beacon.version, 11);
  out.writeUInt32LE(beacon.role, 15);
  out.writeUInt16LE(beacon.port, 19);
  name.copy(out, 21);
  return out;
}

export function decodeBeacon(bytes: Uint8Array): DecodeResult<Beacon> {
  if (kindOf(bytes) !== 'BECN') return { ok: false, error: `not a BECN packet (kind "${kindOf(bytes)}")` };
  if (bytes.length < BECN_MIN_BYTES) return { ok: false, error: `BECN packet of ${bytes.length} bytes: at least ${BECN_MIN_BYTES} expected` };
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const port = view.readUInt16LE(19);
  if (port === 0) return { ok: false, error: 'BECN packet with port 0' };
  return {
    ok: true,
    value: { major: view.readUInt8(5), minor: view.readUInt8(6), hostId: view.readInt32LE(7), version: view.readInt32LE(11), role: view.readUInt32LE(15), port, name: cString(bytes, 21, 500) },
  };
}

export function encodeRrefRequest(frequency: number, index: number, dataref: string): Buffer {
  if (Buffer.byteLength(dataref) > 399) throw new Error(`dataref longer than 399 bytes: ${dataref}`);
  const out = header('RREF', RREF_REQUEST_BYTES);
  out.writeInt32LE(frequency, 5);
  out.writeInt32LE(index, 9);
  out.write(dataref, 13, 'utf8');
  return out;
}

export function decodeRrefRequest(bytes: Uint8Array): DecodeResult<{ frequency: number; index: number; dataref: string }> {
  if (kindOf(bytes) !== 'RREF' || bytes.length !== RREF_REQUEST_BYTES) return { ok: false, error: `not an RREF request (${bytes.length} bytes)` };
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  return { ok: true, value: { frequency: view.readInt32LE(5), index: view.readInt32LE(9), dataref: cString(bytes, 13, 400) } };
}

/** An RREF answer as X-Plane sends it ("RREF," then index/value pairs). */
export function encodeRrefAnswer(values: ReadonlyArray<readonly [number, number]>): Buffer {
  const out = header('RREF', HEADER + values.length * 8);
  out.write(',', 4, 'latin1');
  values.forEach(([index, value], i) => {
    out.writeInt32LE(index, HEADER + i * 8);
    out.writeFloatLE(value, HEADER + i * 8 + 4);
  });
  return out;
}

export function decodeRrefAnswer(bytes: Uint8Array): DecodeResult<Array<[number, number]>> {
  if (kindOf(bytes) !== 'RREF') return { ok: false, error: `not an RREF answer (kind "${kindOf(bytes)}")` };
  if (bytes.length < HEADER + 8 || (bytes.length - HEADER) % 8 !== 0) return { ok: false, error: `RREF answer of ${bytes.length} bytes: 5 + 8 per value expected` };
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const values: Array<[number, number]> = [];
  for (let at = HEADER; at < bytes.length; at += 8) values.push([view.readInt32LE(at), view.readFloatLE(at + 4)]);
  return { ok: true, value: values };
}

export function encodeDref(dataref: string, value: number): Buffer {
  if (Buffer.byteLength(dataref) > 499) throw new Error(`dataref longer than 499 bytes: ${dataref}`);
  const out = header('DREF', DREF_BYTES);
  out.writeFloatLE(value, 5);
  out.write(dataref, 9, 'utf8');
  return out;
}

export function decodeDref(bytes: Uint8Array): DecodeResult<{ dataref: string; value: number }> {
  if (kindOf(bytes) !== 'DREF' || bytes.length !== DREF_BYTES) return { ok: false, error: `not a DREF packet (${bytes.length} bytes)` };
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  return { ok: true, value: { value: view.readFloatLE(5), dataref: cString(bytes, 9, 500) } };
}

export function encodeCmnd(command: string): Buffer {
  const out = header('CMND', HEADER + Buffer.byteLength(command) + 1);
  out.write(command, HEADER, 'utf8');
  return out;
}

export function decodeCmnd(bytes: Uint8Array): DecodeResult<string> {
  if (kindOf(bytes) !== 'CMND' || bytes.length < HEADER + 1) return { ok: false, error: `not a CMND packet (${bytes.length} bytes)` };
  return { ok: true, value: cString(bytes, HEADER, bytes.length - HEADER) };
}

/** The 4-letter kind of a packet ('' when shorter than 4 bytes). */
export const packetKind = kindOf;

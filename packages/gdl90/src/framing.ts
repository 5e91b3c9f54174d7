// GDL90 datalink framing (GDL 90 Data Interface Specification 560-1058-00 Rev A, §2.2): a Flag Byte
// (0x7E), the Message ID, the Message Data, the FCS (CRC-CCITT, least significant byte first) and
// another Flag Byte; 0x7D and 0x7E inside a frame are sent as 0x7D followed by the byte XOR 0x20.

/** Flag Byte that opens and closes every frame (§2.2.1). */
export const FLAG = 0x7e;
/** Control-Escape character (§2.2.1). */
export const ESCAPE = 0x7d;

/**
 * The ICD's CRC table (§2.2.3, `crcInit`): 256 entries, polynomial 0x1021, computed once at start-up
 * and left unchanged afterward.
 */
export const CRC16_TABLE: Uint16Array = (() => {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i << 8;
    for (let bit = 0; bit < 8; bit++) crc = ((crc << 1) ^ (crc & 0x8000 ? 0x1021 : 0)) & 0xffff;
    table[i] = crc;
  }
  return table;
})();

/**
 * The ICD's `crcCompute` (§2.2.3) over `bytes[start, end)`: `crc = Crc16Table[crc >> 8] ^ (crc << 8) ^
 * block[i]`, starting from 0, kept to 16 bits.
 */
export function crc16(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) crc = (CRC16_TABLE[crc >>> 8]! ^ (crc << 8) ^ bytes[i]!) & 0xffff;
  return crc;
}

/**
 * One frame ready for transmission (§2.2.1 steps 1-4): `message` is the Message ID followed by the
 * Message Data; the FCS is appended least significant byte first, 0x7D/0x7E are escaped, and the
 * result is wrapped in Flag Bytes.
 */
export function encodeFrame(message: Uint8Array): Uint8Array {
  const crc = crc16(message);
  const clear = new Uint8Array(message.length + 2);
  clear.set(message);
  clear[message.length] = crc & 0xff;
  clear[message.length + 1] = crc >>> 8;
  let escapes = 0;
  for (const b of clear) if (b === FLAG || b === ESCAPE) escapes++;
  const out = new Uint8Array(clear.length + escapes + 2);
  let o = 0;
  out[o++] = FLAG;
  for (const b of clear) {
    if (b === FLAG || b === ESCAPE) {
      out[o++] = ESCAPE;
      out[o++] = b ^ 0x20;
    } else {
      out[o++] = b;
    }
  }
  out[o] = FLAG;
  return out;
}

/** Several frames back to back in one buffer (one datagram), as a receiver sends them. */
export function concatFrames(frames: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const f of frames) length += f.length;
  const out = new Uint8Array(length);
  let o = 0;
  for (const f of frames) {
    out.set(f, o);
    o += f.length;
  }
  return out;
}

/** What a deframer has seen since it was created (or reset). */
export interface DeframerStats {
  /** Frames whose FCS matched, handed on. */
  frames: number;
  /** Frames whose FCS did not match: dropped (§2.2.1 reception step 4). */
  badCrc: number;
  /**
   * Frames too short to hold a Message ID and an FCS (fewer than 3 bytes once unescaped), frames that
   * end on a Control-Escape or hold two in a row, and frames longer than `maxFrameBytes`: dropped.
   */
  truncated: number;
  /** Bytes seen before the first Flag Byte (a stream joined mid-frame): skipped. */
  skippedBytes: number;
  /** Bytes pushed in. */
  bytes: number;
}

export interface Deframer {
  /**
   * Feeds one chunk (a UDP datagram, a serial read). Each frame that passes its FCS check is handed
   * to `onFrame` as the Message ID followed by the Message Data (FCS removed). The view is only
   * valid during the call: copy what you keep. A frame may span chunks. Never throws on any input.
   */
  push(chunk: Uint8Array, onFrame: (message: Uint8Array) => void): void;
  readonly stats: DeframerStats;
  /** Forgets a half-received frame and zeroes the counters. */
  reset(): void;
}

export interface DeframerOptions {
  /**
   * Longest clear frame accepted, Message ID and FCS included. The longest ICD message is the
   * Uplink Data message (436 bytes + FCS); Stratux status with its tower list may be longer.
   * Default 2048.
   */
  maxFrameBytes?: number;
}

/**
 * A streaming deframer (§2.2.1 reception steps): every Flag Byte closes the frame in progress and
 * opens the next, so both "7E m1 7E 7E m2 7E" and "7E m1 7E m2 7E" are read; an empty frame between
 * two flags is ignored.
 */
export function createDeframer(options: DeframerOptions = {}): Deframer {
  const max = options.maxFrameBytes ?? 2048;
  const buffer = new Uint8Array(max);
  let length = 0;
  let escaped = false;
  let synced = false;
  let overflow = false;
  const stats: DeframerStats = { frames: 0, badCrc: 0, truncated: 0, skippedBytes: 0, bytes: 0 };

  function close(onFrame: (message: Uint8Array) => void): void {
    if (overflow || escaped) {
      stats.truncated++;
    } else if (length > 0) {
      if (length < 3) {
        stats.truncated++;
      } else {
        const end = length - 2;
        const fcs = buffer[end]! | (buffer[end + 1]! << 8);
        if (crc16(buffer, 0, end) === fcs) {
          stats.frames++;
          onFrame(buffer.subarray(0, end));
        } else {
          stats.badCrc++;
        }
      }
    }
    length = 0;
    escaped = false;
    overflow = false;
  }

  return {
    stats,
    reset() {
      length = 0;
      escaped = false;
      synced = false;
      overflow = false;
      stats.frames = 0;
      stats.badCrc = 0;
      stats.truncated = 0;
      stats.skippedBytes = 0;
      stats.bytes = 0;
    },
    push(chunk, onFrame) {
      stats.bytes += chunk.length;
      const n = chunk.length;
      let i = 0;
      if (!synced) {
        while (i < n && chunk[i] !== FLAG) i++;
        stats.skippedBytes += i;
        if (i === n) return;
        synced = true;
        i++;
      }
      for (; i < n; i++) {
        const b = chunk[i]!;
        if (b === FLAG) {
          close(onFrame);
        } else if (overflow) {
          // the rest of an over-long frame: dropped at its closing flag
        } else if (b === ESCAPE) {
          if (escaped) {
            overflow = true; // two escapes in a row cannot come from a valid sender
          } else {
            escaped = true;
          }
        } else if (length === max) {
          overflow = true;
        } else if (escaped) {
          buffer[length++] = b ^ 0x20;
          escaped = false;
        } else {
          buffer[length++] = b;
        }
      }
    },
  };
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  concatFrames,
  createDeframer,
  createGdl90Decoder,
  decodeMessage,
  encodeFrame,
  encodeTraffic,
  MESSAGE_ID,
  type TrafficReport,
} from './index.js';

const bytes = (...b: number[]): Uint8Array => Uint8Array.from(b);

/** Every clear message the deframer hands on, copied. */
function deframeAll(chunks: Uint8Array[]): { messages: Uint8Array[]; stats: ReturnType<typeof createDeframer>['stats'] } {
  const d = createDeframer();
  const messages: Uint8Array[] = [];
  for (const c of chunks) d.push(c, (m) => messages.push(m.slice()));
  return { messages, stats: d.stats };
}

/** `data` cut at the given offsets (sorted, deduplicated, within range). */
function split(data: Uint8Array, cuts: number[]): Uint8Array[] {
  const at = [...new Set(cuts.map((c) => c % (data.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let prev = 0;
  for (const c of [...at, data.length]) {
    out.push(data.subarray(prev, c));
    prev = c;
  }
  return out;
}

describe('byte stuffing (§2.2.1)', () => {
  it('escapes 0x7E and 0x7D inside a frame as the ICD examples show', () => {
    // "start of message ID #2 with second byte 0x7E: 0x7E 0x02 0x7D 0x5E ..."
    expect(Array.from(encodeFrame(bytes(0x02, 0x7e, 0x00)).subarray(0, 4))).toEqual([0x7e, 0x02, 0x7d, 0x5e]);
    // "start of message ID #3 with second byte 0x7D: 0x7E 0x03 0x7D 0x5D ..."
    expect(Array.from(encodeFrame(bytes(0x03, 0x7d)).subarray(0, 4))).toEqual([0x7e, 0x03, 0x7d, 0x5d]);
  });

  it('an FCS of 0x7D 0x7E is stuffed too: "...0x7D 0x5D 0x7D 0x5E 0x7E", and read back', () => {
    // Search a two-byte message whose FCS bytes (LS first) are 0x7D then 0x7E.
    let found: Uint8Array | null = null;
    for (let v = 0; v < 0x10000 && !found; v++) {
      const frame = encodeFrame(bytes(0x09, v >> 8, v & 0xff));
      const tail = Array.from(frame.subarray(frame.length - 5));
      if (tail.join() === [0x7d, 0x5d, 0x7d, 0x5e, 0x7e].join()) found = frame;
    }
    expect(found).not.toBeNull();
    const { messages, stats } = deframeAll([found!]);
    expect(stats).toMatchObject({ frames: 1, badCrc: 0 });
    expect(messages[0]).toEqual(found!.subarray(1, 4));
  });
});

describe('deframer', () => {
  const traffic = encodeTraffic({
    trafficAlert: false,
    addressTypeCode: 0,
    address: 0xabcdef,
    latitude: 37.5,
    longitude: -122.25,
    pressureAltitudeFt: 3500,
    airborne: true,
    extrapolated: false,
    trackDeg: 90,
    nic: 9,
    nacp: 9,
    horizontalVelocityKt: 110,
    verticalVelocityFpm: 0,
    emitterCategory: 1,
    callsign: 'N7E7D',
    emergencyCode: 0,
  });

  it('reads back-to-back frames with double and single flags, and skips bytes before the first flag', () => {
    const f = encodeFrame(traffic);
    const single = concatFrames([f, f.subarray(1)]); // 7E m 7E m 7E
    const { messages, stats } = deframeAll([bytes(0x01, 0x02, 0x03), concatFrames([f, f]), single]);
    expect(messages).toHaveLength(4);
    for (const m of messages) expect(m).toEqual(traffic);
    expect(stats).toMatchObject({ frames: 4, badCrc: 0, truncated: 0, skippedBytes: 3 });
  });

  it('joins a frame split across datagrams, byte by byte', () => {
    const f = encodeFrame(traffic);
    const { messages } = deframeAll(Array.from(f, (b) => bytes(b)));
    expect(messages).toEqual([traffic]);
  });

  it('counts and drops a bad CRC, and keeps the next good frame', () => {
    const bad = encodeFrame(traffic);
    bad[5] = bad[5]! ^ 0x01;
    const { messages, stats } = deframeAll([concatFrames([bad, encodeFrame(traffic)])]);
    expect(messages).toEqual([traffic]);
    expect(stats).toMatchObject({ frames: 1, badCrc: 1, truncated: 0 });
  });

  it('counts truncated frames: too short, ending on an escape, a double escape, longer than the maximum', () => {
    const d = createDeframer({ maxFrameBytes: 64 });
    const got: Uint8Array[] = [];
    const push = (b: Uint8Array) => d.push(b, (m) => got.push(m.slice()));
    push(bytes(0x7e, 0x00, 0x7e)); // one byte
    push(bytes(0x00, 0x81, 0x7e)); // two bytes
    push(bytes(0x00, 0x81, 0x41, 0x7d, 0x7e)); // ends on an escape
    push(bytes(0x00, 0x7d, 0x7d, 0x5e, 0x41, 0x7e)); // two escapes in a row
    push(concatFrames([new Uint8Array(65).fill(0x11), bytes(0x7e)])); // 65 bytes > 64
    push(encodeFrame(traffic).subarray(1)); // still reads the next frame
    expect(got).toEqual([traffic]);
    expect(d.stats).toMatchObject({ frames: 1, badCrc: 0, truncated: 5 });
  });

  it('a half frame at the end of a chunk waits for the rest; reset forgets it', () => {
    const d = createDeframer();
    const got: Uint8Array[] = [];
    const f = encodeFrame(traffic);
    d.push(f.subarray(0, 10), (m) => got.push(m.slice()));
    expect(got).toEqual([]);
    d.reset();
    d.push(f.subarray(10), (m) => got.push(m.slice()));
    expect(got).toEqual([]);
    expect(d.stats.frames).toBe(0);
  });

  it('the decoder counts unknown ids by id and short messages, and decodes the rest', () => {
    const d = createGdl90Decoder();
    const out = d.push(
      concatFrames([
        encodeFrame(bytes(0x28, 1, 2, 3)),
        encodeFrame(bytes(0x28)),
        encodeFrame(bytes(0xf0, 0)),
        encodeFrame(bytes(0x14, 0, 1)),
        encodeFrame(traffic),
      ]),
    );
    expect(out.map((m) => m.type)).toEqual(['traffic']);
    expect(d.stats).toMatchObject({ frames: 5, unknownIds: 3, unknownById: { '0x28': 2, '0xf0': 1 }, badLength: 1, messages: { traffic: 1 } });
  });
});

/** A clear message of a known layout, or any bytes with any id. */
const knownMessage = fc.oneof(
  fc.uint8Array({ minLength: 6, maxLength: 6 }).map((b) => Uint8Array.of(MESSAGE_ID.heartbeat, ...b)),
  fc.uint8Array({ minLength: 27, maxLength: 27 }).map((b) => Uint8Array.of(MESSAGE_ID.traffic, ...b)),
  fc.uint8Array({ minLength: 27, maxLength: 27 }).map((b) => Uint8Array.of(MESSAGE_ID.ownship, ...b)),
  fc.uint8Array({ minLength: 4, maxLength: 4 }).map((b) => Uint8Array.of(MESSAGE_ID.ownshipGeoAltitude, ...b)),
  fc.uint8Array({ minLength: 435, maxLength: 435 }).map((b) => Uint8Array.of(MESSAGE_ID.uplink, ...b)),
  fc.uint8Array({ minLength: 1, maxLength: 40 }),
);

describe('properties', () => {
  it('any byte stream in any chunks never throws, and every frame is accounted for', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 20 }), (chunks) => {
        const d = createGdl90Decoder();
        let count = 0;
        for (const c of chunks) count += d.push(c).length;
        const s = d.stats;
        expect(count).toBe(Object.values(s.messages).reduce((a, b) => a + b, 0));
        expect(s.frames).toBe(count + s.unknownIds + s.badLength);
      }),
      { numRuns: 500 },
    );
  });

  it('random bytes sprinkled with flags and escapes never throw', () => {
    const noisy = fc.array(fc.oneof(fc.constant(0x7e), fc.constant(0x7d), fc.integer({ min: 0, max: 255 })), { maxLength: 600 });
    fc.assert(
      fc.property(noisy, fc.array(fc.nat(), { maxLength: 8 }), (data, cuts) => {
        const d = createGdl90Decoder();
        for (const c of split(Uint8Array.from(data), cuts)) d.push(c);
        expect(d.stats.bytes).toBe(data.length);
      }),
      { numRuns: 500 },
    );
  });

  it('re-framing is stable: encode, concatenate, split anywhere, deframe gives the same messages and decodes', () => {
    fc.assert(
      fc.property(fc.array(knownMessage, { minLength: 1, maxLength: 12 }), fc.array(fc.nat(), { maxLength: 16 }), fc.boolean(), (messages, cuts, doubleFlags) => {
        const frames = messages.map((m) => encodeFrame(m));
        const stream = doubleFlags ? concatFrames(frames) : concatFrames(frames.map((f, i) => (i === 0 ? f : f.subarray(1))));
        const { messages: got, stats } = deframeAll(split(stream, cuts));
        expect(got).toEqual(messages);
        expect(stats).toMatchObject({ badCrc: 0, truncated: 0, skippedBytes: 0 });
        for (const [i, m] of messages.entries()) expect(decodeMessage(got[i]!)).toEqual(decodeMessage(m));
      }),
      { numRuns: 300 },
    );
  });

  it('one flipped bit in a frame is counted as a bad CRC (or a damaged frame) and never decoded', () => {
    fc.assert(
      fc.property(knownMessage, fc.nat(), fc.integer({ min: 0, max: 7 }), (message, at, bit) => {
        const frame = encodeFrame(message);
        const i = 1 + (at % (frame.length - 2));
        frame[i] = frame[i]! ^ (1 << bit);
        const { messages, stats } = deframeAll([frame]);
        // A flip that creates a flag splits the frame; one that creates an escape damages it.
        expect(messages.some((m) => m.length === message.length && m.every((b, k) => b === message[k]))).toBe(false);
        expect(stats.badCrc + stats.truncated + stats.frames).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 500 },
    );
  });

  it('traffic reports: decode, encode, decode gives the same report for any valid field values', () => {
    const callsignChar = fc.constantFrom(...' 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').map((c) => c.charCodeAt(0)));
    const vvv = fc.oneof(fc.integer({ min: 0, max: 0x1fe }), fc.integer({ min: 0xe02, max: 0xfff }), fc.constant(0x800));
    const report = fc
      .record({
        st: fc.integer({ min: 0, max: 255 }),
        address: fc.integer({ min: 0, max: 0xffffff }),
        lat: fc.integer({ min: -0x400000, max: 0x400000 }),
        lon: fc.integer({ min: -0x800000, max: 0x7fffff }),
        ddd: fc.integer({ min: 0, max: 0xfff }),
        misc: fc.integer({ min: 0, max: 15 }),
        ia: fc.integer({ min: 0, max: 255 }),
        hhh: fc.integer({ min: 0, max: 0xfff }),
        vvv,
        tt: fc.integer({ min: 0, max: 255 }),
        ee: fc.integer({ min: 0, max: 255 }),
        cs: fc.array(callsignChar, { minLength: 8, maxLength: 8 }),
        p: fc.integer({ min: 0, max: 15 }),
      })
      .map((f) => {
        const b = new Uint8Array(28);
        b[0] = MESSAGE_ID.traffic;
        b[1] = f.st;
        b.set([(f.address >> 16) & 0xff, (f.address >> 8) & 0xff, f.address & 0xff], 2);
        b.set([(f.lat >> 16) & 0xff, (f.lat >> 8) & 0xff, f.lat & 0xff], 5);
        b.set([(f.lon >> 16) & 0xff, (f.lon >> 8) & 0xff, f.lon & 0xff], 8);
        b[11] = f.ddd >> 4;
        b[12] = ((f.ddd & 0xf) << 4) | f.misc;
        b[13] = f.ia;
        b[14] = f.hhh >> 4;
        b[15] = ((f.hhh & 0xf) << 4) | (f.vvv >> 8);
        b[16] = f.vvv & 0xff;
        b[17] = f.tt;
        b[18] = f.ee;
        b.set(f.cs, 19);
        b[27] = f.p << 4;
        return b;
      });
    fc.assert(
      fc.property(report, (b) => {
        const first = decodeMessage(b);
        expect(first.ok).toBe(true);
        const m = (first as { message: TrafficReport }).message;
        expect(decodeMessage(encodeTraffic(m))).toEqual(first);
      }),
      { numRuns: 1000 },
    );
  });
});

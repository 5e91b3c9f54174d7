import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ICD_NEXRAD_FIELD_1, ICD_NEXRAD_FIELD_2, ICD_TEXT_FIELD } from './icdSamples.fixture.js';
import {
  createFisbCollector,
  createGdl90Decoder,
  decodeApplicationData,
  decodeDlac,
  decodeTwgo,
  decodeUatUplink,
  encodeDlac,
  encodeFrame,
  encodeUplink,
  globalBlockOrigin,
  parseDump978Line,
  RECORD_SEPARATOR,
  type Apdu,
  type GlobalBlockProduct,
  type TextProduct,
} from './index.js';

const apdus = (app: Uint8Array): Apdu[] => {
  const r = decodeApplicationData(app);
  expect(r.error).toBeUndefined();
  return r.frames.map((f) => f.apdu!);
};

describe('ICD FIS-B examples', () => {
  it('text example (§5.2.4): five APDUs of product 413, header time 16:25, TAFs for five Oregon airports', () => {
    const r = decodeApplicationData(ICD_TEXT_FIELD);
    // "The first two bytes (0x2180) are the I-Frame Length (Length = 67) and Frame Type (Type 0, FIS-B APDU)."
    expect(r.frames.map((f) => [f.length, f.frameType])).toEqual(Array(5).fill([67, 0]));
    const list = r.frames.map((f) => f.apdu!);
    expect(list.map((a) => [a.productId, a.hour, a.minute, a.segment])).toEqual(Array(5).fill([413, 16, 25, null]));
    // "Decoding the first 3 bytes (0x50 0x11 0xA0) yields the 4 DLAC values 20, 1, 6, and 32 ... 'T', 'A', 'F', <space>."
    expect(decodeDlac(Uint8Array.of(0x50, 0x11, 0xa0))).toBe('TAF ');
    const records = list.map((a) => (a.product as TextProduct).records);
    expect(records.map((rs) => rs.length)).toEqual([1, 1, 1, 1, 1]);
    expect(records.map((rs) => rs[0]!.location)).toEqual(['KSLE', 'KPDX', 'KEUG', 'KAST', 'KHIO']);
    // "the first three text fields of the first APDU ... are 'TAF KSLE 260900Z'"; AM follows the time group.
    expect(records[0]![0]).toMatchObject({ type: 'TAF', time: '260900Z', modifier: 'AM' });
    expect(records[0]![0]!.text.startsWith('TAF KSLE 260900ZAM ')).toBe(true);
    // "The body of the TAF text is identical for all 5 reports."
    const bodies = records.map((rs) => rs[0]!.text.replace(/^TAF \w+ /, ''));
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toContain('FM0400 VRB03KT P6SM SCT250=');
  });

  it('NEXRAD example (§5.1.4): 19 APDUs of product 63, nine run-length and ten empty-element blocks', () => {
    const list = [...apdus(ICD_NEXRAD_FIELD_1), ...apdus(ICD_NEXRAD_FIELD_2)];
    expect(list).toHaveLength(19);
    expect(new Set(list.map((a) => [a.productId, a.hour, a.minute].join()))).toEqual(new Set(['63,0,0']));
    const blocks = list.map((a) => a.product as GlobalBlockProduct);
    expect(blocks.filter((b) => b.runLength)).toHaveLength(9);
    expect(blocks.filter((b) => !b.runLength)).toHaveLength(10);
    expect(blocks.every((b) => b.error === undefined && b.hemisphere === 0 && b.scaleFactor === 0)).toBe(true);
  });

  it('NEXRAD example, first block: length 38, block 0x4A570 at 45°04\'-45°08\' N, 123°12\'-122°24\' W, bins of Table 21', () => {
    const first = decodeApplicationData(ICD_NEXRAD_FIELD_1).frames[0]!;
    expect(first.length).toBe(38);
    const block = first.apdu!.product as GlobalBlockProduct;
    expect(block).toMatchObject({ kind: 'globalBlock', blockNumber: 0x4a570, runLength: true });
    const o = globalBlockOrigin(block.blockNumber, block.hemisphere);
    expect(o.latitude * 60).toBeCloseTo(45 * 60 + 4, 9);
    expect((o.latitude + o.heightDeg) * 60).toBeCloseTo(45 * 60 + 8, 9);
    expect(o.longitude * 60).toBeCloseTo(-(123 * 60 + 12), 9);
    expect((o.longitude + o.widthDeg) * 60).toBeCloseTo(-(122 * 60 + 24), 9);
    const rows = [0, 1, 2, 3].map((r) => Array.from(block.bins!.subarray(r * 32, r * 32 + 32)).join(''));
    // "the first 7 bins have Intensity value 0 ... the next 18 bins have Intensity value 1 ... the next 11 bins ... 0"
    expect(rows[0]).toBe('0'.repeat(7) + '1'.repeat(18) + '0'.repeat(7));
    expect(rows[1]!.slice(0, 4)).toBe('0000');
    // Table 21, fourth row (blank cells are 0).
    expect(rows[3]).toBe('01122333344555567655554333322100');
  });
});

describe('DLAC and TWGO', () => {
  it('DLAC round trip for the alphabet; TAB expands to the count of spaces; RS kept as the separator', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ\n| !"#$%&\'()*+,-./0123456789:;<=>?';
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet.split('')), { maxLength: 200 }), (chars) => {
        const text = chars.join('');
        expect(decodeDlac(encodeDlac(text))).toBe(text);
      }),
    );
    expect(decodeDlac(encodeDlac(`A\t${String.fromCharCode(32 + 5)}B`))).toBe(`A${' '.repeat(37)}B`);
    expect(decodeDlac(encodeDlac(`METAR X${RECORD_SEPARATOR}`))).toBe(`METAR X${RECORD_SEPARATOR}`);
  });

  it('a TWGO text product: header, report number, year, status and text; a cancelled record has no text', () => {
    const text = encodeDlac('AIRMET KSFO 151200 TEST');
    const rec = (num: number, year: number, active: boolean, body: Uint8Array) => {
      const len = 5 + body.length;
      return [len >> 8, len & 0xff, num >> 6, ((num & 0x3f) << 2) | (year >> 5), ((year & 0x1f) << 3) | (active ? 0x04 : 0), ...body];
    };
    const loc = encodeDlac('SFO');
    const payload = Uint8Array.of(0x21, 0x20, ...loc, 0xff, ...rec(1234, 25, true, text), ...rec(77, 24, false, new Uint8Array(0)));
    const p = decodeTwgo(payload);
    expect(p).toMatchObject({ kind: 'twgo', recordFormat: 2, productVersion: 1, recordCount: 2, location: 'SFO', recordReferencePoint: 0xff });
    expect(p.error).toBeUndefined();
    expect(p.textRecords).toEqual([
      { reportNumber: 1234, reportYear: 25, active: true, text: 'AIRMET KSFO 151200 TEST' },
      { reportNumber: 77, reportYear: 24, active: false, text: '' },
    ]);
    expect(decodeTwgo(Uint8Array.of(0x21, 0x30, ...loc, 0, 0, 200, 0, 0, 0)).error).toMatch(/record 1 has length 200/);
  });

  it('any uplink payload decodes without throwing', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 432 }), (payload) => {
        const collector = createFisbCollector();
        collector.addUplink(payload);
        decodeUatUplink(payload);
        expect(collector.counts.uplinks).toBe(1);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the shared FIS-B capture (fisb-decode tg30: 963 uplinks from one ground station)', () => {
  const FILE = fileURLToPath(new URL('../../../../shared/data/gdl90/captures/fisb-decode-tg30/tg30.978', import.meta.url));

  function load(): string[] {
    if (!existsSync(FILE)) throw new Error(`FIS-B capture expected at ${FILE} (the shared data folder beside the repository, ../shared/data)`);
    return readFileSync(FILE, 'utf8').split('\n');
  }

  it('every uplink decodes, through GDL90 framing too; products per type pinned', () => {
    const lines = load();
    expect(lines.filter((l) => l.startsWith('#'))).toHaveLength(85);
    const parsed = lines.map(parseDump978Line).filter((p) => p !== null);
    expect(parsed).toHaveLength(963);
    expect(parsed.every((p) => p.uplink && p.bytes.length === 432 && p.receivedAtSeconds !== null)).toBe(true);

    // As a receiver sends them: GDL90 Uplink messages in UDP datagrams.
    const decoder = createGdl90Decoder();
    const collector = createFisbCollector();
    for (const p of parsed) {
      for (const m of decoder.push(encodeFrame(encodeUplink({ timeOfReception: null, payload: p.bytes })))) {
        if (m.type === 'uplink') collector.addUplink(m.payload);
      }
    }
    expect(decoder.stats).toMatchObject({ frames: 963, badCrc: 0, truncated: 0, messages: { uplink: 963 } });
    expect(collector.errorSamples).toEqual([]);
    expect(collector.counts).toEqual({
      uplinks: 963,
      uplinksWithoutValidData: 0,
      framesByType: { 0: 6169, 14: 17, 15: 46 },
      apdusByProduct: { 8: 421, 11: 232, 12: 20, 13: 35, 14: 262, 63: 898, 64: 1087, 70: 369, 71: 117, 84: 714, 90: 440, 91: 220, 103: 100, 413: 1254 },
      textByType: { METAR: 873, SPECI: 40, TAF: 90, 'TAF.AMD': 31, WINDS: 216, PIREP: 4 },
      twgoTextByProduct: { NOTAM: 217, AIRMET: 122, SIGMET: 11, SUA: 35 },
      twgoGraphicsByProduct: { NOTAM: 191, AIRMET: 110, SIGMET: 9, 'G-AIRMET': 262 },
      blocksByProduct: {
        'NEXRAD regional': { runLength: 503, empty: 395 },
        'NEXRAD CONUS': { runLength: 1032, empty: 55 },
        'icing low': { runLength: 250, empty: 119 },
        'icing high': { runLength: 44, empty: 73 },
        'cloud tops': { runLength: 631, empty: 83 },
        'turbulence low': { runLength: 440, empty: 0 },
        'turbulence high': { runLength: 220, empty: 0 },
        lightning: { runLength: 0, empty: 100 },
      },
      segments: 35,
      reassembled: 16,
      errors: 0,
    });
    expect(collector.nexradBlocks).toHaveLength(898 + 1087);
    const station = decodeUatUplink(parsed[0]!.bytes).header;
    expect(station.latitude).toBeCloseTo(40.038, 3);
    expect(station.longitude).toBeCloseTo(-86.256, 3);
  });

  it('the text reads as the products it is: METAR, TAF, PIREP, winds aloft, AIRMET, SIGMET, NOTAM', () => {
    const collector = createFisbCollector();
    for (const l of load()) {
      const p = parseDump978Line(l);
      if (p) collector.addUplink(p.bytes);
    }
    const first = (type: string) => collector.texts.find((t) => t.type === type)!.text;
    expect(first('METAR')).toBe('METAR KCEY 300835Z AUTO 29004KT 10SM 04/03 A3014 RMK AO1=');
    expect(first('TAF')).toMatch(/^TAF KMQY 300525Z 3006\/3106 34014KT P6SM OVC015\n\s+FM301100 /);
    expect(first('PIREP')).toBe('PIREP MEM 300810Z MEM UA /OV MEM360002/TM 0810/FLDURC/TP B757/SK BKN020');
    expect(first('WINDS')).toMatch(/^WINDS TUL 301800Z {2}FT 3000 6000 {6}9000/);
    expect(first('AIRMET')).toMatch(/^AIRMET KCHI 300231 CHIT WA 300245\nAIRMET TANGO FOR TURB AND LLWS VALID UNTIL 300900\n/);
    expect(first('SIGMET')).toMatch(/^WST KMKC 170253 CONVECTIVE SIGMET 3E\n/);
    // A reassembled segmented NOTAM-TFR (four parts) reads as one text.
    expect(collector.texts.find((t) => t.text.startsWith('NOTAM-TFR 0/5116'))!.text).toContain('END PART 1 OF 4');
    // Every METAR record starts with its type, location and a ddhhmmZ time group.
    const metars = collector.texts.filter((t) => t.type === 'METAR' || t.type === 'SPECI');
    expect(metars.every((t) => /^(METAR|SPECI) [A-Z0-9]{3,4} \d{6}Z /.test(t.text))).toBe(true);
  });
});

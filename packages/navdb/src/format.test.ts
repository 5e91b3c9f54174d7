import { describe, expect, it } from 'vitest';
import {
  decodeNavDb,
  encodeNavDb,
  NAVDB_FORMAT_VERSION,
  NavDbFormatError,
  openNavDb,
  readNavDbHeader,
  type NavDataSet,
} from './index.js';
import { sampleNavDataSet } from './testing/index.js';

/** Replaces every coordinate-like number of a structure by a marker, so the rest compares exactly. */
function withoutCoordinates(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (key, v: unknown) => (/^(lat|lon)Deg$/.test(key) && typeof v === 'number' ? 'coord' : v)));
}

/** Every coordinate of a structure by its path, e.g. `airports.0.runways.1.ends.0.latDeg`. */
function coordinates(value: unknown, path = '', out = new Map<string, number | null>()): Map<string, number | null> {
  if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (/^(lat|lon)Deg$/.test(key)) out.set(`${path}${key}`, v as number | null);
      else coordinates(v, `${path}${key}.`, out);
    }
  }
  return out;
}

describe('artifact round trip', () => {
  const data = sampleNavDataSet();
  const bytes = encodeNavDb(data);
  const back = decodeNavDb(bytes);

  it('starts with the magic, the version and a JSON directory', () => {
    expect(Array.from(bytes.subarray(0, 8))).toEqual([...'CWNAVDB'].map((c) => c.charCodeAt(0)).concat(0));
    expect(new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true)).toBe(NAVDB_FORMAT_VERSION);
    expect(bytes.length % 8).toBe(0);
  });

  it('gives every record back, every field, nulls and unicode included', () => {
    const expected: NavDataSet = { ...data, header: back.header };
    expect(withoutCoordinates(back)).toEqual(withoutCoordinates(expected));
  });

  it('gives coordinates back to 1e-7 degree, nulls as null', () => {
    const a = coordinates(data);
    const b = coordinates(back);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    expect(a.size).toBeGreaterThan(50);
    for (const [path, x] of a) {
      const y = b.get(path) ?? null;
      if (x === null) expect(y, path).toBeNull();
      else expect(Math.abs(x - (y ?? Number.NaN)), path).toBeLessThanOrEqual(5e-8);
    }
    expect(back.airways[0]!.points[2]).toMatchObject({ latDeg: null, lonDeg: null, meaFt: 6500.5 });
    expect(back.airports[0]!.runways[1]!.ends[1]).toMatchObject({ latDeg: null, lonDeg: null, trueHeadingDeg: null });
  });

  it('keeps numbers exact whatever their decimals', () => {
    const odd = sampleNavDataSet();
    odd.airports[0]!.elevationFt = 13.123456789;
    odd.airports[1]!.magVarDeg = -1e-9;
    odd.navaids[0]!.frequencyKhz = 3e12;
    const round = decodeNavDb(encodeNavDb(odd));
    expect(round.airports[0]!.elevationFt).toBe(13.123456789);
    expect(round.airports[1]!.magVarDeg).toBe(-1e-9);
    expect(round.navaids[0]!.frequencyKhz).toBe(3e12);
  });

  it('writes the header with the format version and the counts of what it holds', () => {
    const header = readNavDbHeader(bytes);
    expect(header).toEqual(back.header);
    expect(header).toMatchObject({
      formatVersion: NAVDB_FORMAT_VERSION,
      cycle: '2511',
      region: 'us',
      sources: data.header.sources,
      counts: { airports: 6, runways: 6, navaids: 5, fixes: 7, airways: 2, procedures: 3 },
    });
    expect(openNavDb(bytes).header).toEqual(header);
  });

  it('encodes the same data to the same bytes', () => {
    const again = encodeNavDb(sampleNavDataSet());
    expect(again.length).toBe(bytes.length);
    expect(again.every((b, i) => b === bytes[i])).toBe(true);
  });

  it('reads from an ArrayBuffer and from an unaligned view', () => {
    const buffer = bytes.slice().buffer;
    expect(openNavDb(buffer).airportSummary('KSFO')).toMatchObject({ code: 'SFO' });
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    expect(openNavDb(shifted.subarray(3)).airportSummary('KOAK')).toMatchObject({ code: 'OAK' });
  });

  it('encodes an empty data set', () => {
    const empty: NavDataSet = { ...data, airports: [], navaids: [], fixes: [], airways: [], procedures: [] };
    const db = openNavDb(encodeNavDb(empty));
    expect(db.search('A')).toEqual([]);
    expect(db.nearestAirports({ latDeg: 0, lonDeg: 0 }, 5)).toEqual([]);
    expect(db.airportSummary('X')).toEqual({ error: 'Airport X not found' });
  });

  it('refuses values the model does not allow', () => {
    const bad = sampleNavDataSet();
    bad.fixes[0]!.latDeg = 1000;
    expect(() => encodeNavDb(bad)).toThrow(RangeError);
    const badType = sampleNavDataSet();
    (badType.navaids[0] as { type: string }).type = 'LOC';
    expect(() => encodeNavDb(badType)).toThrow('Unknown navaid type: LOC');
  });
});

describe('reader errors', () => {
  const bytes = encodeNavDb(sampleNavDataSet());

  function expectFormatError(input: Uint8Array, message: string): void {
    for (const read of [readNavDbHeader, openNavDb, decodeNavDb]) {
      let caught: unknown;
      try {
        read(input);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(NavDbFormatError);
      expect((caught as Error).name).toBe('NavDbFormatError');
      expect((caught as Error).message).toEqual(message);
    }
  }

  it('rejects bytes that are not a nav database', () => {
    expectFormatError(new TextEncoder().encode('<!doctype html><html>'), 'Not a Clearway nav database (bad magic)');
    expectFormatError(Uint8Array.from([0x1f, 0x8b, 8, 0]), 'Not a Clearway nav database (bad magic)');
  });

  it('rejects another format version with both versions named', () => {
    const other = bytes.slice();
    new DataView(other.buffer).setUint32(8, 3, true);
    expectFormatError(other, `Nav database format version 3 is not supported by this reader (expects ${NAVDB_FORMAT_VERSION})`);
  });

  it('rejects a truncated file, naming the section and where it ends', () => {
    expectFormatError(bytes.subarray(0, 12), `Nav database is truncated: section preamble ends at byte 16 of 12`);
    expectFormatError(bytes.subarray(0, 40), expect.stringMatching(/^Nav database is truncated: section directory ends at byte \d+ of 40$/) as unknown as string);
    const cut = bytes.length - 100;
    const error = (() => {
      try {
        openNavDb(bytes.subarray(0, cut));
      } catch (e) {
        return e as Error;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(NavDbFormatError);
    expect(error?.message).toMatch(new RegExp(`^Nav database is truncated: section [\\w.]+ ends at byte \\d+ of ${cut}$`));
    // The header alone still reads: it does not need the sections.
    expect(readNavDbHeader(bytes.subarray(0, cut)).cycle).toBe('2511');
  });

  it('rejects sections that disagree with each other', () => {
    const json = new TextDecoder().decode(bytes.subarray(16, 16 + new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true)));
    const entry = json.match(/\{"name":"apt\.faaId","type":"i32","offset":\d+,"count":6\}/)?.[0];
    expect(entry).toBeDefined();
    const damaged = bytes.slice();
    const at = 16 + json.indexOf(entry!) + entry!.length - 2;
    damaged[at] = '5'.charCodeAt(0);
    expect(() => openNavDb(damaged)).toThrow(new NavDbFormatError('Nav database is corrupt: apt.faaId has 5 entries for 6 records'));
  });

  it('rejects a damaged directory', () => {
    const damaged = bytes.slice();
    damaged[17] = 0x7b; // '{' where a key's quote belongs
    expectFormatError(damaged, expect.stringMatching(/^Nav database directory is corrupt: /) as unknown as string);
  });
});

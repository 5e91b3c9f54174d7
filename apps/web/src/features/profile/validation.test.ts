import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE } from '@clearway/flightplan';
import { parseNumber, PROFILE_BOUNDS, profileTexts, validateField, validateProfileTexts, type NumericProfileField } from './validation';

/** Spec part 2 §5, row by row. */
const TABLE: [Exclude<NumericProfileField, 'starting_fuel'>, number, number][] = [
  ['airspeed', 30, 800],
  ['altitude', 100, 60000],
  ['gph', 1, 100],
  ['climb_speed', 10, 1000],
  ['climb_rate', 100, 10000],
  ['climb_fuel', 1, 100],
  ['descent_speed', 10, 1000],
  ['descent_rate', 100, 10000],
  ['descent_fuel', 1, 100],
];

describe('PROFILE_BOUNDS', () => {
  it('holds exactly the bounds table of the spec', () => {
    expect(Object.fromEntries(TABLE.map(([field, min, max]) => [field, { min, max }]))).toEqual(PROFILE_BOUNDS);
  });
});

describe('validateField', () => {
  it.each(TABLE)('%s accepts its bounds (%d, %d) and rejects just outside them', (field, min, max) => {
    expect(validateField(field, String(min))).toBeNull();
    expect(validateField(field, String(max))).toBeNull();
    expect(validateField(field, String((min + max) / 2))).toBeNull();
    expect(validateField(field, String(min - 0.5))).toBe('Too low');
    expect(validateField(field, String(min - 1))).toBe('Too low');
    expect(validateField(field, String(max + 0.5))).toBe('Too high');
    expect(validateField(field, String(max + 1))).toBe('Too high');
  });

  it.each(TABLE)('%s: non-numeric text gives Invalid Number', (field) => {
    for (const text of ['', ' ', 'abc', '12a', '1.2.3', '1e3', '--5', '.']) expect(validateField(field, text)).toBe('Invalid Number');
  });

  it('accepts decimal forms with surrounding spaces', () => {
    expect(validateField('gph', ' 10.5 ')).toBeNull();
    expect(validateField('gph', '.5')).toBe('Too low');
    expect(validateField('gph', '+7.')).toBeNull();
    expect(validateField('altitude', '-100')).toBe('Too low');
  });

  it('starting_fuel is only checked as a number (no bounds)', () => {
    expect(validateField('starting_fuel', '0')).toBeNull();
    expect(validateField('starting_fuel', '100000')).toBeNull();
    expect(validateField('starting_fuel', '-1')).toBeNull();
    expect(validateField('starting_fuel', 'x')).toBe('Invalid Number');
    expect(validateField('starting_fuel', '')).toBe('Invalid Number');
  });

  it("tail is 'Required' unless it has 3 or more characters", () => {
    expect(validateField('tail', '')).toBe('Required');
    expect(validateField('tail', 'N1')).toBe('Required');
    expect(validateField('tail', '  N1  ')).toBe('Required');
    expect(validateField('tail', 'N12')).toBeNull();
    expect(validateField('tail', 'n12345')).toBeNull();
  });
});

describe('parseNumber', () => {
  it('reads plain decimals and nothing else', () => {
    expect(parseNumber('140')).toBe(140);
    expect(parseNumber(' 10.5')).toBe(10.5);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('Infinity')).toBeNull();
    expect(parseNumber('0x10')).toBeNull();
  });
});

describe('validateProfileTexts', () => {
  it('the defaults have no errors; the error map names only the wrong fields', () => {
    expect(validateProfileTexts(profileTexts({ ...DEFAULT_PROFILE }))).toEqual({});
    const texts = { ...profileTexts({ ...DEFAULT_PROFILE }), tail: 'N', airspeed: '20', altitude: '70000', starting_fuel: 'lots' };
    expect(validateProfileTexts(texts)).toEqual({ tail: 'Required', airspeed: 'Too low', altitude: 'Too high', starting_fuel: 'Invalid Number' });
  });
});

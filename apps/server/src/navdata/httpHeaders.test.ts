import { describe, expect, it } from 'vitest';
import { chooseEncoding, ifRangeAllows, noneMatchHits, parseAcceptEncoding, parseRange } from './httpHeaders.js';

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', { kind: 'range', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'range', start: 100, end: 999 }],
    ['bytes=900-5000', { kind: 'range', start: 900, end: 999 }],
    ['bytes=-50', { kind: 'range', start: 950, end: 999 }],
    ['bytes=-5000', { kind: 'range', start: 0, end: 999 }],
    ['bytes=999-999', { kind: 'range', start: 999, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=5-2', { kind: 'whole' }],
    ['bytes=0-1,5-6', { kind: 'whole' }],
    ['items=0-1', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
  ])('reads %s against 1000 bytes', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });

  it('sends the whole file without a Range header and finds nothing in an empty file', () => {
    expect(parseRange(undefined, 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('content-coding negotiation', () => {
  it('parses weights', () => {
    expect([...parseAcceptEncoding('gzip;q=0.8, BR , identity;q=0')]).toEqual([['gzip', 0.8], ['br', 1], ['identity', 0]]);
  });

  it.each([
    [undefined, ['br', 'gzip'], 'identity'],
    ['', ['br', 'gzip'], 'identity'],
    ['gzip, deflate, br', ['br', 'gzip'], 'br'],
    ['gzip, deflate, br', ['gzip'], 'gzip'],
    ['gzip, deflate', ['br'], 'identity'],
    ['br;q=0.5, gzip', ['br', 'gzip'], 'gzip'],
    ['gzip;q=0', ['gzip'], 'identity'],
    ['*', ['gzip'], 'gzip'],
    ['*;q=0, gzip', ['br', 'gzip'], 'gzip'],
    ['x-gzip', ['gzip'], 'gzip'],
  ] as const)('Accept-Encoding %s with %j picks %s', (header, available, expected) => {
    expect(chooseEncoding(header, available)).toBe(expected);
  });
});

describe('entity tags', () => {
  it('matches If-None-Match weakly, lists and *', () => {
    expect(noneMatchHits('"abc"', ['"abc"'])).toBe(true);
    expect(noneMatchHits('W/"abc"', ['"abc"'])).toBe(true);
    expect(noneMatchHits('"x", "abc-gz"', ['"abc"', '"abc-gz"'])).toBe(true);
    expect(noneMatchHits('*', ['"abc"'])).toBe(true);
    expect(noneMatchHits('"abd"', ['"abc"'])).toBe(false);
    expect(noneMatchHits(undefined, ['"abc"'])).toBe(false);
  });

  it('honours If-Range only for the exact strong tag or date', () => {
    const date = 'Thu, 04 Sep 2025 00:00:00 GMT';
    expect(ifRangeAllows(undefined, '"abc"', date)).toBe(true);
    expect(ifRangeAllows('"abc"', '"abc"', date)).toBe(true);
    expect(ifRangeAllows('W/"abc"', '"abc"', date)).toBe(false);
    expect(ifRangeAllows('"old"', '"abc"', date)).toBe(false);
    expect(ifRangeAllows(date, '"abc"', date)).toBe(true);
    expect(ifRangeAllows('Fri, 05 Sep 2025 00:00:00 GMT', '"abc"', date)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { greatCircleDistanceNm } from '@clearway/geo';
import { inflightLines, ownshipSizePx, OWNSHIP_BASE_PX, trafficTag } from './mapDrawing';
import { degrees } from './navigation';
import type { TrafficMark } from './inflightSlice';

const mark = (over: Partial<TrafficMark>): TrafficMark => ({ hex: 'A10000', label: 'CW001', lat: 34, lon: -118, trackDeg: 90, ringNm: null, distanceNm: 3, altitudeTag: '+05', trend: 'level', proximity: 'normal', emergency: false, onGround: false, ...over });

describe('in-flight drawing', () => {
  it('scales the ownship symbol by ownship_size_factor (default 1)', () => {
    expect(ownshipSizePx(1)).toBe(OWNSHIP_BASE_PX);
    expect(ownshipSizePx(2)).toBe(OWNSHIP_BASE_PX * 2);
    expect(ownshipSizePx(undefined)).toBe(OWNSHIP_BASE_PX);
    expect(ownshipSizePx(10)).toBe(OWNSHIP_BASE_PX * 3);
  });

  it('tags traffic with relative altitude, trend arrow, callsign or hex, emergency and on-ground', () => {
    expect(trafficTag(mark({}))).toBe('+05 CW001');
    expect(trafficTag(mark({ altitudeTag: '-12', trend: 'descending', label: 'ABC123' }))).toBe('-12↓ ABC123');
    expect(trafficTag(mark({ trend: 'climbing', emergency: true, onGround: true }))).toBe('+05↑ CW001 EMER GND');
    expect(trafficTag(mark({ altitudeTag: null, trend: null }))).toBe('CW001');
  });

  it('draws the track line two minutes ahead at the ground speed and a ring per target without a position', () => {
    const lines = inflightLines({ lat: 0, lon: 0, trackDeg: 90, speedKt: 120 }, [mark({}), mark({ hex: 'B', lat: null, lon: null, ringNm: 2, proximity: 'amber' })]);
    expect(lines.features.map((f) => f.properties?.['kind'])).toEqual(['track', 'ring']);
    const [from, to] = lines.features[0]!.geometry.coordinates as [number, number][];
    expect(greatCircleDistanceNm(from![1], from![0], to![1], to![0])).toBeCloseTo(4, 6);
    const ring = lines.features[1]!.geometry.coordinates as [number, number][];
    for (const [lon, lat] of ring) expect(greatCircleDistanceNm(0, 0, lat, lon)).toBeCloseTo(2, 6);
    expect(lines.features[1]!.properties?.['colour']).toBe('#ffb300');
    expect(inflightLines(null, [mark({})]).features).toEqual([]);
  });

  it('writes tracks as three digits with their reference', () => {
    expect(degrees(0, false)).toBe('360°T');
    expect(degrees(5.4, true)).toBe('005°M');
    expect(degrees(359.6, true)).toBe('360°M');
  });
});

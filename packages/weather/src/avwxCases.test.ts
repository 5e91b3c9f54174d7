import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeMetar, decodeTaf, tafConditionsAt } from './index.js';

/*
 * The avwx-engine expectations (../shared/data/weather/avwx-cases, MIT) where they apply: the METAR
 * and TAF cases' decoded values and flight rules, compared with Clearway's own decode. avwx's flight
 * rules are an independent implementation of the same FAA table.
 */
const AVWX = fileURLToPath(new URL('../../../../shared/data/weather/avwx-cases/tests/current/data/', import.meta.url));

interface Value {
  value: number | null;
  repr: string;
}
interface AvwxCase<T> {
  created: string;
  data: T;
}
function cases<T>(kind: string): [string, AvwxCase<T>][] {
  if (!existsSync(AVWX + kind)) throw new Error(`avwx cases expected in ${AVWX}${kind} (the shared data folder beside the repository, ../shared/data)`);
  return readdirSync(AVWX + kind)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((n) => [n, JSON.parse(readFileSync(`${AVWX}${kind}/${n}`, 'utf8')) as AvwxCase<T>]);
}

describe('avwx METAR cases', () => {
  const all = cases<{
    raw: string;
    flight_rules: string;
    time: { dt: string };
    wind_direction: Value | null;
    wind_speed: Value | null;
    visibility: Value | null;
    altimeter: Value | null;
    temperature: Value | null;
    dewpoint: Value | null;
    clouds: { type: string; base: number | null }[];
  }>('metar');
  it('has the four stations', () => expect(all.map(([n]) => n)).toEqual(['EGLL.json', 'KJFK.json', 'KMCO.json', 'PHNL.json']));
  for (const [name, c] of all) {
    it(name, () => {
      const { metar, issues } = decodeMetar(c.data.raw, { referenceMs: Date.parse(c.created) });
      expect(issues).toEqual([]);
      const d = c.data;
      expect({
        timeMs: metar?.timeMs,
        flightCategory: metar?.flightCategory,
        windDeg: metar?.wind?.directionDeg,
        windKt: metar?.wind?.speedKt,
        vis: metar?.visibility?.raw === '9999' ? 9999 : metar?.visibility?.statuteMiles,
        altimeter: metar?.altimeter ? (metar.altimeter.hPa === d.altimeter?.value ? metar.altimeter.hPa : metar.altimeter.inHg) : null,
        temperature: Math.round(metar?.temperatureC ?? NaN),
        dewPoint: Math.round(metar?.dewPointC ?? NaN),
        clouds: metar?.clouds.map((l) => [l.cover, l.baseFtAgl]),
      }).toEqual({
        timeMs: Date.parse(d.time.dt),
        flightCategory: d.flight_rules,
        windDeg: d.wind_direction?.value,
        windKt: d.wind_speed?.value,
        vis: d.visibility?.value,
        altimeter: d.altimeter?.value,
        temperature: d.temperature?.value,
        dewPoint: d.dewpoint?.value,
        clouds: d.clouds.map((l) => [l.type, l.base === null ? null : l.base * 100]),
      });
    });
  }
});

describe('avwx TAF cases', () => {
  const all = cases<{
    raw: string;
    start_time: { dt: string };
    end_time: { dt: string };
    forecast: { raw: string; start_time: { dt: string }; end_time: { dt: string }; flight_rules: string; probability: Value | null }[];
  }>('taf');
  it('has the four stations', () => expect(all.map(([n]) => n)).toEqual(['EGLL.json', 'KJFK.json', 'KMCO.json', 'PHNL.json']));
  for (const [name, c] of all) {
    it(`${name}: periods, times and flight rules`, () => {
      const { taf, issues } = decodeTaf(c.data.raw, { referenceMs: Date.parse(c.created) });
      expect(issues).toEqual([]);
      expect(taf).not.toBeNull();
      expect([taf!.validFromMs, taf!.validToMs]).toEqual([Date.parse(c.data.start_time.dt), Date.parse(c.data.end_time.dt)]);
      expect(taf!.periods.length).toBe(c.data.forecast.length);
      c.data.forecast.forEach((line, i) => {
        const p = taf!.periods[i]!;
        // avwx starts FM090330 at 03:00 (whole hours); Clearway keeps the minutes.
        const start = Date.parse(line.start_time.dt);
        expect(Math.floor(p.startMs / 3600_000) * 3600_000).toBe(start);
        if (i > 0) expect(p.endMs).toBe(Date.parse(line.end_time.dt));
        expect(p.probability).toBe(line.probability?.value ?? null);
        const at = tafConditionsAt(taf!, Math.max(p.startMs, taf!.validFromMs));
        const category = p.kind === 'BASE' || p.kind === 'FM' ? at?.prevailing.flightCategory : at?.possible.find((q) => q.raw === p.raw)?.conditions.flightCategory;
        expect([line.raw, category]).toEqual([line.raw, line.flight_rules]);
      });
    });
  }
});

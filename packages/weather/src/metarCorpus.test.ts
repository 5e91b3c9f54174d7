import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeAwcMetarCsv, splitCsvLine, type AwcMetarRow } from './index.js';

/*
 * The AWC METAR cache (../shared/data/weather/metar/*.csv, 4,909 reports). Pinned: the reports
 * that do not decode completely (listed in cases/metar/corpus-failures.json, may only shrink), the
 * flight category against the file's own flight_category column (cases/metar/flight-category.json:
 * every disagreement and every report only one side categorises, each with its reason), and the
 * other AWC columns Clearway also derives. UPDATE_GOLDEN=1 rewrites the two files on purpose.
 */
const METAR_DIR = fileURLToPath(new URL('../../../../shared/data/weather/metar/', import.meta.url));
const CASES = fileURLToPath(new URL('../cases/metar/', import.meta.url));
const update = process.env['UPDATE_GOLDEN'] === '1';
if (process.env['CI'] && process.env['UPDATE_GOLDEN']) throw new Error('UPDATE_GOLDEN is set under CI: goldens are rewritten on a developer machine only; unset it');

function csvFile(): { name: string; text: string } {
  if (!existsSync(METAR_DIR)) throw new Error(`METAR cache CSV expected in ${METAR_DIR} (the shared data folder beside the repository, ../shared/data)`);
  const names = readdirSync(METAR_DIR).filter((n) => n.endsWith('.csv'));
  expect(names).toEqual(['metars.cache-2025-01-27T2225Z.csv']);
  return { name: names[0]!, text: readFileSync(METAR_DIR + names[0]!, 'utf8') };
}

function golden(file: string, actual: unknown): void {
  const path = CASES + file;
  if (update) writeFileSync(path, `${JSON.stringify(actual, null, 2)}\n`);
  expect(existsSync(path), `${path} is missing; run with UPDATE_GOLDEN=1 to write it`).toBe(true);
  expect(actual).toEqual(JSON.parse(readFileSync(path, 'utf8')));
}

/** Why Clearway and the AWC file may categorise a report differently (or only one of them at all). */
function explain(row: AwcMetarRow): string {
  const m = row.metar;
  if (m.visibility === null) return 'no prevailing visibility reported: the AWC file gives no category; a ceiling below 500 ft makes it LIFR whatever the visibility';
  if (m.visibility.raw.endsWith('NDV')) return "visibility with NDV (no directional variation): the AWC file reads no visibility from it and gives no category";
  return 'unexplained';
}

describe('METAR corpus (../shared/data/weather/metar)', () => {
  const { name, text } = csvFile();
  const result = decodeAwcMetarCsv(text, Date.UTC(2025, 0, 27, 22, 25));

  it('decodes every report; the ones with unread groups are pinned and listed', () => {
    expect(result.reportCount).toBe(4909);
    expect(result.rows.length).toBe(4909);
    const byReport = new Map<string, { position: number | null; reason: string }[]>();
    for (const i of result.issues) byReport.set(i.report, [...(byReport.get(i.report) ?? []), { position: i.position, reason: i.reason }]);
    golden('corpus-failures.json', { file: name, failedReports: result.failedReports, reports: [...byReport].map(([report, issues]) => ({ report, issues })) });
    expect(result.failedReports).toBe(20);
  });

  it("agrees with the AWC's flight_category on at least 99.9% of the reports that have one", () => {
    const both = result.rows.filter((r) => r.awcFlightCategory !== null && r.metar.flightCategory !== null);
    const withAwc = result.rows.filter((r) => r.awcFlightCategory !== null);
    const agree = withAwc.filter((r) => r.metar.flightCategory === r.awcFlightCategory).length;
    const disagreements = withAwc
      .filter((r) => r.metar.flightCategory !== r.awcFlightCategory)
      .map((r) => ({ report: r.metar.raw, awc: r.awcFlightCategory, clearway: r.metar.flightCategory, why: explain(r) }));
    const clearwayOnly = result.rows
      .filter((r) => r.awcFlightCategory === null && r.metar.flightCategory !== null)
      .map((r) => ({ report: r.metar.raw, clearway: r.metar.flightCategory, why: explain(r) }));
    golden('flight-category.json', {
      file: name,
      reportsWithAwcCategory: withAwc.length,
      agreeing: agree,
      agreementPercent: Math.round((agree / withAwc.length) * 10000) / 100,
      disagreements,
      clearwayOnly,
    });
    expect(withAwc.length).toBe(4533);
    expect(both.length).toBe(4533);
    expect(agree / withAwc.length).toBeGreaterThanOrEqual(0.999);
    expect(disagreements.filter((d) => d.why === 'unexplained')).toEqual([]);
    expect(clearwayOnly.filter((d) => d.why === 'unexplained')).toEqual([]);
    // Each category occurs, so agreement is not carried by VFR alone.
    const counts = Object.fromEntries(['VFR', 'MVFR', 'IFR', 'LIFR'].map((c) => [c, withAwc.filter((r) => r.metar.flightCategory === c).length]));
    expect(counts).toEqual({ VFR: 3443, MVFR: 612, IFR: 314, LIFR: 164 });
  });

  it('matches the AWC columns it also derives (wind, visibility, temperature, altimeter, vertical visibility)', () => {
    const lines = text.split(/\r?\n/);
    const at = lines.findIndex((l) => l.startsWith('raw_text,'));
    const header = splitCsvLine(lines[at]!);
    const csv = lines.slice(at + 1).filter((l) => l.trim() !== '').map(splitCsvLine);
    const col = (n: string) => header.indexOf(n);
    const num = (s: string | undefined) => (s === undefined || s === '' ? null : Number(s.replace('+', '')));
    const differ: Record<string, string[]> = { wind: [], visibility: [], temperature: [], altimeter: [], verticalVisibility: [] };
    result.rows.forEach((row, i) => {
      const f = csv[i]!;
      const m = row.metar;
      expect(m.raw).toBe(f[0]!.replace(/\s+/g, ' ').trim());
      const wd = f[col('wind_dir_degrees')];
      const awcWind = [wd === 'VRB' ? 'VRB' : num(wd), num(f[col('wind_speed_kt')]), num(f[col('wind_gust_kt')])];
      const ourWind = m.wind ? [m.wind.variable ? 'VRB' : m.wind.directionDeg, m.wind.speedKt, m.wind.gustKt] : [null, null, null];
      if (JSON.stringify(awcWind) !== JSON.stringify(ourWind)) differ['wind']!.push(m.raw);
      // The AWC writes 10 SM or more as "10+", 9999 m as "6+", and miles to 2 decimals (7/8 = 0.88).
      const awcVis = num(f[col('visibility_statute_mi')]);
      const ourVis = m.visibility === null ? null : m.visibility.raw.startsWith('9999') || m.cavok ? 6 : m.visibility.statuteMiles;
      if ((awcVis === null) !== (ourVis === null) || (awcVis !== null && ourVis !== null && Math.abs(awcVis - ourVis) > 0.0051)) differ['visibility']!.push(m.raw);
      if (num(f[col('temp_c')]) !== m.temperatureC || num(f[col('dewpoint_c')]) !== m.dewPointC) differ['temperature']!.push(m.raw);
      // The AWC converts hPa to inHg rounding down; within 0.01 inHg.
      const awcAlt = num(f[col('altim_in_hg')]);
      if ((awcAlt === null || awcAlt === 0) !== (m.altimeter === null) || (awcAlt && m.altimeter && Math.abs(awcAlt - m.altimeter.inHg) > 0.0101)) differ['altimeter']!.push(m.raw);
      if (num(f[col('vert_vis_ft')]) !== m.verticalVisibilityFt) differ['verticalVisibility']!.push(m.raw);
    });
    expect(differ).toEqual({
      // 00004KT, 00007KT: the AWC calls direction 000 with wind variable; Clearway keeps 000.
      // MGTU (time and wind run together), KP69 (garbled), E18020KT/E26008KT (estimated): not read.
      wind: [
        'VOGA 272200Z 00004KT 3000 HZ NSC 24/12 Q1009 NOSIG',
        'MGTU 272200Z32004KT CAVOK 33/23',
        'CWME 272200Z AUTO 00007KT 02/M00 RMK AO1 SLP303 T00221002 58017',
        'KP69 2w2152Z AUTO 00000[T 02/M07 A3039 REK AO1 SLP321 U00221067',
        'MMZC 272141Z E18020KT 8SM BKN200 22/04 A3022 RMK 8/008',
        'MMGA 272140Z E26008KT 10SM OVC200 ///// A//// RMK 8/007',
      ],
      // NDV visibilities: the AWC file has none.
      visibility: differ['visibility']!.filter((r) => /\d{4}NDV/.test(r)),
      // 22/2: the dew point is not two digits; the AWC reads 2.
      temperature: ['DNKA 272200Z 04006KT CAVOK 22/2 Q1018 NOSIG'],
      // Both A and Q given: the AWC takes Q1015, Clearway the A group, A2999, first.
      altimeter: ['OTBH 272155Z 32010KT 9000 HZ SCT130 17/13 A2999 Q1015 RMK AO2A SLP157 WND DATA ESTMD T01720125 FZRANO $'],
      verticalVisibility: [],
    });
    expect(differ['visibility']!.length).toBe(16);
  });
});

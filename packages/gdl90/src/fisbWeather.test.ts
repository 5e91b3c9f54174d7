import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createFisbCollector, createFisbWeatherDecoder, fisbDayTimeMs, fisbWindsAsFbBulletin, parseDump978Line, type FisbText, type FisbWeather } from './index.js';

const FILE = fileURLToPath(new URL('../../../../shared/data/gdl90/captures/fisb-decode-tg30/tg30.978', import.meta.url));

function capture(): { texts: FisbText[]; referenceMs: number } {
  if (!existsSync(FILE)) throw new Error(`FIS-B capture expected at ${FILE} (the shared data folder beside the repository, ../shared/data)`);
  const collector = createFisbCollector();
  let referenceMs = 0;
  for (const line of readFileSync(FILE, 'utf8').split('\n')) {
    const p = parseDump978Line(line);
    if (!p) continue;
    collector.addUplink(p.bytes);
    referenceMs ||= (p.receivedAtSeconds ?? 0) * 1000;
  }
  return { texts: collector.texts, referenceMs };
}

const station = { latitude: 0, longitude: 0 };
const item = (type: string, text: string, productId = 413): FisbText => ({ productId, type, location: '', text, station });

describe('FIS-B text through the weather decoders', () => {
  it('every text item of the shared capture decodes to its kind, with no issue', () => {
    const { texts, referenceMs } = capture();
    expect(new Date(referenceMs).toISOString()).toBe('2020-10-30T08:52:40.094Z');
    const decoder = createFisbWeatherDecoder();
    const tally: Record<string, number> = {};
    let issues = 0;
    for (const t of texts) {
      const w = decoder.decode(t, referenceMs);
      expect(w.source).toBe('ADS-B');
      tally[`${t.type} ${w.kind}`] = (tally[`${t.type} ${w.kind}`] ?? 0) + 1;
      if ('issues' in w) issues += w.issues.length;
      if (w.kind === 'winds') issues += w.winds.issues.length;
    }
    expect(tally).toEqual({
      'METAR metar': 873,
      'SPECI metar': 40,
      'TAF taf': 90,
      'TAF.AMD taf': 31,
      'PIREP pirep': 4,
      'WINDS winds': 216,
      'SIGMET advisory': 11,
      // No AIRMET text decoder in @clearway/weather (G-AIRMETs come as XML): the text alone.
      'AIRMET text': 122,
      'NOTAM text': 217,
      'SUA text': 35,
    });
    expect(issues).toBe(0);
  });

  it('a METAR, a TAF, a PIREP and a convective SIGMET keep their values and their time', () => {
    const d = createFisbWeatherDecoder();
    const ref = Date.UTC(2020, 9, 30, 8, 52);
    const m = d.decode(item('METAR', 'METAR KCEY 300835Z AUTO 29004KT 10SM 04/03 A3014 RMK AO1='), ref) as Extract<FisbWeather, { kind: 'metar' }>;
    expect(m.kind).toBe('metar');
    expect(m.timeMs).toBe(Date.UTC(2020, 9, 30, 8, 35));
    expect(m.metar).toMatchObject({ station: 'KCEY', wind: { directionDeg: 290, speedKt: 4 } });
    const t = d.decode(item('TAF.AMD', 'TAF.AMD KDAY 300702Z 3007/3106 33012KT P6SM OVC012\n      TEMPO 3007/3008 OVC008='), ref) as Extract<FisbWeather, { kind: 'taf' }>;
    expect(t.kind).toBe('taf');
    expect(t.timeMs).toBe(Date.UTC(2020, 9, 30, 7, 2));
    expect(t.tafs[0]).toMatchObject({ station: 'KDAY', validFromMs: Date.UTC(2020, 9, 30, 7) });
    const p = d.decode(item('PIREP', 'PIREP MEM 300810Z MEM UA /OV MEM360002/TM 0810/FLDURC/TP B757/SK BKN020'), ref) as Extract<FisbWeather, { kind: 'pirep' }>;
    expect(p.kind).toBe('pirep');
    expect(p.timeMs).toBe(Date.UTC(2020, 9, 30, 8, 10));
    expect(p.pireps[0]).toMatchObject({ station: 'MEM', aircraftType: 'B757' });
    const wst = 'WST KMKC 170253 CONVECTIVE SIGMET 3E\nNC AND NC SC CSTL WTRS\nFROM 40S ECG-120SE ECG-200SE ILM-120SSE ILM-30WSW ILM-40S ECG\nAREA EMBD TS MOV FROM 17015KT. TOPS TO FL430.';
    const s = d.decode(item('SIGMET', wst, 12), ref) as Extract<FisbWeather, { kind: 'advisory' }>;
    expect(s.kind).toBe('advisory');
    expect(s.advisories[0]).toMatchObject({ kind: 'CONVECTIVE_SIGMET', id: '3E', topFt: 43000, issuedMs: Date.UTC(2020, 9, 17, 2, 53) });
  });

  it('winds aloft: every level in its column, and a station above 3,000 ft with a blank 3,000 ft level', () => {
    const d = createFisbWeatherDecoder();
    const ref = Date.UTC(2020, 9, 30, 8, 52);
    const tul = 'WINDS TUL 301800Z  FT 3000 6000      9000   12000       18000   24000   30000    34000  39000                         \n   2808 9900+08 3509+05 2818+02 2835-10 2746-22 274738 274548 275656';
    const w = d.decode(item('WINDS', tul), ref) as Extract<FisbWeather, { kind: 'winds' }>;
    expect(w.kind).toBe('winds');
    expect(w.timeMs).toBe(Date.UTC(2020, 9, 30, 18));
    expect(w.winds.issues).toEqual([]);
    const levels = w.winds.stations[0]!.levels.map((l) => [l.altitudeFt, l.directionDeg, l.speedKt, l.temperatureC]);
    expect(levels).toEqual([
      [3000, 280, 8, null],
      [6000, null, 0, 8],
      [9000, 350, 9, 5],
      [12000, 280, 18, 2],
      [18000, 280, 35, -10],
      [24000, 270, 46, -22],
      [30000, 270, 47, -38],
      [34000, 270, 45, -48],
      [39000, 270, 56, -56],
    ]);
    const gld = 'WINDS GLD 301200Z  FT      6000      9000   12000       18000   24000   30000    34000  39000                         \n        3107    3114+05 3117+00 2737-12 2648-25 275439 275547 274855';
    const fb = fisbWindsAsFbBulletin(gld)!;
    const g = d.decode(item('WINDS', gld), ref) as Extract<FisbWeather, { kind: 'winds' }>;
    expect(g.winds.issues, fb).toEqual([]);
    expect(g.winds.stations[0]!.levels.slice(0, 3).map((l) => [l.altitudeFt, l.directionDeg, l.speedKt, l.temperatureC])).toEqual([
      [3000, null, null, null],
      [6000, 310, 7, null],
      [9000, 310, 14, 5],
    ]);
  });

  it('unreadable items stay text with their time; times roll back to the previous month', () => {
    const d = createFisbWeatherDecoder();
    const ref = Date.UTC(2020, 10, 1, 0, 10);
    expect(d.decode(item('METAR', 'METAR'), ref)).toMatchObject({ kind: 'text', timeMs: null, source: 'ADS-B' });
    expect(d.decode(item('WINDS', 'WINDS XYZ 301200Z FT 3000\n'), ref)).toMatchObject({ kind: 'text', timeMs: Date.UTC(2020, 9, 30, 12) });
    expect(fisbDayTimeMs('010005Z', ref)).toBe(Date.UTC(2020, 10, 1, 0, 5));
    expect(fisbDayTimeMs('311200', ref)).toBe(Date.UTC(2020, 9, 31, 12));
    expect(fisbDayTimeMs('322400Z', ref)).toBeNull();
  });
});

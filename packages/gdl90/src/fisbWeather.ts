// FIS-B text to Clearway weather: each FIS-B text item goes through the same @clearway/weather
// decoders as the internet feeds, reshaped where the FIS-B record differs from the NWS product
// (the record's "<Type> <Location> <Time>" fields stand in for the NWS envelope), and comes out
// with source 'ADS-B' and the time it was observed or issued, for its age.

import {
  createMetarDecoder,
  decodeAdvisoryProduct,
  decodeFbBulletin,
  decodePirepProduct,
  decodeTafProduct,
  type Advisory,
  type FbDecodeResult,
  type Metar,
  type MetarDecoder,
  type Pirep,
  type Taf,
  type WxIssue,
} from '@clearway/weather';
import type { FisbText } from './fisbCollector.js';

interface Base {
  source: 'ADS-B';
  item: FisbText;
  /** Observation or issue time (ms since the epoch) where the product gives it; null otherwise. */
  timeMs: number | null;
}

export type FisbWeather =
  | (Base & { kind: 'metar'; metar: Metar; issues: readonly WxIssue[] })
  | (Base & { kind: 'taf'; tafs: readonly Taf[]; issues: readonly WxIssue[] })
  | (Base & { kind: 'pirep'; pireps: readonly Pirep[]; issues: readonly WxIssue[] })
  | (Base & { kind: 'winds'; winds: FbDecodeResult })
  | (Base & { kind: 'advisory'; advisories: readonly Advisory[]; issues: readonly WxIssue[] })
  /** AIRMET text, NOTAMs, SUA, and anything the weather decoders could not read: the text alone. */
  | (Base & { kind: 'text' });

export interface FisbWeatherDecoder {
  /**
   * Decodes one FIS-B text item. `referenceMs` is a time near the reception (the FIS-B time groups
   * carry day and time only). Never throws.
   */
  decode(item: FisbText, referenceMs: number): FisbWeather;
}

/** ddhhmm of a FIS-B time group ("300835Z", "170253") as ms, in the month of `referenceMs` or the one before. */
export function fisbDayTimeMs(group: string, referenceMs: number): number | null {
  const m = /^(\d{2})(\d{2})(\d{2})Z?$/.exec(group);
  if (!m) return null;
  const [day, hour, minute] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const ref = new Date(referenceMs);
  let t = Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth(), day, hour, minute);
  // A day well after the reference day is from the month before.
  if (t - referenceMs > 2 * 86_400_000) t = Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth() - 1, day, hour, minute);
  return t;
}

/**
 * A FIS-B WINDS record ("WINDS TUL 301800Z  FT 3000 6000 ... 39000\n   2808 9900+08 ...") as an FB
 * bulletin the FB decoder reads: a VALID line, an FT line of the record's levels, and the station's
 * groups in those columns (FIS-B lists one group per level; with fewer, the lowest levels are blank;
 * a record starting above 3,000 ft gets a blank 3,000 ft level, as FB bulletins have).
 */
export function fisbWindsAsFbBulletin(text: string): string | null {
  const [head = '', ...rest] = text.split('\n');
  const h = /^WINDS\s+([A-Z0-9]{3,4})\s+(\d{6})Z\s+FT\s([\d\s]+)$/.exec(head.trim());
  if (!h) return null;
  const listed = h[3]!.trim().split(/\s+/);
  // As in FB bulletins, a station above 3,000 ft keeps a blank 3,000 ft column: the FB layout gives
  // the first column only the width of its 4-character wind group.
  const levels = Number(listed[0]) > 3000 ? ['3000', ...listed] : listed;
  const groups = rest.join(' ').trim().split(/\s+/).filter((g) => g !== '');
  if (groups.length === 0 || groups.length > listed.length) return null;
  const W = 8;
  const ftLine = 'FT ' + levels.map((l) => l.padStart(W)).join('');
  const station = h[1]!.length === 4 ? h[1]!.slice(1) : h[1]!;
  const cells = levels.map((l, i) => {
    const g = groups[i - (levels.length - groups.length)] ?? '';
    // Level i's span starts just after the previous label (the first one: at its own label).
    return i === 0 ? ' '.repeat(W - l.length) + g.padEnd(l.length) : ' ' + g.padEnd(W - 1);
  });
  return `VALID ${h[2]}Z   TEMPS NEG ABV 24000\n${ftLine}\n${station}${cells.join('')}`.trimEnd();
}

/** A TWGO text's first line "WST KMKC 170253 CONVECTIVE SIGMET 3E" as an NWS heading the advisory decoder dates. */
export function advisoryAsNwsProduct(text: string): string {
  const [first = '', ...rest] = text.split('\n');
  const m = /^(\S+)\s+([A-Z]{4})\s+(\d{6})(?:\s(.*))?$/.exec(first.trim());
  if (!m) return text;
  // The TTAAii is not in the FIS-B record; the decoder reads only the office and time from it.
  const after = (m[4] ?? '').trim();
  return [`WSUS00 ${m[2]} ${m[3]}`, ...(after ? [after] : []), ...rest].join('\n');
}

export function createFisbWeatherDecoder(): FisbWeatherDecoder {
  const metars: MetarDecoder = createMetarDecoder();
  return {
    decode(item, referenceMs) {
      const base = { source: 'ADS-B' as const, item };
      const fields = item.text.split(/\s+/, 3);
      const time = fisbDayTimeMs((fields[2] ?? '').replace(/(SP|AM)$/, ''), referenceMs);
      try {
        switch (item.type) {
          case 'METAR':
          case 'SPECI': {
            const r = metars.decode(item.text, { referenceMs });
            if (r.metar) return { ...base, kind: 'metar', timeMs: r.metar.timeMs ?? time, metar: r.metar, issues: r.issues };
            break;
          }
          case 'TAF':
          case 'TAF.AMD': {
            const r = decodeTafProduct(item.text.replace(/^TAF\.AMD /, 'TAF AMD '), referenceMs);
            if (r.tafs.length > 0) return { ...base, kind: 'taf', timeMs: r.tafs[0]!.issuedMs ?? time, tafs: r.tafs, issues: r.issues };
            break;
          }
          case 'PIREP': {
            // "PIREP MEM 300810Z MEM UA /OV ..." : the report starts after the record's time group.
            const r = decodePirepProduct(item.text.replace(/^PIREP\s+\S+\s+\S+\s+/, ''), time ?? referenceMs);
            if (r.pireps.length > 0) return { ...base, kind: 'pirep', timeMs: r.pireps[0]!.timeMs ?? time, pireps: r.pireps, issues: r.issues };
            break;
          }
          case 'WINDS': {
            const fb = fisbWindsAsFbBulletin(item.text);
            if (fb) return { ...base, kind: 'winds', timeMs: time, winds: decodeFbBulletin(fb) };
            break;
          }
          case 'SIGMET': {
            const r = decodeAdvisoryProduct(advisoryAsNwsProduct(item.text), referenceMs);
            if (r.advisories.length > 0) return { ...base, kind: 'advisory', timeMs: r.advisories[0]!.issuedMs ?? time, advisories: r.advisories, issues: r.issues };
            break;
          }
          default:
            break;
        }
      } catch {
        // The weather decoders do not throw; this keeps the promise if one ever does.
      }
      return { ...base, kind: 'text', timeMs: time };
    },
  };
}

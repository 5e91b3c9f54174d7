import type { PirepEntry } from '@clearway/protocol';
import { decodePirep, type PirepLayerReport } from '@clearway/weather';
import type { PirepKind } from '../map';
import type { Indexed } from './advisories';

/**
 * The PIREPs page's list: urgent reports first, then the newest; filtered by what they report and by
 * altitude band; and the decoded text of one report. Pure.
 */

export type PirepFilter = 'all' | 'urgent' | 'turbulence' | 'icing';

/** Altitude bands, feet MSL: [from, below). `unknown` is a report without a flight level. */
export const ALTITUDE_BANDS = [
  { key: 'all', label: 'All altitudes', from: -Infinity, below: Infinity },
  { key: 'low', label: 'Below 10,000 ft', from: -Infinity, below: 10_000 },
  { key: 'mid', label: '10,000 ft to FL180', from: 10_000, below: 18_000 },
  { key: 'high', label: 'FL180 and above', from: 18_000, below: Infinity },
] as const;
export type AltitudeBand = (typeof ALTITUDE_BANDS)[number]['key'];

const NOTHING = new Set(['NEG', 'SMTH']);

/** Whether the report gives turbulence (or icing) of some intensity (not NEG or smooth). */
export const reportsTurbulence = (report: Pick<PirepEntry, 'turb'>) => report.turb !== null && !NOTHING.has(report.turb);
export const reportsIcing = (report: Pick<PirepEntry, 'icing'>) => report.icing !== null && report.icing !== 'NEG';

export function inBand(report: Pick<PirepEntry, 'altFt'>, band: AltitudeBand): boolean {
  if (band === 'all') return true;
  const spec = ALTITUDE_BANDS.find((b) => b.key === band);
  return report.altFt !== null && spec !== undefined && report.altFt >= spec.from && report.altFt < spec.below;
}

export function pirepList(reports: readonly PirepEntry[], filter: { what: PirepFilter; band: AltitudeBand }): Indexed<PirepEntry>[] {
  return reports
    .map((item, i) => ({ i, item }))
    .filter(({ item }) => (filter.what === 'all' || (filter.what === 'urgent' ? item.urgent : filter.what === 'turbulence' ? reportsTurbulence(item) : reportsIcing(item))) && inBand(item, filter.band))
    .sort((a, b) => Number(b.item.urgent) - Number(a.item.urgent) || b.item.time - a.item.time);
}

/** Counts for the filter buttons. */
export function pirepCounts(reports: readonly PirepEntry[]): Record<PirepFilter, number> {
  return {
    all: reports.length,
    urgent: reports.filter((r) => r.urgent).length,
    turbulence: reports.filter(reportsTurbulence).length,
    icing: reports.filter(reportsIcing).length,
  };
}

export const KIND_LABELS: Record<PirepKind, string> = { urgent: 'Urgent', turbulence: 'Turbulence', icing: 'Icing', other: 'Report' };

const INTENSITY: Record<string, string> = {
  NEG: 'none', SMTH: 'smooth', TRACE: 'trace', LGT: 'light', 'LGT-MOD': 'light to moderate', MOD: 'moderate', 'MOD-SEV': 'moderate to severe', SEV: 'severe', 'SEV-EXTRM': 'severe to extreme', EXTRM: 'extreme',
};
const TYPES: Record<string, string> = { CHOP: 'chop', CAT: 'clear air', LLWS: 'low-level wind shear', MWAVE: 'mountain wave', RIME: 'rime', CLR: 'clear', MX: 'mixed' };
const FREQUENCY: Record<string, string> = { OCNL: 'occasional', INTMT: 'intermittent', CONT: 'continuous' };

function feet(ft: number | null): string | null {
  if (ft === null) return null;
  return ft >= 18_000 ? `FL${String(Math.round(ft / 100)).padStart(3, '0')}` : `${ft.toLocaleString('en-US')} ft`;
}

function layerText(layer: PirepLayerReport): string {
  const words = [
    layer.frequency ? FREQUENCY[layer.frequency] ?? layer.frequency.toLowerCase() : null,
    layer.intensity ? INTENSITY[layer.intensity] ?? layer.intensity : null,
    layer.type ? TYPES[layer.type] ?? layer.type.toLowerCase() : null,
  ].filter(Boolean);
  const base = feet(layer.baseFt);
  const top = feet(layer.topFt);
  const span = base && top ? ` ${base} to ${top}` : base ? ` from ${base}` : top ? ` up to ${top}` : '';
  return `${words.join(' ') || layer.raw}${span}`;
}

/**
 * A report decoded field by field (@clearway/weather decodePirep): location, time, altitude,
 * aircraft, sky, weather, temperature, wind, turbulence, icing, remarks; a field the decoder could
 * not read is left out (the raw text is shown beside).
 */
export function pirepDecodedLines(report: PirepEntry): [string, string][] {
  const { pirep } = decodePirep(report.raw, { referenceMs: report.time });
  const rows: [string, string][] = [['Type', report.urgent ? 'Urgent PIREP (UUA)' : 'PIREP (UA)']];
  if (!pirep) return rows;
  if (pirep.location) rows.push(['Location', pirep.location.raw]);
  const altitude = feet(report.altFt) ?? pirep.altitudeRaw;
  if (altitude) rows.push(['Altitude', altitude]);
  if (pirep.aircraftType) rows.push(['Aircraft', pirep.aircraftType]);
  if (pirep.sky) rows.push(['Sky', pirep.sky.raw]);
  if (pirep.weather) rows.push(['Weather', pirep.weather.raw]);
  if (pirep.temperatureC !== null) rows.push(['Temperature', `${pirep.temperatureC} °C`]);
  if (pirep.wind) rows.push(['Wind', `${String(pirep.wind.directionDeg).padStart(3, '0')}° ${pirep.wind.speedKt} kt${pirep.wind.gustKt ? ` gusting ${pirep.wind.gustKt} kt` : ''}`]);
  if (pirep.turbulence.length > 0) rows.push(['Turbulence', pirep.turbulence.map(layerText).join('; ')]);
  if (pirep.icing.length > 0) rows.push(['Icing', pirep.icing.map(layerText).join('; ')]);
  if (pirep.remarks) rows.push(['Remarks', pirep.remarks]);
  return rows;
}

import type { AdvisoryEntry, MetarEntry, PirepEntry } from '@clearway/protocol';
import { formatWeatherAge, weatherAgeMs, type WeatherStore } from '../../weather';
import type { FeatureDetails } from '../featureDetails';

/**
 * What a tap on a weather symbol shows: a METAR station's category, wind and raw report; a PIREP's
 * decoded fields (the server decoded them with @clearway/weather) and raw text; an advisory's
 * hazard, validity and altitudes. The text comes from the snapshot held, found by the feature's
 * `id` (stations) or index `i` (reports, areas).
 */

const HAZARD_NAMES: Record<string, string> = {
  TURB: 'Turbulence', 'TURB-HI': 'Turbulence (high)', 'TURB-LO': 'Turbulence (low)', ICE: 'Icing', IFR: 'IFR', MT_OBSC: 'Mountain obscuration',
  SFC_WND: 'Surface wind', LLWS: 'Low-level wind shear', FZLVL: 'Freezing level', 'M_FZLVL': 'Multiple freezing levels', CONVECTIVE: 'Convection', TS: 'Thunderstorms',
};

const KIND_NAMES: Record<AdvisoryEntry['kind'], string> = {
  CONVECTIVE_SIGMET: 'Convective SIGMET', CONVECTIVE_OUTLOOK: 'Convective outlook', SIGMET: 'SIGMET', CWA: 'CWA', G_AIRMET: 'G-AIRMET',
};

const INTENSITY: Record<string, string> = {
  NEG: 'none', SMTH: 'smooth', TRACE: 'trace', LGT: 'light', 'LGT-MOD': 'light to moderate', MOD: 'moderate', 'MOD-SEV': 'moderate to severe', SEV: 'severe', 'SEV-EXTRM': 'severe to extreme', EXTRM: 'extreme',
};

/** `HH:MMZ` of a time, ms since epoch. */
export function zulu(ms: number): string {
  const date = new Date(ms);
  return `${String(date.getUTCHours()).padStart(2, '0')}${String(date.getUTCMinutes()).padStart(2, '0')}Z`;
}

/** `SFC`, `FL180` at or above 18,000 ft, else `9,000 ft`. */
export function altitudeText(ft: number | null, freezingLevel = false): string {
  if (freezingLevel) return 'freezing level';
  if (ft === null) return '?';
  if (ft <= 0) return 'SFC';
  if (ft >= 18_000) return `FL${String(Math.round(ft / 100)).padStart(3, '0')}`;
  return `${ft.toLocaleString('en-US')} ft`;
}

export function metarLines(station: MetarEntry, now: number): string[] {
  const wind = station.wind;
  const windText = !wind ? 'wind not reported'
    : wind.kt === 0 ? 'wind calm'
      : `wind ${wind.dir === null ? 'variable' : `${String(wind.dir).padStart(3, '0')}°`} ${wind.kt} kt${wind.gust ? ` gusting ${wind.gust}` : ''}`;
  const parts = [
    station.cat ?? 'category unknown',
    windText,
    station.visSm === null ? null : `visibility ${station.visSm} SM`,
    station.ceilingFt === null ? null : `ceiling ${station.ceilingFt.toLocaleString('en-US')} ft`,
  ].filter((part): part is string => part !== null);
  return [parts.join(', '), `Observed ${zulu(station.time)}, ${formatWeatherAge(weatherAgeMs(station.time, now))}`];
}

export function pirepLines(report: PirepEntry, now: number): string[] {
  const lines = [
    [report.urgent ? 'Urgent PIREP (UUA)' : 'PIREP (UA)', report.altFt === null ? null : altitudeText(report.altFt), report.aircraft].filter(Boolean).join(', '),
  ];
  if (report.turb) lines.push(`Turbulence: ${INTENSITY[report.turb] ?? report.turb}`);
  if (report.icing) lines.push(`Icing: ${INTENSITY[report.icing] ?? report.icing}`);
  lines.push(`Reported ${zulu(report.time)}, ${formatWeatherAge(weatherAgeMs(report.time, now))}`);
  return lines;
}

export function advisoryLines(advisory: AdvisoryEntry): string[] {
  const hazard = HAZARD_NAMES[advisory.hazard.toUpperCase()] ?? advisory.hazard;
  const severity = advisory.severity ? ` (${INTENSITY[advisory.severity] ?? advisory.severity})` : '';
  const validity = advisory.validFrom !== null || advisory.validTo !== null
    ? `Valid ${advisory.validFrom !== null ? zulu(advisory.validFrom) : '?'} to ${advisory.validTo !== null ? zulu(advisory.validTo) : '?'}`
    : 'Validity not given';
  const altitudes = advisory.baseFt === null && advisory.topFt === null && !advisory.baseIsFreezingLevel
    ? 'Altitudes not given'
    : `${altitudeText(advisory.baseFt, advisory.baseIsFreezingLevel)} to ${altitudeText(advisory.topFt)}`;
  return [`${hazard}${severity}`, validity, altitudes];
}

/** The details of a tapped weather feature, or null when it is not one (or its snapshot is gone). */
export function weatherDetails(layerId: string, properties: Record<string, unknown>, store: WeatherStore | null, x: number, y: number, now = Date.now()): FeatureDetails | null {
  if (!store) return null;
  switch (layerId) {
    case 'wx-metar-stations': {
      const station = store.entry('metar').snapshot?.stations.find((s) => s.id === properties['id']);
      if (!station) return null;
      return { kind: 'weather', id: station.id, name: `METAR ${station.id}`, type: 'METAR', lines: metarLines(station, now), raw: station.raw, x, y };
    }
    case 'wx-pirep-symbols': {
      const report = typeof properties['i'] === 'number' ? store.entry('pirep').snapshot?.reports[properties['i']] : undefined;
      if (!report) return null;
      return { kind: 'weather', id: report.urgent ? 'UUA' : 'UA', name: report.urgent ? 'Urgent PIREP' : 'PIREP', type: 'PIREP', lines: pirepLines(report, now), raw: report.raw, x, y };
    }
    case 'wx-airmet-fill': {
      const advisory = typeof properties['i'] === 'number' ? store.entry('airmet').snapshot?.advisories[properties['i']] : undefined;
      if (!advisory) return null;
      return { kind: 'weather', id: advisory.id, name: `${KIND_NAMES[advisory.kind]} ${advisory.id}`, type: KIND_NAMES[advisory.kind], lines: advisoryLines(advisory), raw: advisory.raw, x, y };
    }
    default:
      return null;
  }
}

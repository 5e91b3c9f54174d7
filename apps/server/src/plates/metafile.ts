import type { PlateUserAction } from '@clearway/protocol';

/**
 * The FAA d-TPP metafile (`d-TPP_Metafile.xml`): `<digital_tpp cycle from_edate to_edate>` holding
 * `<state_code ID>` › `<city_name ID>` › `<airport_name ID apt_ident icao_ident>` › `<record>` with
 * chartseq, chart_code, chart_name, useraction, pdf_name, faanfd18, amdtnum... Parsed with plain
 * patterns: the file is machine-written, one element per line, and runs to tens of MB.
 */

export interface MetafileRecord {
  state: string;
  city: string;
  airportName: string;
  /** FAA ident (SBP). */
  faaIdent: string;
  /** ICAO ident (KSBP), or '' when the airport has none. */
  icaoIdent: string;
  chartSeq: string;
  chartCode: string;
  chartName: string;
  userAction: PlateUserAction;
  pdfName: string;
  /** The procedure's id (faanfd18, else procuid). */
  procedureId: string;
  amendment: string;
}

export interface Metafile {
  /** YYCC, e.g. 2002. */
  cycle: string;
  /** ISO 8601 UTC. */
  effectiveFrom: string;
  effectiveTo: string;
  records: MetafileRecord[];
}

export class MetafileError extends Error {}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? '';
  });
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of tag.matchAll(/(?<![\w:-])([\w:-]+)="([^"]*)"/g)) out[match[1] ?? ''] = unescapeXml(match[2] ?? '');
  return out;
}

/** `0901Z  01/30/20` → `2020-01-30T09:01:00.000Z`. */
export function parseMetafileDate(text: string): string {
  const match = /^(\d{2})(\d{2})Z\s+(\d{2})\/(\d{2})\/(\d{2})$/.exec(text.trim());
  if (!match) throw new MetafileError(`d-TPP metafile: effective date "${text}" is not like "0901Z  01/30/20"`);
  const [, hh, mm, month, day, yy] = match;
  return new Date(Date.UTC(2000 + Number(yy), Number(month) - 1, Number(day), Number(hh), Number(mm))).toISOString();
}

const USER_ACTIONS = new Set(['A', 'C', 'D', '']);

/**
 * Parses a d-TPP metafile. @throws MetafileError naming what is missing or malformed and where
 * (line numbers), so a damaged index is reported rather than half-imported.
 */
export function parseMetafile(xml: string): Metafile {
  const root = /<digital_tpp\b[^>]*>/.exec(xml);
  if (!root) throw new MetafileError('d-TPP metafile: no <digital_tpp> element (is this the d-TPP_Metafile.xml?)');
  const rootAttributes = attributes(root[0]);
  const cycle = rootAttributes.cycle ?? '';
  if (!/^\d{4}$/.test(cycle)) throw new MetafileError(`d-TPP metafile: cycle "${cycle}" is not YYCC`);
  const effectiveFrom = parseMetafileDate(rootAttributes.from_edate ?? '');
  const effectiveTo = parseMetafileDate(rootAttributes.to_edate ?? '');
  if (!/<\/digital_tpp>\s*$/.test(xml)) throw new MetafileError('d-TPP metafile: ends before </digital_tpp> (truncated download?)');

  const records: MetafileRecord[] = [];
  let state = '';
  let city = '';
  let airport: Record<string, string> | null = null;
  const token = /<(state_code|city_name|airport_name)\b[^>]*>|<record>([\s\S]*?)<\/record>/g;
  for (const match of xml.matchAll(token)) {
    const kind = match[1];
    if (kind === 'state_code') state = attributes(match[0]).ID ?? '';
    else if (kind === 'city_name') city = attributes(match[0]).ID ?? '';
    else if (kind === 'airport_name') airport = attributes(match[0]);
    else {
      const line = xml.slice(0, match.index).split('\n').length;
      if (airport === null) throw new MetafileError(`d-TPP metafile line ${line}: <record> outside an <airport_name>`);
      const body = match[2] ?? '';
      const field = (name: string): string => {
        const found = new RegExp(`<${name}>([^<]*)</${name}>|<${name}\\s*/>`).exec(body);
        return found ? unescapeXml(found[1] ?? '').trim() : '';
      };
      const pdfName = field('pdf_name');
      const chartCode = field('chart_code');
      if (pdfName === '') throw new MetafileError(`d-TPP metafile line ${line}: record of ${airport.apt_ident ?? '?'} has no <pdf_name>`);
      if (chartCode === '') throw new MetafileError(`d-TPP metafile line ${line}: record ${pdfName} has no <chart_code>`);
      const userAction = field('useraction');
      if (!USER_ACTIONS.has(userAction)) throw new MetafileError(`d-TPP metafile line ${line}: record ${pdfName} has user action "${userAction}" (A, C, D or empty)`);
      const amdt = [field('amdtnum'), field('amdtdate')].filter((part) => part !== '').join(' ');
      records.push({
        state,
        city,
        airportName: airport.ID ?? '',
        faaIdent: airport.apt_ident ?? '',
        icaoIdent: airport.icao_ident ?? '',
        chartSeq: field('chartseq'),
        chartCode,
        chartName: field('chart_name'),
        userAction: userAction as PlateUserAction,
        pdfName,
        procedureId: field('faanfd18') || field('procuid'),
        amendment: amdt,
      });
    }
  }
  return { cycle, effectiveFrom, effectiveTo, records };
}

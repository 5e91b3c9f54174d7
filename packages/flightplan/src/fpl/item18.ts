import { ITEM18_INDICATORS, type Item18Indicator } from './form.js';

/** Item 18 read into its indicators, with what could not be read. */
export interface Item18 {
  /** Each indicator given and its text, in the order typed. */
  entries: { indicator: Item18Indicator; value: string }[];
  /** What is wrong, in the FAA's words (empty when item 18 reads cleanly). */
  problems: string[];
}

const KNOWN = new Set<string>(ITEM18_INDICATORS);
/** A word that starts an indicator: three or four letters and an oblique stroke. */
const INDICATOR = /^([A-Z]{3,4})\/(.*)$/;

/**
 * Reads item 18 (`PBN/D2 DOF/261206 RMK/IFR TRAINING`): `0` or empty is "no other information".
 * Unknown indicators, text before the first indicator, an indicator given twice or with nothing
 * after it are reported, never dropped.
 */
export function parseItem18(text: string): Item18 {
  const trimmed = text.trim().toUpperCase();
  const entries: Item18['entries'] = [];
  const problems: string[] = [];
  if (trimmed === '' || trimmed === '0') return { entries, problems };
  let current: { indicator: Item18Indicator; value: string } | null = null;
  const stray: string[] = [];
  for (const word of trimmed.split(/\s+/)) {
    const m = INDICATOR.exec(word);
    if (m && KNOWN.has(m[1]!)) {
      const indicator = m[1] as Item18Indicator;
      if (entries.some((e) => e.indicator === indicator)) problems.push(`${indicator}/ is given more than once; give each indicator once`);
      current = { indicator, value: m[2]! };
      entries.push(current);
    } else if (m && !current) {
      problems.push(`${m[1]}/ is not an item 18 indicator (use ${ITEM18_INDICATORS.join(', ')})`);
      current = null;
    } else if (current) {
      current.value = current.value === '' ? word : `${current.value} ${word}`;
    } else {
      stray.push(word);
    }
  }
  if (stray.length > 0) problems.push(`"${stray.join(' ')}" is not preceded by an indicator (e.g. RMK/)`);
  for (const e of entries) {
    if (e.value === '') problems.push(`${e.indicator}/ has no information after it`);
    // A hyphen or parenthesis would end the field or the message; an oblique stroke is reserved for indicators.
    else if (/[-()/]/.test(e.value)) problems.push(`${e.indicator}/${e.value}: do not use hyphens, parentheses or oblique strokes in the information`);
  }
  return { entries, problems };
}

/** Item 18 as the message carries it: the indicators in the prescribed order, or `0` when there are none. */
export function formatItem18(entries: Item18['entries']): string {
  if (entries.length === 0) return '0';
  const order = (i: Item18Indicator) => ITEM18_INDICATORS.indexOf(i);
  return [...entries].sort((a, b) => order(a.indicator) - order(b.indicator)).map((e) => `${e.indicator}/${e.value}`).join(' ');
}

/** The text of one indicator, or null when item 18 does not give it. */
export function item18Value(entries: Item18['entries'], indicator: Item18Indicator): string | null {
  return entries.find((e) => e.indicator === indicator)?.value ?? null;
}

import { NOTAM_CONTRACTIONS } from './contractions.js';

/**
 * Spec part 1: "NOTAM text is shown with standard abbreviations expanded and phrases such as closed
 * or missing highlighted." A NOTAM's text becomes segments: each contraction replaced by its meaning
 * (NOTAM_CONTRACTIONS), with `raw` keeping what was written, and the phrases that change a flight
 * (closed, unserviceable, out of service, unmonitored, unlit, not available, ...) marked `highlight`.
 */
export interface NotamSegment {
  /** The text to show (expanded when `expand` was asked and the word is a contraction). */
  text: string;
  /** The text as written, when it differs from `text`. */
  raw?: string;
  highlight: boolean;
}

/** The phrases highlighted, as written in NOTAMs (contractions and plain words). */
export const NOTAM_HIGHLIGHT_PHRASES: readonly string[] = [
  'CLSD', 'CLOSED', 'U/S', 'UNSERVICEABLE', 'OTS', 'OUT OF SERVICE', 'UNMNT', 'UNMONITORED', 'UNUSBL', 'UNUSABLE',
  'UNAVBL', 'UNAVAILABLE', 'NOT AVBL', 'NOT AVAILABLE', 'NIL', 'INOP', 'UNREL', 'WITHDRAWN', 'SUSPENDED', 'DCMSND',
  'MISSING', 'UNLGTD', 'UNLIT', 'NA',
];

const HIGHLIGHT = new RegExp(
  `(?<![A-Z0-9/])(?:${[...NOTAM_HIGHLIGHT_PHRASES].sort((a, b) => b.length - a.length).map((p) => p.replace(/[/]/g, '\\/').replace(/ /g, '\\s+')).join('|')})(?![A-Z0-9/])`,
  'g',
);

const LEADING = '("\'';
const TRAILING = ').,;:\'"';

/** The meaning of one word, or null when it is no contraction (parts of `A/B` expanded each). */
export function expandContraction(word: string): string | null {
  const own = NOTAM_CONTRACTIONS[word];
  if (own !== undefined) return own;
  if (word.includes('/')) {
    const parts = word.split('/');
    if (parts.every((p) => NOTAM_CONTRACTIONS[p] !== undefined || /^\d+$/.test(p)) && parts.some((p) => NOTAM_CONTRACTIONS[p] !== undefined)) {
      return parts.map((p) => NOTAM_CONTRACTIONS[p] ?? p).join('/');
    }
  }
  return null;
}

/** The ranges [from, to) of the highlighted phrases in `text` (upper-cased for matching). */
export function notamHighlights(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const m of text.toUpperCase().matchAll(HIGHLIGHT)) ranges.push([m.index, m.index + m[0].length]);
  return ranges;
}

/** The text as segments, contractions expanded when `expand` (default true), flight-changing phrases highlighted. */
export function notamSegments(text: string, options: { expand?: boolean } = {}): NotamSegment[] {
  const expand = options.expand ?? true;
  const ranges = notamHighlights(text);
  const highlighted = (from: number, to: number) => ranges.some(([a, b]) => from < b && to > a);
  const out: NotamSegment[] = [];
  const push = (segment: NotamSegment) => {
    const last = out[out.length - 1];
    if (last !== undefined && last.highlight === segment.highlight && last.raw === undefined && segment.raw === undefined) last.text += segment.text;
    else out.push(segment);
  };
  // Words with their leading and trailing punctuation apart; white space kept as written.
  let at = 0;
  for (const piece of text.split(/(\s+)/)) {
    const pieceAt = at;
    at += piece.length;
    if (piece === '') continue;
    if (/^\s/.test(piece)) {
      push({ text: piece, highlight: highlighted(pieceAt - 1, pieceAt) && highlighted(pieceAt + piece.length, pieceAt + piece.length + 1) });
      continue;
    }
    let from = 0;
    let to = piece.length;
    while (from < to && LEADING.includes(piece[from] ?? '')) from += 1;
    while (to > from && TRAILING.includes(piece[to - 1] ?? '')) to -= 1;
    const lead = piece.slice(0, from);
    const word = piece.slice(from, to);
    const trail = piece.slice(to);
    if (lead !== '') push({ text: lead, highlight: false });
    const wordAt = pieceAt + from;
    // `OSHKOSH, WI.`: a two-letter word after a comma is a state or country, not a contraction.
    const afterComma = word.length === 2 && /,\s*$/.test(text.slice(Math.max(0, pieceAt - 3), pieceAt));
    const meaning = expand && !afterComma && word !== '' ? expandContraction(word.toUpperCase()) : null;
    const hl = word !== '' && highlighted(wordAt, wordAt + word.length);
    if (word !== '') push(meaning === null ? { text: word, highlight: hl } : { text: meaning, raw: word, highlight: hl });
    if (trail !== '') push({ text: trail, highlight: false });
  }
  return out;
}

/** The text with the contractions expanded, as one string. */
export function expandNotamText(text: string): string {
  return notamSegments(text).map((s) => s.text).join('');
}

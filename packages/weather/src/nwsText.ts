// NWS text products as the NWS sends them: an optional sequence number line, the WMO abbreviated
// heading (TTAAii CCCC DDHHMM [BBB]), an optional AWIPS id line (TAFJFK, PIRBOU), then the text.

export interface WmoHeading {
  /** e.g. FTUS41 */
  readonly ttaaii: string;
  /** Issuing office, e.g. KOKX */
  readonly cccc: string;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  /** AAA (amendment), CCA (correction), RRA (delayed) ... */
  readonly bbb: string | null;
}

export interface NwsProduct {
  readonly heading: WmoHeading | null;
  readonly awipsId: string | null;
  /** Lines after the heading and AWIPS id. */
  readonly lines: readonly string[];
  /** Line number (0-based, in the whole text) of `lines[0]`. */
  readonly firstLine: number;
}

const HEADING = /^([A-Z]{4}\d{1,2})\s+([A-Z]{4})\s+(\d{2})(\d{2})(\d{2})(?:\s+([A-Z]{3}))?\s*$/;

/** Removes SOH, ETX, RS, CR and other control characters (keeps line feeds and tabs). */
function withoutControlCharacters(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 && c !== 10 && c !== 9) {
      out += text.slice(from, i);
      from = i + 1;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Splits the product's envelope from its text. Never throws. */
export function splitNwsProduct(text: string): NwsProduct {
  const all = withoutControlCharacters(String(text)).split('\n');
  let i = 0;
  while (i < all.length && (all[i]!.trim() === '' || /^\d{3}\s*$/.test(all[i]!.trim()))) i++;
  const h = HEADING.exec(all[i]?.trim() ?? '');
  let heading: WmoHeading | null = null;
  let awipsId: string | null = null;
  if (h) {
    heading = { ttaaii: h[1]!, cccc: h[2]!, day: Number(h[3]), hour: Number(h[4]), minute: Number(h[5]), bbb: h[6] ?? null };
    i++;
    const next = all[i]?.trim() ?? '';
    if (/^[A-Z0-9]{4,6}$/.test(next) && next !== 'TAF' && next !== 'METAR') {
      awipsId = next;
      i++;
    }
  }
  return { heading, awipsId, lines: all.slice(i), firstLine: i };
}

/** Reports separated by `=` (TAF and METAR collectives); blank-only pieces are dropped. */
export function splitReports(lines: readonly string[]): string[] {
  return lines
    .join('\n')
    .split('=')
    .map((r) => r.replace(/\s+/g, ' ').trim())
    .filter((r) => r !== '');
}

// Collects the FIS-B products of many uplinks: counts per product and per text type, puts segmented
// APDUs back together (DO-358B: segments share a product id and file id and are numbered 1..file
// length; each later segment repeats the 6-byte TWGO header, dropped when joining) and keeps the text.

import {
  decodeProduct,
  decodeUatUplink,
  FISB_PRODUCT_NAMES,
  type Apdu,
  type FisbProduct,
  type GlobalBlockProduct,
  type TextRecord,
  type TwgoTextRecord,
  type UatUplinkHeader,
} from './fisb.js';

/** A text item for the weather layers: a 413 record or a TWGO text record. */
export interface FisbText {
  productId: number;
  /** 413: METAR, SPECI, TAF, TAF.AMD, PIREP, WINDS ...; TWGO: the product name (AIRMET, SIGMET, NOTAM ...). */
  type: string;
  location: string;
  text: string;
  /** The ground station that sent it. */
  station: { latitude: number; longitude: number };
}

export interface FisbCounts {
  uplinks: number;
  /** Uplinks whose header says the application data is not valid (their products are still read). */
  uplinksWithoutValidData: number;
  /** Information frames by frame type. */
  framesByType: Record<number, number>;
  /** APDUs by product id (a segment counts once per segment). */
  apdusByProduct: Record<number, number>;
  /** 413 text records by type (first field). */
  textByType: Record<string, number>;
  /** TWGO text records by product name. */
  twgoTextByProduct: Record<string, number>;
  /** TWGO graphic overlay records by product name. */
  twgoGraphicsByProduct: Record<string, number>;
  /** Global blocks by product name: run-length and empty-element block headers. */
  blocksByProduct: Record<string, { runLength: number; empty: number }>;
  segments: number;
  /** Segmented products completed from all their segments. */
  reassembled: number;
  /** Uplinks, frames, APDUs or records that could not be read whole. */
  errors: number;
}

export interface FisbCollector {
  /** Adds one 432-byte uplink payload (the GDL90 Uplink message's `payload`). Never throws. */
  addUplink(payload: Uint8Array): void;
  readonly counts: FisbCounts;
  /** Every text item so far, in arrival order. */
  readonly texts: FisbText[];
  /** The NEXRAD blocks (products 63 and 64) so far. */
  readonly nexradBlocks: (GlobalBlockProduct & { productId: number })[];
  /** The first error messages (at most 20), for logs. */
  readonly errorSamples: string[];
}

const inc = <K extends string | number>(rec: Record<K, number>, key: K): void => {
  rec[key] = (rec[key] ?? 0) + 1;
};

export function createFisbCollector(options: { maxPendingSegments?: number } = {}): FisbCollector {
  const maxPending = options.maxPendingSegments ?? 256;
  const counts: FisbCounts = {
    uplinks: 0,
    uplinksWithoutValidData: 0,
    framesByType: {},
    apdusByProduct: {},
    textByType: {},
    twgoTextByProduct: {},
    twgoGraphicsByProduct: {},
    blocksByProduct: {},
    segments: 0,
    reassembled: 0,
    errors: 0,
  };
  const texts: FisbText[] = [];
  const nexradBlocks: (GlobalBlockProduct & { productId: number })[] = [];
  const errorSamples: string[] = [];
  const pending = new Map<string, { fileLength: number; parts: Map<number, Uint8Array> }>();

  const error = (message: string): void => {
    counts.errors++;
    if (errorSamples.length < 20) errorSamples.push(message);
  };

  function product(productId: number, p: FisbProduct, station: UatUplinkHeader): void {
    const name = FISB_PRODUCT_NAMES[productId] ?? String(productId);
    const where = { latitude: station.latitude, longitude: station.longitude };
    switch (p.kind) {
      case 'text':
        for (const r of p.records) {
          inc(counts.textByType, r.type);
          texts.push(textItem(productId, r, where));
        }
        break;
      case 'twgo':
        if (p.error) error(`${name}: ${p.error}`);
        for (const r of p.textRecords) {
          inc(counts.twgoTextByProduct, name);
          if (r.active) texts.push(twgoItem(productId, name, p.location, r, where));
        }
        if (p.graphicRecords > 0) counts.twgoGraphicsByProduct[name] = (counts.twgoGraphicsByProduct[name] ?? 0) + p.graphicRecords;
        break;
      case 'globalBlock': {
        if (p.error) error(`${name}: ${p.error}`);
        const c = (counts.blocksByProduct[name] ??= { runLength: 0, empty: 0 });
        if (p.runLength) c.runLength++;
        else c.empty++;
        if (productId === 63 || productId === 64) nexradBlocks.push({ ...p, productId });
        break;
      }
      default:
        break;
    }
  }

  function segment(apdu: Apdu, station: UatUplinkHeader): void {
    const seg = apdu.segment!;
    counts.segments++;
    if (seg.apduNumber < 1 || seg.apduNumber > seg.fileLength) {
      error(`segment ${seg.apduNumber} of ${seg.fileLength} (product ${apdu.productId}, file ${seg.fileId})`);
      return;
    }
    const key = `${apdu.productId}/${seg.fileId}/${seg.fileLength}`;
    let entry = pending.get(key);
    if (!entry) {
      if (pending.size >= maxPending) pending.delete(pending.keys().next().value!);
      entry = { fileLength: seg.fileLength, parts: new Map() };
      pending.set(key, entry);
    }
    entry.parts.set(seg.apduNumber, apdu.payload.slice());
    if (entry.parts.size < entry.fileLength) return;
    pending.delete(key);
    let size = 0;
    for (let n = 1; n <= entry.fileLength; n++) size += entry.parts.get(n)!.length - (n > 1 ? 6 : 0);
    const joined = new Uint8Array(Math.max(0, size));
    let o = 0;
    for (let n = 1; n <= entry.fileLength; n++) {
      const part = entry.parts.get(n)!;
      const body = n > 1 ? part.subarray(Math.min(6, part.length)) : part;
      joined.set(body, o);
      o += body.length;
    }
    counts.reassembled++;
    product(apdu.productId, decodeProduct(apdu.productId, joined), station);
  }

  return {
    counts,
    texts,
    nexradBlocks,
    errorSamples,
    addUplink(payload) {
      try {
        counts.uplinks++;
        const uplink = decodeUatUplink(payload);
        if (!uplink.header.appDataValid) counts.uplinksWithoutValidData++;
        if (uplink.error) error(uplink.error);
        for (const frame of uplink.frames) {
          inc(counts.framesByType, frame.frameType);
          const apdu = frame.apdu;
          if (!apdu) continue;
          inc(counts.apdusByProduct, apdu.productId);
          if (apdu.segment) segment(apdu, uplink.header);
          else product(apdu.productId, apdu.product, uplink.header);
        }
      } catch (e) {
        // A safety net only: the decoders above guard their reads.
        error(`uplink not decoded: ${e instanceof Error ? e.message : String(e)}`);
      }
    },
  };
}

function textItem(productId: number, r: TextRecord, station: FisbText['station']): FisbText {
  return { productId, type: r.type, location: r.location, text: r.text, station };
}

function twgoItem(productId: number, name: string, location: string, r: TwgoTextRecord, station: FisbText['station']): FisbText {
  return { productId, type: name, location, text: r.text, station };
}

/**
 * One dump978 text line: "+<hex>;..." is a ground uplink (432 bytes), "-<hex>;..." a downlink (basic
 * or long ADS-B message). Returns null for comments, blank lines and malformed hex.
 */
export function parseDump978Line(line: string): { uplink: boolean; bytes: Uint8Array; receivedAtSeconds: number | null } | null {
  const sign = line[0];
  if (sign !== '+' && sign !== '-') return null;
  const semi = line.indexOf(';');
  const hex = line.slice(1, semi < 0 ? undefined : semi).trim();
  if (hex.length === 0 || hex.length % 2 !== 0 || !/^[0-9a-f]+$/i.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  const t = /;t=(\d+(?:\.\d+)?);/.exec(line);
  return { uplink: sign === '+', bytes, receivedAtSeconds: t ? Number(t[1]) : null };
}

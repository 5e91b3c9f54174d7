// FIS-B over UAT: the 432-byte uplink payload carried by the GDL90 Uplink Data message (ICD §4): an
// 8-byte UAT-Specific Header, then 424 bytes of Application Data made of Information Frames; frame
// type 0 holds a FIS-B APDU (header per RTCA DO-267 Appendix D without the 16-bit APDU ID, ICD §4.3.1).
// Products decoded: Generic Textual Data Product Type 2 (DLAC, product 413: METAR, TAF, PIREP, winds
// and temperatures aloft), the Text With Graphic Overlay products (8 NOTAM, 11 AIRMET, 12 SIGMET and
// convective SIGMET, 13 SUA, 14 G-AIRMET, 15 CWA, 16 NOTAM-TRA, 17 NOTAM-TMOA: their text records and
// the count of graphic records) and the Global Block Representation products (63 regional NEXRAD, 64
// CONUS NEXRAD, 70/71 icing, 84 cloud tops, 90/91 turbulence, 103 lightning: each block's header, and
// NEXRAD run-length bins). Product numbers and TWGO layouts follow DO-358B as documented by
// fisb-decode. Nothing here throws: a malformed frame or APDU is returned with `error` set.

/** UAT-Specific Header (RTCA DO-282 §2.2.3.2.2). */
export interface UatUplinkHeader {
  /** Ground station position in degrees (23-bit latitude, 24-bit longitude, 360/2^24 steps). */
  latitude: number;
  longitude: number;
  positionValid: boolean;
  utcCoupled: boolean;
  /** Only uplinks with valid application data carry operational products. */
  appDataValid: boolean;
  /** Transmission slot id, 0-31. */
  slotId: number;
  /** TIS-B site id 0-15 (the station's tier). */
  tisbSiteId: number;
}

export interface UatUplink {
  header: UatUplinkHeader;
  frames: InformationFrame[];
  /** Set when the frames ran past the Application Data. */
  error?: string;
}

export interface InformationFrame {
  /** 0 FIS-B APDU, 14 CRL, 15 TIS-B/ADS-R service status, others reserved (ICD Table 18, DO-358B). */
  frameType: number;
  /** Frame Data length in bytes. */
  length: number;
  /** The decoded APDU when `frameType` is 0. */
  apdu?: Apdu;
}

/** APDU header fields (DO-267A Appendix D as used by DO-358B). */
export interface Apdu {
  productId: number;
  /** T-opt: 0 hh:mm, 1 hh:mm:ss, 2 MM/DD hh:mm, 3 MM/DD hh:mm:ss. */
  timeOption: number;
  month: number | null;
  day: number | null;
  hour: number;
  minute: number;
  second: number | null;
  /** Present when the S flag is set (DO-358B segmentation block: file id 10 bits, file length 9, APDU number 9). */
  segment: { fileId: number; fileLength: number; apduNumber: number } | null;
  /** The APDU payload (after the header). */
  payload: Uint8Array;
  product: FisbProduct;
}

export type FisbProduct = TextProduct | TwgoProduct | GlobalBlockProduct | SegmentProduct | UnknownProduct;

/** Product 413: whole text records separated by the DLAC record separator (ICD §5.2). */
export interface TextProduct {
  kind: 'text';
  records: TextRecord[];
}

export interface TextRecord {
  /** First field: METAR, SPECI, TAF, TAF.AMD, PIREP, WINDS ... */
  type: string;
  /** Second field (location id), '' when missing. */
  location: string;
  /** Third field (time group, e.g. 260900Z, the product's age), '' when missing. */
  time: string;
  /** 'SP' (special METAR) or 'AM' (amended TAF) written right after the time group (ICD Table 23); null when absent. */
  modifier: 'SP' | 'AM' | null;
  /** The whole record as received. */
  text: string;
}

/** Text With Graphic Overlay (products 8, 11-17). */
export interface TwgoProduct {
  kind: 'twgo';
  /** 2 text, 8 graphic. */
  recordFormat: number;
  productVersion: number;
  recordCount: number;
  location: string;
  recordReferencePoint: number;
  /** Text records (format 2). */
  textRecords: TwgoTextRecord[];
  /** Graphic overlay records (format 8) counted, not drawn. */
  graphicRecords: number;
  error?: string;
}

export interface TwgoTextRecord {
  reportNumber: number;
  reportYear: number;
  /** false: cancelled (no text). */
  active: boolean;
  text: string;
}

/** One block of a Global Block Representation product (DO-267A D.2.3.5). */
export interface GlobalBlockProduct {
  kind: 'globalBlock';
  /** 20-bit block number. */
  blockNumber: number;
  /** true: run-length encoded bins; false: empty-element block (bitmap of empty blocks). */
  runLength: boolean;
  /** 0 high, 1 medium, 2 low resolution, 3 reserved. */
  scaleFactor: number;
  /** 0 north, 1 south. */
  hemisphere: number;
  /** Icing and turbulence: the altitude level in feet. */
  altitudeFt: number | null;
  /** NEXRAD run-length blocks: the 128 bins (4 rows of 32), intensity 0-7. */
  bins: Uint8Array | null;
  /** Empty-element blocks: how many blocks the bitmap marks empty, this block included. */
  emptyBlocks: number;
  error?: string;
}

/** One segment of a segmented APDU; `createFisbCollector` puts the segments back together. */
export interface SegmentProduct {
  kind: 'segment';
}

export interface UnknownProduct {
  kind: 'unknown';
}

export const TWGO_PRODUCTS: ReadonlySet<number> = new Set([8, 11, 12, 13, 14, 15, 16, 17]);
export const GLOBAL_BLOCK_PRODUCTS: ReadonlySet<number> = new Set([63, 64, 70, 71, 84, 90, 91, 103]);

/** Product names for display and counts. */
export const FISB_PRODUCT_NAMES: Readonly<Record<number, string>> = {
  8: 'NOTAM',
  11: 'AIRMET',
  12: 'SIGMET',
  13: 'SUA',
  14: 'G-AIRMET',
  15: 'CWA',
  16: 'NOTAM-TRA',
  17: 'NOTAM-TMOA',
  63: 'NEXRAD regional',
  64: 'NEXRAD CONUS',
  70: 'icing low',
  71: 'icing high',
  84: 'cloud tops',
  90: 'turbulence low',
  91: 'turbulence high',
  103: 'lightning',
  413: 'generic text',
};

// DLAC 6-bit alphabet (DO-267A Appendix K): 0 ETX, 1-26 A-Z, 27 NC, 28 TAB (the next character is a
// count of spaces), 29 RS (record separator), 30 LF, 31 change cipher, 32 space, 33-63 !"#$%&'()*+,-./0-9:;<=>?
const DLAC = '\u0003ABCDEFGHIJKLMNOPQRSTUVWXYZ\u0000\t\u001e\n| !"#$%&\'()*+,-./0123456789:;<=>?';
const DLAC_ETX = 0;
const DLAC_NC = 27;
const DLAC_TAB = 28;
/** The record separator in decoded text. */
export const RECORD_SEPARATOR = '\u001e';

/**
 * DLAC text from `bytes[start, end)`: 4 characters per 3 bytes, most significant bit first (ICD
 * §5.2.2.2). ETX and NC are dropped; TAB expands to the number of spaces in the next character; RS
 * is kept as `RECORD_SEPARATOR`.
 */
export function decodeDlac(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let out = '';
  let tab = false;
  const add = (c: number): void => {
    if (tab) {
      out += ' '.repeat(c);
      tab = false;
    } else if (c === DLAC_TAB) {
      tab = true;
    } else if (c !== DLAC_ETX && c !== DLAC_NC) {
      out += DLAC[c];
    }
  };
  for (let i = start; i < end; i++) {
    const b = bytes[i]!;
    switch ((i - start) % 3) {
      case 0:
        add(b >> 2);
        break;
      case 1:
        add(((bytes[i - 1]! & 0x03) << 4) | (b >> 4));
        break;
      default:
        add(((bytes[i - 1]! & 0x0f) << 2) | (b >> 6));
        add(b & 0x3f);
    }
  }
  return out;
}

/** Encodes text as DLAC (the inverse of `decodeDlac` for characters of the alphabet; others become '?'). */
export function encodeDlac(text: string): Uint8Array {
  const codes: number[] = [];
  for (const ch of text.toUpperCase()) {
    const c = DLAC.indexOf(ch);
    codes.push(c < 0 ? 63 : c);
  }
  while (codes.length % 4 !== 0) codes.push(DLAC_ETX);
  const out = new Uint8Array((codes.length / 4) * 3);
  for (let i = 0, o = 0; i < codes.length; i += 4, o += 3) {
    const [a, b, c, d] = [codes[i]!, codes[i + 1]!, codes[i + 2]!, codes[i + 3]!];
    out[o] = (a << 2) | (b >> 4);
    out[o + 1] = ((b & 0x0f) << 4) | (c >> 2);
    out[o + 2] = ((c & 0x03) << 6) | d;
  }
  return out;
}

const STATION_STEP = 360 / 0x1000000;

/** The UAT-Specific Header of a 432-byte uplink payload. */
export function decodeUplinkHeader(p: Uint8Array): UatUplinkHeader {
  const latRaw = (p[0]! << 15) | (p[1]! << 7) | (p[2]! >> 1);
  const lonRaw = ((p[2]! & 0x01) << 23) | (p[3]! << 15) | (p[4]! << 7) | (p[5]! >> 1);
  let latitude = latRaw * STATION_STEP;
  if (latitude > 90) latitude -= 180;
  let longitude = lonRaw * STATION_STEP;
  if (longitude > 180) longitude -= 360;
  return {
    latitude,
    longitude,
    positionValid: (p[5]! & 0x01) !== 0,
    utcCoupled: (p[6]! & 0x80) !== 0,
    appDataValid: (p[6]! & 0x20) !== 0,
    slotId: p[6]! & 0x1f,
    tisbSiteId: p[7]! >> 4,
  };
}

/** Decodes a 432-byte UAT uplink payload: header and Information Frames. */
export function decodeUatUplink(payload: Uint8Array): UatUplink {
  if (payload.length < 8) return { header: decodeUplinkHeader(new Uint8Array(8)), frames: [], error: `uplink payload of ${payload.length} bytes, expected 432` };
  const app = decodeApplicationData(payload.subarray(8));
  return { header: decodeUplinkHeader(payload), ...app };
}

/**
 * The Information Frames of the Application Data (ICD §4.2): 9-bit length, 3 reserved bits, 4-bit
 * frame type, then the Frame Data. A zero length, or fewer than 2 bytes left, ends the list.
 */
export function decodeApplicationData(app: Uint8Array): { frames: InformationFrame[]; error?: string } {
  const frames: InformationFrame[] = [];
  let o = 0;
  while (o + 2 <= app.length) {
    const length = (app[o]! << 1) | (app[o + 1]! >> 7);
    if (length === 0) break;
    const frameType = app[o + 1]! & 0x0f;
    const start = o + 2;
    const end = start + length;
    if (end > app.length) return { frames, error: `information frame at byte ${o} of length ${length} runs past the ${app.length}-byte application data` };
    const frame: InformationFrame = { frameType, length };
    if (frameType === 0) frame.apdu = decodeApdu(app.subarray(start, end));
    frames.push(frame);
    o = end;
  }
  return { frames };
}

/** Reads `count` bits MSB first starting at bit `pos` of `b` (bits past the end read as 0). */
function bits(b: Uint8Array, pos: number, count: number): number {
  let v = 0;
  for (let i = 0; i < count; i++) {
    const bit = pos + i;
    v = (v << 1) | (((b[bit >> 3] ?? 0) >> (7 - (bit & 7))) & 1);
  }
  return v;
}

/** Decodes one APDU (header, then the product by its id). */
export function decodeApdu(b: Uint8Array): Apdu {
  // A G P flags (3 bits, reserved in DO-358B), Product ID 11 bits, S flag, T-opt 2 bits.
  const productId = bits(b, 3, 11);
  const sFlag = bits(b, 14, 1) === 1;
  const timeOption = bits(b, 15, 2);
  let pos = 17;
  let month: number | null = null;
  let day: number | null = null;
  let second: number | null = null;
  if (timeOption & 0x02) {
    month = bits(b, pos, 4);
    day = bits(b, pos + 4, 5);
    pos += 9;
  }
  const hour = bits(b, pos, 5);
  const minute = bits(b, pos + 5, 6);
  pos += 11;
  if (timeOption & 0x01) {
    second = bits(b, pos, 6);
    pos += 6;
  }
  let segment: Apdu['segment'] = null;
  if (sFlag) {
    segment = { fileId: bits(b, pos, 10), fileLength: bits(b, pos + 10, 9), apduNumber: bits(b, pos + 19, 9) };
    pos += 28;
  }
  const payload = b.subarray(Math.min(b.length, (pos + 7) >> 3));
  const product: FisbProduct = segment ? { kind: 'segment' } : decodeProduct(productId, payload);
  return { productId, timeOption, month, day, hour, minute, second, segment, payload, product };
}

/** Decodes an (unsegmented or reassembled) APDU payload for `productId`. */
export function decodeProduct(productId: number, payload: Uint8Array): FisbProduct {
  if (productId === 413) return decodeTextProduct(payload);
  if (TWGO_PRODUCTS.has(productId)) return decodeTwgo(payload);
  if (GLOBAL_BLOCK_PRODUCTS.has(productId)) return decodeGlobalBlock(productId, payload);
  return { kind: 'unknown' };
}

/** Product 413: DLAC text records "<Type> <LocID> <Time> [SP|AM] <Text report><RS>" (ICD §5.2.3). */
export function decodeTextProduct(payload: Uint8Array): TextProduct {
  const records: TextRecord[] = [];
  for (const raw of decodeDlac(payload).split(RECORD_SEPARATOR)) {
    const text = raw.trim();
    if (text === '') continue;
    const fields = text.split(/\s+/, 3);
    const time = fields[2] ?? '';
    const mod = /^(\d{6}Z)(SP|AM)$/.exec(time);
    records.push({
      type: fields[0] ?? '',
      location: fields[1] ?? '',
      time: mod ? mod[1]! : time,
      modifier: mod ? (mod[2] as 'SP' | 'AM') : null,
      text,
    });
  }
  return { kind: 'text', records };
}

/** Text With Graphic Overlay: 6-byte header, then text records (format 2) or overlay records (format 8). */
export function decodeTwgo(b: Uint8Array): TwgoProduct {
  const product: TwgoProduct = {
    kind: 'twgo',
    recordFormat: (b[0] ?? 0) >> 4,
    productVersion: (b[0] ?? 0) & 0x0f,
    recordCount: (b[1] ?? 0) >> 4,
    location: decodeDlac(b, 2, Math.min(5, b.length)).trim(),
    recordReferencePoint: b[5] ?? 0,
    textRecords: [],
    graphicRecords: 0,
  };
  if (b.length < 6) {
    product.error = `TWGO payload of ${b.length} bytes is shorter than its 6-byte header`;
    return product;
  }
  let o = 6;
  if (product.recordFormat === 2) {
    for (let r = 0; r < product.recordCount; r++) {
      if (o + 5 > b.length) {
        product.error = `TWGO text record ${r + 1} of ${product.recordCount} starts past the payload`;
        break;
      }
      const length = (b[o]! << 8) | b[o + 1]!;
      if (length < 5 || o + length > b.length) {
        product.error = `TWGO text record ${r + 1} has length ${length}, ${b.length - o} bytes left`;
        break;
      }
      const active = (b[o + 4]! & 0x04) !== 0;
      product.textRecords.push({
        reportNumber: (b[o + 2]! << 6) | (b[o + 3]! >> 2),
        reportYear: ((b[o + 3]! & 0x03) << 5) | (b[o + 4]! >> 3),
        active,
        text: active ? decodeDlac(b, o + 5, o + length).split(RECORD_SEPARATOR).join('').trim() : '',
      });
      o += length;
    }
  } else if (product.recordFormat === 8) {
    for (let r = 0; r < product.recordCount; r++) {
      const length = ((b[o] ?? 0) << 2) | ((b[o + 1] ?? 0) >> 6);
      if (length === 0 || o + length > b.length) {
        product.error = `TWGO overlay record ${r + 1} has length ${length}, ${b.length - o} bytes left`;
        break;
      }
      product.graphicRecords++;
      o += length;
    }
  }
  return product;
}

/** One Global Block Representation block: block reference indicator, then run-length or empty-block bitmap. */
export function decodeGlobalBlock(productId: number, b: Uint8Array): GlobalBlockProduct {
  const b0 = b[0] ?? 0;
  const runLength = (b0 & 0x80) !== 0;
  const specific = (b0 >> 4) & 0x07;
  const icingOrTurbulence = productId === 70 || productId === 71 || productId === 90 || productId === 91;
  const product: GlobalBlockProduct = {
    kind: 'globalBlock',
    blockNumber: ((b0 & 0x0f) << 16) | ((b[1] ?? 0) << 8) | (b[2] ?? 0),
    runLength,
    scaleFactor: icingOrTurbulence ? 1 : specific & 0x03,
    hemisphere: icingOrTurbulence ? 0 : (specific >> 2) & 0x01,
    altitudeFt: icingOrTurbulence ? specific * 2000 + (productId === 70 || productId === 90 ? 2000 : 18000) : null,
    bins: null,
    emptyBlocks: 0,
  };
  if (b.length < 4) {
    product.error = `global block payload of ${b.length} bytes`;
    return product;
  }
  if (!runLength) {
    const bitmapBytes = b[3]! & 0x0f;
    let marked = popcount(b[3]! >> 4);
    for (let i = 0; i < bitmapBytes; i++) marked += popcount(b[4 + i] ?? 0);
    product.emptyBlocks = 1 + marked;
    return product;
  }
  if (productId === 63 || productId === 64) {
    const bins = new Uint8Array(128);
    let n = 0;
    let i = 3;
    for (; i < b.length && n < 128; i++) {
      const run = (b[i]! >> 3) + 1;
      const value = b[i]! & 0x07;
      for (let k = 0; k < run && n < 128; k++) bins[n++] = value;
    }
    if (n < 128) product.error = `NEXRAD block ${product.blockNumber}: ${n} bins, expected 128`;
    product.bins = bins;
  }
  return product;
}

function popcount(v: number): number {
  let c = 0;
  for (let x = v; x; x &= x - 1) c++;
  return c;
}

/**
 * South-west corner of a high-resolution (scale factor 0) global block, in degrees: rings of 4
 * arc-minutes of latitude, 450 blocks of 48 arc-minutes of longitude per ring below 60 degrees
 * (DO-267A D.2.3.5; the ICD §5.1.4 example: block 0x4A570 spans 45°04'-45°08' N, 123°12'-122°24' W).
 */
export function globalBlockOrigin(blockNumber: number, hemisphere: number): { latitude: number; longitude: number; widthDeg: number; heightDeg: number } {
  const lowBlocks = 450 * 900; // 60 degrees of 4' rings
  let ring: number;
  let column: number;
  let widthDeg: number;
  if (blockNumber < lowBlocks) {
    ring = Math.floor(blockNumber / 450);
    column = blockNumber % 450;
    widthDeg = 48 / 60;
  } else {
    ring = 900 + Math.floor((blockNumber - lowBlocks) / 225);
    column = (blockNumber - lowBlocks) % 225;
    widthDeg = 96 / 60;
  }
  const heightDeg = 4 / 60;
  let longitude = column * widthDeg;
  if (longitude >= 180) longitude -= 360;
  const latitude = hemisphere === 0 ? ring * heightDeg : -(ring + 1) * heightDeg;
  return { latitude, longitude, widthDeg, heightDeg };
}

import { deflateSync } from 'node:zlib';

// Real PNG files for the imagery tests (the server's, the e2e's loopback source, the benchmark):
// an RGB picture of one colour with a band of another, encoded by hand (signature, IHDR, IDAT, IEND).

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A `width` x `height` PNG filled with `background` (0xRRGGBB) and a vertical band of `band` whose
 * left edge is at `bandX` (so frames of a loop differ where the band is).
 */
export function makePng(width: number, height: number, background: number, band = background, bandX = 0, bandWidth = Math.max(1, Math.floor(width / 8))): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const colour = x >= bandX && x < bandX + bandWidth ? band : background;
      row[1 + x * 3] = (colour >> 16) & 0xff;
      row[2 + x * 3] = (colour >> 8) & 0xff;
      row[3 + x * 3] = colour & 0xff;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

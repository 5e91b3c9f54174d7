// Draws the app icons into public/icons (no downloads, no image libraries): a white "C" ring with a
// waypoint dot on the Clearway night blue. Run with `node scripts/make-icons.mjs`; the output is
// committed, so the build does not depend on this script.
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { Buffer } from 'node:buffer';
import { URL } from 'node:url';

const OUT = new URL('../public/icons/', import.meta.url);
const BG = [0x0d, 0x2c, 0x51];
const RING = [0xff, 0xff, 0xff];
const DOT = [0x7f, 0xb3, 0xe6];
// Geometry in a 512 × 512 design space.
const C = 256;
const RING_R = 150;
const RING_HALF_WIDTH = 24;
const GAP_DEG = 40; // the opening of the C, either side of "east"
const DOT_R = 40;
const CORNER_R = 96;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Distance (design units) from a point to the C ring's centre line, with round caps. */
function ringDistance(x, y) {
  const dx = x - C;
  const dy = C - y;
  const angle = (Math.atan2(dy, dx) * 180) / Math.PI;
  if (Math.abs(angle) >= GAP_DEG) return Math.abs(Math.hypot(dx, dy) - RING_R);
  const capAngle = ((angle >= 0 ? GAP_DEG : -GAP_DEG) * Math.PI) / 180;
  const cx = C + RING_R * Math.cos(capAngle);
  const cy = C - RING_R * Math.sin(capAngle);
  return Math.hypot(x - cx, y - cy);
}

function insideRoundedSquare(x, y, full) {
  if (full) return x >= 0 && y >= 0 && x <= 512 && y <= 512;
  const qx = Math.max(Math.abs(x - C) - (C - CORNER_R), 0);
  const qy = Math.max(Math.abs(y - C) - (C - CORNER_R), 0);
  return Math.hypot(qx, qy) <= CORNER_R;
}

/** Colour of one design-space point, or null when transparent. `scale` shrinks the art (maskable). */
function shade(x, y, { full, scale }) {
  if (!insideRoundedSquare(x, y, full)) return null;
  const sx = C + (x - C) / scale;
  const sy = C + (y - C) / scale;
  if (Math.hypot(sx - C, sy - C) <= DOT_R) return DOT;
  if (ringDistance(sx, sy) <= RING_HALF_WIDTH) return RING;
  return BG;
}

function render(size, options) {
  const samples = 4;
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) * 512) / size;
          const y = ((py + (sy + 0.5) / samples) * 512) / size;
          const colour = shade(x, y, options);
          if (colour) { r += colour[0]; g += colour[1]; b += colour[2]; a += 1; }
        }
      }
      const i = (py * size + px) * 4;
      rgba[i] = a ? Math.round(r / a) : 0;
      rgba[i + 1] = a ? Math.round(g / a) : 0;
      rgba[i + 2] = a ? Math.round(b / a) : 0;
      rgba[i + 3] = Math.round((a / (samples * samples)) * 255);
    }
  }
  return png(size, rgba);
}

function svg() {
  const rad = (GAP_DEG * Math.PI) / 180;
  const x1 = (C + RING_R * Math.cos(rad)).toFixed(2);
  const y1 = (C - RING_R * Math.sin(rad)).toFixed(2);
  const y2 = (C + RING_R * Math.sin(rad)).toFixed(2);
  const hex = (c) => '#' + c.map((v) => v.toString(16).padStart(2, '0')).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${CORNER_R}" fill="${hex(BG)}"/>
  <path d="M ${x1} ${y1} A ${RING_R} ${RING_R} 0 1 0 ${x1} ${y2}" fill="none" stroke="${hex(RING)}" stroke-width="${RING_HALF_WIDTH * 2}" stroke-linecap="round"/>
  <circle cx="${C}" cy="${C}" r="${DOT_R}" fill="${hex(DOT)}"/>
</svg>
`;
}

mkdirSync(OUT, { recursive: true });
writeFileSync(new URL('icon-192.png', OUT), render(192, { full: false, scale: 1 }));
writeFileSync(new URL('icon-512.png', OUT), render(512, { full: false, scale: 1 }));
// Maskable icons keep the art inside the central 80 % safe zone and fill the whole square.
writeFileSync(new URL('icon-maskable-512.png', OUT), render(512, { full: true, scale: 0.75 }));
writeFileSync(new URL('apple-touch-icon.png', OUT), render(180, { full: true, scale: 0.85 }));
writeFileSync(new URL('icon.svg', OUT), svg());

// Route strings for the parse benchmark, made from a nav database built from the shared data: the
// FAA's coded departure routes (CDR files) as published, and generated routes in each form a pilot
// pastes (FAA ids, ICAO ids, DCT, radial segments and radial/DME fixes on about a fifth of them, as
// in the FAA's own route files, ICAO field 15 speed/level groups and lat/lon forms). Seeded, so every
// run parses the same strings.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** mulberry32: a small seeded generator, so the strings are the same on every run. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** ROUTE_STRING of every row of the FAA CDR files (CSV of 2025 and the fixed-width text of 2022). */
export function cdrRouteStrings(nasrDir) {
  const out = [];
  for (const sub of ['excerpts-2025', 'excerpts-txt-2022']) {
    for (const name of readdirSync(join(nasrDir, sub)).filter((f) => /^CDR.*\.(csv|txt)$/i.test(f))) {
      const lines = readFileSync(join(nasrDir, sub, name), 'latin1').split(/\r?\n/).filter((l) => l.trim() !== '');
      const rows = name.toLowerCase().endsWith('.csv') ? lines.slice(1) : lines;
      // ROUTE_CODE,ORIGIN,DESTINATION,DEPARTURE_FIX,ROUTE_STRING,ARTCC: the route is the fifth field.
      for (const row of rows) out.push(row.split(',')[4]?.trim() ?? '');
    }
  }
  return out.filter((s) => s !== '');
}

const pad = (n, w) => String(n).padStart(w, '0');
const CONUS = { west: -124, south: 25, east: -67, north: 49 };

/** `count` route strings: the CDR routes, then generated ones. */
export function benchRouteStrings(db, nasrDir, count, seed = 28) {
  const random = rng(seed);
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  const vors = db.inBounds('navaid', CONUS).filter((n) => /^VOR|TACAN/.test(n.type));
  const fixes = db.inBounds('fix', CONUS).filter((f) => /^[A-Z]{5}$/.test(f.id));
  const airports = db.inBounds('airport', CONUS).filter((a) => a.icaoId && a.faaId);
  const near = (xs, p, deg) => xs.filter((x) => Math.abs(x.latDeg - p.latDeg) < deg && Math.abs(x.lonDeg - p.lonDeg) < deg);
  const cdr = cdrRouteStrings(nasrDir);
  const out = [...cdr];
  while (out.length < count) {
    const origin = pick(airports);
    const around = { vors: near(vors, origin, 4), fixes: near(fixes, origin, 4), airports: near(airports, origin, 4) };
    if (around.vors.length === 0 || around.fixes.length === 0) continue;
    const tokens = [random() < 0.5 ? origin.icaoId : origin.faaId];
    if (random() < 0.15) tokens.unshift(`N0${pad(100 + Math.floor(random() * 380), 3)}F${pad(60 + Math.floor(random() * 35) * 10, 3)}`);
    const middle = 2 + Math.floor(random() * 6);
    for (let k = 0; k < middle; k++) {
      const r = random();
      if (random() < 0.2) tokens.push('DCT');
      if (r < 0.4) tokens.push(pick(around.vors).id);
      else if (r < 0.85) tokens.push(pick(around.fixes).id);
      else if (r < 0.93) {
        const lat = Math.round(origin.latDeg), lon = Math.round(-origin.lonDeg);
        tokens.push(random() < 0.5 ? `${pad(lat, 2)}N${pad(lon, 3)}W` : `${pad(lat, 2)}${pad(Math.floor(random() * 60), 2)}N${pad(lon, 3)}${pad(Math.floor(random() * 60), 2)}W`);
      } else tokens.push(`${pick(around.fixes).id}/N0${pad(100 + Math.floor(random() * 380), 3)}F${pad(60 + Math.floor(random() * 35) * 10, 3)}`);
    }
    // About a fifth of the FAA's routes carry a radial segment or a radial/DME fix.
    if (random() < 0.215) {
      const vor = pick(around.vors);
      const radial = pad(Math.floor(random() * 360), 3);
      const dme = pad(1 + Math.floor(random() * 60), 3);
      const form = random();
      if (form < 0.4) tokens.push(vor.id, `${vor.id}${radial}`, pick(around.fixes).id);
      else if (form < 0.7) tokens.push(`${vor.id}${radial}/${dme}`);
      else tokens.push(`${vor.id}${radial}${dme}`);
    }
    const dest = pick(around.airports);
    tokens.push(random() < 0.5 ? dest.icaoId : dest.faaId);
    out.push(tokens.join(' '));
  }
  return out.slice(0, count);
}

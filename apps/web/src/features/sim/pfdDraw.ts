import type { SimFlightData, SimNavIndicator } from '@clearway/protocol';

/** What one frame draws: flightData as smoothed by the page, with the trends it measured. */
export interface PfdFrame {
  data: SimFlightData;
  /** Airspeed in 6 s at the present rate, kt (the tape's trend vector). */
  speedTrend: number;
  /** Altitude in 6 s at the present rate, ft. */
  altitudeTrend: number;
  /** No fresh data: drawn dimmed with a STALE flag. */
  stale: boolean;
  night: boolean;
}

interface Palette {
  sky: string;
  ground: string;
  horizon: string;
  ink: string;
  tape: string;
  box: string;
  magenta: string;
  cyan: string;
  green: string;
  yellow: string;
  red: string;
  white: string;
  panel: string;
}

const DAY: Palette = {
  sky: '#1f6fd1', ground: '#8a5a2b', horizon: '#ffffff', ink: '#ffffff', tape: 'rgba(40,40,40,0.75)', box: '#000000',
  magenta: '#ff40ff', cyan: '#40e0ff', green: '#2ecc40', yellow: '#ffd21f', red: '#ff3030', white: '#ffffff', panel: '#111111',
};
/** Night: darker sky and ground, dimmer ink; nothing glaring in a dark cockpit. */
const NIGHT: Palette = {
  sky: '#0b2a55', ground: '#3b2612', horizon: '#b0b0b0', ink: '#c8c8c8', tape: 'rgba(20,20,20,0.8)', box: '#000000',
  magenta: '#c040c0', cyan: '#30a8c0', green: '#1f8f2c', yellow: '#b89a1a', red: '#c02424', white: '#c8c8c8', panel: '#000000',
};

const RAD = Math.PI / 180;
const wrap360 = (deg: number) => ((deg % 360) + 360) % 360;

/** Where each part sits on a w × h canvas (portrait phones stack the HSI under the attitude; wide screens put it beside). */
export function pfdLayout(w: number, h: number) {
  const engineH = Math.max(44, Math.round(h * 0.12));
  const body = h - engineH;
  const wide = w > body * 1.25;
  const attW = wide ? Math.round(w * 0.62) : w;
  const attH = wide ? body : Math.round(body * 0.6);
  const hsi = wide ? { x: attW, y: 0, w: w - attW, h: body } : { x: 0, y: attH, w, h: body - attH };
  return { attitude: { x: 0, y: 0, w: attW, h: attH }, hsi, engine: { x: 0, y: body, w, h: engineH } };
}

type Rect = { x: number; y: number; w: number; h: number };

function text(ctx: CanvasRenderingContext2D, value: string, x: number, y: number, size: number, color: string, align: CanvasTextAlign = 'center'): void {
  ctx.fillStyle = color;
  ctx.font = `bold ${Math.round(size)}px system-ui, sans-serif`;
  ctx.textAlign = align;
  ctx.textBaseline = 'middle';
  ctx.fillText(value, x, y);
}

function drawAttitude(ctx: CanvasRenderingContext2D, r: Rect, f: PfdFrame, p: Palette): void {
  const { data } = f;
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2;
  const pxPerDeg = r.h / 40;
  ctx.save();
  ctx.beginPath();
  ctx.rect(r.x, r.y, r.w, r.h);
  ctx.clip();
  // Sky and ground, rotated by roll and moved by pitch.
  ctx.translate(cx, cy);
  ctx.rotate(-data.roll * RAD);
  ctx.translate(0, data.pitch * pxPerDeg);
  const big = Math.hypot(r.w, r.h) * 2;
  ctx.fillStyle = p.sky;
  ctx.fillRect(-big, -big, big * 2, big);
  ctx.fillStyle = p.ground;
  ctx.fillRect(-big, 0, big * 2, big);
  ctx.strokeStyle = p.horizon;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(-big, 0);
  ctx.lineTo(big, 0);
  ctx.stroke();
  // Pitch ladder: every 5°, labelled every 10°, within ±25° of the present pitch.
  const ladderSize = Math.max(10, r.h * 0.035);
  ctx.lineWidth = 1.5;
  for (let deg = -90; deg <= 90; deg += 5) {
    if (deg === 0 || Math.abs(deg - data.pitch) > 25) continue;
    const y = -deg * pxPerDeg;
    const half = (deg % 10 === 0 ? 0.12 : 0.06) * r.w;
    ctx.beginPath();
    ctx.moveTo(-half, y);
    ctx.lineTo(half, y);
    ctx.stroke();
    if (deg % 10 === 0) {
      text(ctx, String(Math.abs(deg)), -half - ladderSize, y, ladderSize, p.ink);
      text(ctx, String(Math.abs(deg)), half + ladderSize, y, ladderSize, p.ink);
    }
  }
  ctx.restore();

  // Bank scale: ticks at 10, 20, 30, 45, 60°, the pointer turned by roll, the slip-skid bar under it.
  const radius = Math.min(r.w, r.h) * 0.38;
  ctx.save();
  ctx.translate(cx, cy);
  ctx.strokeStyle = p.ink;
  ctx.fillStyle = p.ink;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(0, 0, radius, (-90 - 60) * RAD, (-90 + 60) * RAD);
  ctx.stroke();
  for (const a of [-60, -45, -30, -20, -10, 0, 10, 20, 30, 45, 60]) {
    const long = a % 30 === 0;
    const s = Math.sin(a * RAD);
    const c = -Math.cos(a * RAD);
    ctx.beginPath();
    ctx.moveTo(s * radius, c * radius);
    ctx.lineTo(s * (radius + (long ? 14 : 8)), c * (radius + (long ? 14 : 8)));
    ctx.stroke();
  }
  ctx.rotate(-data.roll * RAD);
  ctx.beginPath();
  ctx.moveTo(0, -radius + 2);
  ctx.lineTo(-9, -radius + 16);
  ctx.lineTo(9, -radius + 16);
  ctx.closePath();
  ctx.fill();
  // Slip-skid: the trapezoid under the pointer moves with the ball.
  const slip = Math.max(-12, Math.min(12, data.slipSkid)) * 2.5;
  ctx.fillRect(-10 + slip, -radius + 19, 20, 5);
  ctx.restore();

  // The aircraft symbol, fixed; the flight director bars when on.
  ctx.strokeStyle = p.yellow;
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.moveTo(cx - r.w * 0.2, cy);
  ctx.lineTo(cx - r.w * 0.07, cy);
  ctx.lineTo(cx - r.w * 0.04, cy + 8);
  ctx.moveTo(cx + r.w * 0.2, cy);
  ctx.lineTo(cx + r.w * 0.07, cy);
  ctx.lineTo(cx + r.w * 0.04, cy + 8);
  ctx.stroke();
  ctx.fillStyle = p.yellow;
  ctx.fillRect(cx - 3, cy - 3, 6, 6);
  if (data.fdActive > 0) {
    ctx.strokeStyle = p.magenta;
    ctx.lineWidth = 3;
    const bankCmd = Math.max(-20, Math.min(20, (data.apHeading - data.heading + 540) % 360 - 180)) - data.roll;
    ctx.beginPath();
    ctx.moveTo(cx + bankCmd * 2 - r.w * 0.1, cy - 18);
    ctx.lineTo(cx + bankCmd * 2 + r.w * 0.1, cy - 18);
    ctx.stroke();
  }
}

/** A vertical tape centred on value; step between ticks, label every `labelEvery` ticks. */
function drawTape(ctx: CanvasRenderingContext2D, r: Rect, value: number, pxPerUnit: number, step: number, labelEvery: number, trend: number, p: Palette, side: 'left' | 'right', bands: Array<[number, number, string]>, bug: number | null): void {
  const cy = r.y + r.h / 2;
  ctx.save();
  ctx.beginPath();
  ctx.rect(r.x, r.y, r.w, r.h);
  ctx.clip();
  ctx.fillStyle = p.tape;
  ctx.fillRect(r.x, r.y, r.w, r.h);
  const edge = side === 'left' ? r.x + r.w : r.x;
  const dir = side === 'left' ? -1 : 1;
  for (const [from, to, color] of bands) {
    if (to <= from) continue;
    ctx.fillStyle = color;
    const y1 = cy - (to - value) * pxPerUnit;
    const y2 = cy - (from - value) * pxPerUnit;
    ctx.fillRect(side === 'left' ? edge - 6 : edge, y1, 6, y2 - y1);
  }
  const span = r.h / 2 / pxPerUnit;
  const first = Math.floor((value - span) / step) * step;
  const size = Math.max(10, Math.min(r.w * 0.28, r.h * 0.045));
  ctx.strokeStyle = p.ink;
  ctx.lineWidth = 1.5;
  for (let v = first; v <= value + span; v += step) {
    const y = cy - (v - value) * pxPerUnit;
    const labelled = Math.round(v / step) % labelEvery === 0;
    ctx.beginPath();
    ctx.moveTo(edge, y);
    ctx.lineTo(edge + dir * (labelled ? 12 : 7), y);
    ctx.stroke();
    if (labelled && v >= 0) text(ctx, String(Math.round(v)), r.x + r.w / 2 - dir * 4, y, size, p.ink);
  }
  // Trend vector (6 s) from the pointer.
  if (Math.abs(trend) > step / 10) {
    ctx.strokeStyle = p.magenta;
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(edge + dir * 3, cy);
    ctx.lineTo(edge + dir * 3, cy - trend * pxPerUnit);
    ctx.stroke();
  }
  if (bug !== null) {
    const y = Math.max(r.y + 4, Math.min(r.y + r.h - 4, cy - (bug - value) * pxPerUnit));
    ctx.fillStyle = p.cyan;
    ctx.fillRect(side === 'left' ? edge - 10 : edge, y - 4, 10, 8);
  }
  ctx.restore();
  // The value box.
  const boxH = size * 1.9;
  ctx.fillStyle = p.box;
  ctx.strokeStyle = p.white;
  ctx.lineWidth = 1.5;
  ctx.fillRect(r.x + 2, cy - boxH / 2, r.w - 4, boxH);
  ctx.strokeRect(r.x + 2, cy - boxH / 2, r.w - 4, boxH);
  text(ctx, String(Math.round(value)), r.x + r.w / 2, cy, size * 1.15, p.white);
}

function drawVsi(ctx: CanvasRenderingContext2D, r: Rect, fpm: number, p: Palette): void {
  const cy = r.y + r.h / 2;
  ctx.fillStyle = p.tape;
  ctx.fillRect(r.x, r.y, r.w, r.h);
  const scale = (v: number) => Math.sign(v) * Math.min(1, Math.sqrt(Math.abs(v) / 2000)) * (r.h * 0.45);
  ctx.strokeStyle = p.ink;
  ctx.lineWidth = 1;
  for (const v of [-2000, -1000, -500, 0, 500, 1000, 2000]) {
    const y = cy - scale(v);
    ctx.beginPath();
    ctx.moveTo(r.x, y);
    ctx.lineTo(r.x + (v % 1000 === 0 ? 10 : 6), y);
    ctx.stroke();
  }
  ctx.strokeStyle = p.green;
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.moveTo(r.x + r.w, cy);
  ctx.lineTo(r.x + 2, cy - scale(fpm));
  ctx.stroke();
  const size = Math.max(9, r.w * 0.32);
  text(ctx, `${fpm >= 0 ? '+' : ''}${Math.round(fpm / 10) * 10}`, r.x + r.w / 2, fpm >= 0 ? r.y + size : r.y + r.h - size, size, p.green);
}

const sourceOf = (data: SimFlightData): SimNavIndicator => data[data.hsiSource];

function drawHsi(ctx: CanvasRenderingContext2D, r: Rect, data: SimFlightData, p: Palette): void {
  ctx.fillStyle = p.panel;
  ctx.fillRect(r.x, r.y, r.w, r.h);
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2 + 8;
  const radius = Math.max(20, Math.min(r.w, r.h) / 2 - 22);
  const size = Math.max(10, radius * 0.13);
  ctx.save();
  ctx.translate(cx, cy);
  // The rose, turned so the heading is at the top.
  ctx.rotate(-data.heading * RAD);
  ctx.strokeStyle = p.ink;
  ctx.lineWidth = 1.5;
  for (let deg = 0; deg < 360; deg += 5) {
    const long = deg % 10 === 0;
    ctx.beginPath();
    ctx.moveTo(0, -radius);
    ctx.lineTo(0, -radius + (long ? 12 : 6));
    ctx.stroke();
    if (deg % 30 === 0) {
      const label = deg === 0 ? 'N' : deg === 90 ? 'E' : deg === 180 ? 'S' : deg === 270 ? 'W' : String(deg / 10);
      text(ctx, label, 0, -radius + 12 + size, size, p.ink);
    }
    ctx.rotate(5 * RAD);
  }
  // Heading bug.
  ctx.rotate((data.apHeading - 360) * RAD);
  ctx.fillStyle = p.cyan;
  ctx.fillRect(-7, -radius - 2, 14, 6);
  ctx.rotate(-data.apHeading * RAD);
  // Course needle, deviation bar (2 dots full scale), to/from arrow.
  const nav = sourceOf(data);
  const color = data.hsiSource === 'gps' ? p.magenta : p.green;
  ctx.rotate(nav.course * RAD);
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.moveTo(0, -radius + 16);
  ctx.lineTo(0, -radius * 0.45);
  ctx.moveTo(0, radius * 0.45);
  ctx.lineTo(0, radius - 16);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(0, -radius + 10);
  ctx.lineTo(-8, -radius + 24);
  ctx.lineTo(8, -radius + 24);
  ctx.closePath();
  ctx.fill();
  const dot = radius * 0.16;
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = p.ink;
  for (const d of [-2, -1, 1, 2]) {
    ctx.beginPath();
    ctx.arc(d * dot, 0, 3, 0, Math.PI * 2);
    ctx.stroke();
  }
  if (nav.toFrom !== 0) {
    const dev = Math.max(-2.5, Math.min(2.5, nav.deviation)) * dot;
    ctx.strokeStyle = color;
    ctx.lineWidth = 4;
    ctx.beginPath();
    ctx.moveTo(dev, -radius * 0.42);
    ctx.lineTo(dev, radius * 0.42);
    ctx.stroke();
    const tip = nav.toFrom === 1 ? -radius * 0.3 : radius * 0.3;
    ctx.beginPath();
    ctx.moveTo(dev + 14, tip);
    ctx.lineTo(dev + 24, tip + (nav.toFrom === 1 ? 10 : -10));
    ctx.lineTo(dev + 4, tip + (nav.toFrom === 1 ? 10 : -10));
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
  // Lubber line and heading box.
  ctx.fillStyle = p.box;
  ctx.strokeStyle = p.white;
  ctx.fillRect(cx - size * 2, cy - radius - size * 1.9, size * 4, size * 1.6);
  ctx.strokeRect(cx - size * 2, cy - radius - size * 1.9, size * 4, size * 1.6);
  text(ctx, String(Math.round(wrap360(data.heading)) || 360).padStart(3, '0'), cx, cy - radius - size * 1.1, size * 1.2, p.white);
  // The aircraft in the middle.
  ctx.strokeStyle = p.white;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(cx, cy - 12);
  ctx.lineTo(cx, cy + 12);
  ctx.moveTo(cx - 10, cy - 2);
  ctx.lineTo(cx + 10, cy - 2);
  ctx.stroke();
  // Source, course, distance; to/from in words for a glance.
  const label = `${data.hsiSource.toUpperCase()} CRS ${String(Math.round(wrap360(nav.course))).padStart(3, '0')}`;
  text(ctx, label, r.x + 6, r.y + size, size, color, 'left');
  text(ctx, nav.toFrom === 0 ? 'OFF' : nav.toFrom === 1 ? 'TO' : 'FROM', r.x + r.w - 6, r.y + size, size, color, 'right');
  if (nav.distance > 0) text(ctx, `${nav.distance.toFixed(1)} NM`, r.x + r.w - 6, r.y + size * 2.4, size, p.ink, 'right');
}

function drawGlideslope(ctx: CanvasRenderingContext2D, r: Rect, nav: SimNavIndicator, p: Palette): void {
  if (nav.toFrom === 0) return;
  const x = r.x + r.w - 14;
  const cy = r.y + r.h / 2;
  const dot = r.h * 0.08;
  ctx.strokeStyle = p.ink;
  ctx.lineWidth = 1.5;
  for (const d of [-2, -1, 1, 2]) {
    ctx.beginPath();
    ctx.arc(x, cy + d * dot, 3, 0, Math.PI * 2);
    ctx.stroke();
  }
  const y = cy - Math.max(-2.5, Math.min(2.5, nav.glideslope)) * dot;
  ctx.fillStyle = p.magenta;
  ctx.beginPath();
  ctx.moveTo(x - 7, y);
  ctx.lineTo(x, y - 7);
  ctx.lineTo(x + 7, y);
  ctx.lineTo(x, y + 7);
  ctx.closePath();
  ctx.fill();
}

function drawEngine(ctx: CanvasRenderingContext2D, r: Rect, data: SimFlightData, p: Palette): void {
  ctx.fillStyle = p.panel;
  ctx.fillRect(r.x, r.y, r.w, r.h);
  const items: Array<[string, string]> = [
    ['RPM', String(Math.round(data.rpm))],
    ['FF GPH', data.fuelFlow.toFixed(1)],
    ['FUEL L/R', `${Math.round(data.fuelLeft)}/${Math.round(data.fuelRight)}`],
    ['OIL °C/PSI', `${Math.round(data.oilTemp)}/${Math.round(data.oilPressure)}`],
    ['CHT °C', String(Math.round(Math.max(...data.cht)))],
    ['EGT °C', String(Math.round(Math.max(...data.egt)))],
  ];
  const cell = r.w / items.length;
  const size = Math.max(9, Math.min(cell * 0.16, r.h * 0.28));
  items.forEach(([label, value], i) => {
    const x = r.x + cell * i + cell / 2;
    text(ctx, label, x, r.y + r.h * 0.3, size * 0.8, p.cyan);
    text(ctx, value, x, r.y + r.h * 0.7, size * 1.1, p.white);
  });
}

/** Draws one frame of the Sim PFD on a canvas of w × h CSS pixels. */
export function drawPfd(ctx: CanvasRenderingContext2D, w: number, h: number, frame: PfdFrame): void {
  const p = frame.night ? NIGHT : DAY;
  const layout = pfdLayout(w, h);
  const a = layout.attitude;
  const tapeW = Math.max(44, Math.round(a.w * 0.17));
  const vsiW = Math.max(26, Math.round(a.w * 0.07));
  const { data } = frame;
  ctx.clearRect(0, 0, w, h);
  drawAttitude(ctx, a, frame, p);
  const tapeH = a.h * 0.8;
  const tapeY = a.y + (a.h - tapeH) / 2;
  const bands: Array<[number, number, string]> = [
    [data.vso, data.vfe, p.white],
    [data.vs, data.vno, p.green],
    [data.vno, data.vne, p.yellow],
    [data.vne, data.vne + 100, p.red],
  ];
  drawTape(ctx, { x: a.x, y: tapeY, w: tapeW, h: tapeH }, data.airspeed, tapeH / 80, 5, 2, frame.speedTrend, p, 'left', data.vne > 0 ? bands : [], data.apAirspeed > 0 ? data.apAirspeed : null);
  drawTape(ctx, { x: a.x + a.w - tapeW - vsiW, y: tapeY, w: tapeW, h: tapeH }, data.altitude, tapeH / 800, 20, 5, frame.altitudeTrend, p, 'right', [], data.apAltitude !== 0 ? data.apAltitude : null);
  drawVsi(ctx, { x: a.x + a.w - vsiW, y: tapeY, w: vsiW, h: tapeH }, data.verticalSpeed, p);
  drawGlideslope(ctx, { x: a.x, y: a.y, w: a.w - tapeW - vsiW, h: a.h }, sourceOf(data), p);
  drawHsi(ctx, layout.hsi, data, p);
  drawEngine(ctx, layout.engine, data, p);
  if (frame.stale) {
    ctx.fillStyle = 'rgba(0,0,0,0.45)';
    ctx.fillRect(0, 0, w, h);
    text(ctx, 'STALE: NO SIMULATOR DATA', w / 2, a.y + a.h * 0.25, Math.max(14, w * 0.035), p.yellow);
  }
}

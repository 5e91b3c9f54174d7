import { barbImageSpeed, barbParts } from './weatherStyle';

/**
 * Wind barb images made at run time, one per 5 kt, when the map first asks for one
 * (`styleimagemissing`): a signed-distance-field image (sdf), so the layer colours them per theme.
 * The shaft points up (north) from the station at the image's bottom centre; the layer rotates it
 * to the direction the wind blows from, flags on the clockwise side, pennants 50 kt, barbs 10, half
 * barbs 5.
 */
export const BARB_WIDTH = 24;
export const BARB_HEIGHT = 48;
/** Device pixels per image pixel: sharp on high-density screens. */
export const BARB_RATIO = 2;

export interface BarbImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Line segments and filled triangles of a barb, in image pixels (x right, y down; station at the bottom). */
export function barbShapes(kt: number): { lines: [number, number, number, number][]; triangles: [number, number, number, number, number, number][] } {
  const x0 = BARB_WIDTH / 2 - 2;
  const top = 2;
  const bottom = BARB_HEIGHT - 4;
  const lines: [number, number, number, number][] = [[x0, bottom, x0, top]];
  const triangles: [number, number, number, number, number, number][] = [];
  const { pennants, full, half } = barbParts(kt);
  const feather = 10;
  const step = 5;
  let y = top;
  for (let n = 0; n < pennants; n += 1) {
    triangles.push([x0, y, x0 + feather, y + 2, x0, y + step]);
    y += step + 1;
  }
  for (let n = 0; n < full; n += 1) {
    lines.push([x0, y + 3, x0 + feather, y]);
    y += step;
  }
  if (half) {
    // A lone half barb sits a step in from the end, as on the charts.
    if (pennants === 0 && full === 0) y += step;
    lines.push([x0, y + 3, x0 + feather / 2, y + 1.5]);
  }
  return { lines, triangles };
}

/** Draws one barb image; null where there is no 2D canvas (jsdom). */
export function drawBarb(kt: number, createCanvas: () => HTMLCanvasElement = () => document.createElement('canvas')): BarbImage | null {
  const canvas = createCanvas();
  canvas.width = BARB_WIDTH * BARB_RATIO;
  canvas.height = BARB_HEIGHT * BARB_RATIO;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.scale(BARB_RATIO, BARB_RATIO);
  context.strokeStyle = '#000';
  context.fillStyle = '#000';
  context.lineWidth = 1.6;
  context.lineCap = 'round';
  const { lines, triangles } = barbShapes(kt);
  for (const [ax, ay, bx, by] of lines) {
    context.beginPath();
    context.moveTo(ax, ay);
    context.lineTo(bx, by);
    context.stroke();
  }
  for (const [ax, ay, bx, by, cx, cy] of triangles) {
    context.beginPath();
    context.moveTo(ax, ay);
    context.lineTo(bx, by);
    context.lineTo(cx, cy);
    context.closePath();
    context.fill();
  }
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  return { width: canvas.width, height: canvas.height, data };
}

/** The part of a MapLibre map that takes run-time images. */
export interface ImageMap {
  on(type: 'styleimagemissing', listener: (event: { id: string }) => void): unknown;
  off(type: 'styleimagemissing', listener: (event: { id: string }) => void): unknown;
  hasImage(id: string): boolean;
  addImage(id: string, image: BarbImage, options: { pixelRatio: number; sdf: boolean }): unknown;
}

/** Makes each barb image the first time the map misses it; returns the removal of the listener. */
export function provideBarbImages(map: ImageMap, draw: (kt: number) => BarbImage | null = (kt) => drawBarb(kt)): () => void {
  const listener = ({ id }: { id: string }) => {
    const kt = barbImageSpeed(id);
    if (kt === null || map.hasImage(id)) return;
    const image = draw(kt);
    if (image) map.addImage(id, image, { pixelRatio: BARB_RATIO, sdf: true });
  };
  map.on('styleimagemissing', listener);
  return () => map.off('styleimagemissing', listener);
}

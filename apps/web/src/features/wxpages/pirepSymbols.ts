import { PIREP_COLOURS, STATION_OUTLINE, type MapTheme } from '../map';

/**
 * PIREP symbols drawn at run time (no sprite sheet to download, so they work offline): the
 * turbulence symbol (the aviation "hat", two strokes meeting at a peak over a base line), the icing
 * symbol (a cup with a stroke through it), or a dot for a report of neither, in the map layer's PIREP
 * colours. An urgent report (UUA) is in the urgent colour inside a thick ring.
 */

export type PirepHazard = 'turb' | 'ice' | 'other';
export const PIREP_SYMBOLS: readonly string[] = ['turb', 'ice', 'other'].flatMap((h) => [`wx-pirep-${h}`, `wx-pirep-urgent-${h}`]);

/** The symbol image name of a report. */
export function pirepSymbolName(urgent: boolean, hazard: PirepHazard): string {
  return `wx-pirep-${urgent ? 'urgent-' : ''}${hazard}`;
}

const SIZE = 28;
const RATIO = 2;

interface SymbolMap {
  hasImage(id: string): boolean;
  addImage(id: string, image: ImageData, options: { pixelRatio: number }): unknown;
}

function draw(theme: MapTheme, urgent: boolean, hazard: PirepHazard): ImageData | null {
  const canvas = document.createElement('canvas');
  canvas.width = SIZE * RATIO;
  canvas.height = SIZE * RATIO;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.scale(RATIO, RATIO);
  const colours = PIREP_COLOURS[theme];
  const colour = urgent ? colours.urgent : hazard === 'turb' ? colours.turbulence : hazard === 'ice' ? colours.icing : colours.other;
  const c = SIZE / 2;
  // A disc of the background so the symbol reads over any area colour.
  ctx.beginPath();
  ctx.arc(c, c, urgent ? 12.5 : 10.5, 0, Math.PI * 2);
  ctx.fillStyle = STATION_OUTLINE[theme];
  ctx.fill();
  if (urgent) {
    ctx.lineWidth = 3;
    ctx.strokeStyle = colour;
    ctx.beginPath();
    ctx.arc(c, c, 11, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineWidth = 2.2;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  if (hazard === 'turb') {
    ctx.moveTo(c - 6, c + 4);
    ctx.lineTo(c, c - 5);
    ctx.lineTo(c + 6, c + 4);
    ctx.moveTo(c - 7, c + 5);
    ctx.lineTo(c + 7, c + 5);
    ctx.stroke();
  } else if (hazard === 'ice') {
    ctx.moveTo(c - 6, c - 5);
    ctx.lineTo(c - 6, c);
    ctx.arc(c, c, 6, Math.PI, 0, true);
    ctx.lineTo(c + 6, c - 5);
    ctx.moveTo(c, c - 6);
    ctx.lineTo(c, c + 7);
    ctx.stroke();
  } else {
    ctx.arc(c, c, 4.5, 0, Math.PI * 2);
    ctx.fill();
  }
  return ctx.getImageData(0, 0, SIZE * RATIO, SIZE * RATIO);
}

/** Adds the six symbols to a map for its theme. */
export function addPirepSymbols(map: SymbolMap, theme: MapTheme): void {
  for (const urgent of [false, true]) {
    for (const hazard of ['turb', 'ice', 'other'] as const) {
      const name = pirepSymbolName(urgent, hazard);
      if (map.hasImage(name)) continue;
      const image = draw(theme, urgent, hazard);
      if (image) map.addImage(name, image, { pixelRatio: RATIO });
    }
  }
}

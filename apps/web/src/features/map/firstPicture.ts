/**
 * A map's first picture is drawn once, complete: until its style, tiles and GeoJSON sources are all
 * loaded, MapLibre's frames update the sources and placement but draw nothing.
 *
 * Why: MapLibre draws a frame for each tile and source that arrives. With software WebGL (SwiftShader,
 * what a GPU-less device and the headless test browser have) every frame is rendered on the CPU that
 * the tile worker and the page also need, so the half-finished frames of the start-up delay the
 * finished one: holding them moved the map's first idle from a median of 2,887 ms to 2,524 ms in the
 * same script. The pilot does not see the difference: the loading screen ('Loading Map...') covers
 * the map until it has loaded, and a later map (the second split view) appears whole instead of
 * tile by tile.
 *
 * MapLibre has no option for this; its map's `painter` is public, and `render` is the one call that
 * draws. The hold ends at the first loaded frame, or after `capMs` whatever is loaded (a tile server
 * that does not answer must not keep the map blank; by default the same 4 s that boot and profile sync
 * wait for the first picture), or when released.
 */
import { FIRST_PICTURE_WAIT_MS } from '../../platform/readiness';

/** What the hold needs of a map: a MapLibre map has all of it. */
export interface PictureMap<P extends { render(...args: never[]): unknown }> {
  painter: P;
  /** The style and every source's tiles are loaded. */
  loaded(): boolean;
  triggerRepaint(): void;
}

/**
 * Holds the map's drawing until its first loaded frame. Returns the release (idempotent), which asks
 * for a frame unless told not to (a removed map).
 */
export function holdFirstPicture<P extends { render(...args: never[]): unknown }>(map: PictureMap<P>, capMs: number = FIRST_PICTURE_WAIT_MS): (repaint?: boolean) => void {
  const { painter } = map;
  const draw = painter.render;
  let holding = true;
  const release = (repaint: boolean) => {
    if (!holding) return;
    holding = false;
    painter.render = draw;
    clearTimeout(timer);
    if (repaint) map.triggerRepaint();
  };
  painter.render = function heldRender(this: P, ...args: Parameters<P['render']>) {
    if (!map.loaded()) return undefined;
    release(false);
    return draw.apply(painter, args);
  } as P['render'];
  const timer = setTimeout(() => release(true), capMs);
  return (repaint = true) => release(repaint);
}

import { pagePath } from './pages';
import { PHONE_MAX_WIDTH_PX, TABLET_MAX_WIDTH_PX } from './layout';

export { PHONE_MAX_WIDTH_PX, TABLET_MAX_WIDTH_PX };

/** Top bar heights in CSS pixels (spec part 1 §2 "Shell", §9). */
export const TOP_BAR_PX = 58;
export const TOP_BAR_TALL_PX = 116;
/** Round screens lose this much top bar height. */
export const ROUND_SCREEN_REDUCTION_PX = 64;
/** Width / height range that counts as a round screen. */
export const ROUND_ASPECT_MIN = 0.95;
export const ROUND_ASPECT_MAX = 1.05;

/** Pages where a portrait tablet also gets the tall bar (the airport or search bar sits in it). */
export const TALL_ON_PORTRAIT_TABLET: readonly string[] = [pagePath('airport'), pagePath('PlateView'), pagePath('route')];

export interface TopBarInput {
  /** Viewport width, CSS px. */
  width: number;
  /** Viewport height, CSS px. */
  height: number;
  /** location.pathname */
  path: string;
}

/**
 * Top bar height in CSS px: 58; 116 on a portrait phone (width ≤ 768) or on a portrait tablet
 * (width ≤ 1024) on the airport, plate or route pages; 64 less on a round screen (aspect ratio
 * 0.95–1.05), never below 0. Portrait means height ≥ width.
 */
export function topBarHeight({ width, height, path }: TopBarInput): number {
  const portrait = height >= width;
  const portraitPhone = portrait && width <= PHONE_MAX_WIDTH_PX;
  const portraitTabletTallPage = portrait && width <= TABLET_MAX_WIDTH_PX && TALL_ON_PORTRAIT_TABLET.includes(path);
  let px = portraitPhone || portraitTabletTallPage ? TOP_BAR_TALL_PX : TOP_BAR_PX;
  const aspect = height > 0 ? width / height : 0;
  if (aspect >= ROUND_ASPECT_MIN && aspect <= ROUND_ASPECT_MAX) px -= ROUND_SCREEN_REDUCTION_PX;
  return Math.max(0, px);
}

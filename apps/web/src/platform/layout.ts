import { isMapPath } from './pages';

/**
 * The screen-layout constants of spec part 1 §9 and part 2 §9, in CSS px, in one place: the top bar
 * (topBarHeight.ts), the menu drawer, the install page and the split beside the map read them here.
 */

/** Split breakpoints (window width): from `sm` up, a page opened from the map sits beside it. */
export const SPLIT_BREAKPOINTS_PX = { xs: 0, sm: 1200, md: 1920, lg: 2560, xl: 3840 } as const;
/** Width of the menu drawer. */
export const DRAWER_WIDTH_PX = 300;
/** A phone is at most this wide; a tablet at most TABLET_MAX_WIDTH_PX. */
export const PHONE_MAX_WIDTH_PX = 768;
export const TABLET_MAX_WIDTH_PX = 1024;
/** Phone height (spec §9 "phone height 768"). */
export const PHONE_HEIGHT_PX = 768;
/** App bar height on narrow screens (width up to a phone's) and on the others (spec §9). */
export const APP_BAR_NARROW_PX = 120;
export const APP_BAR_WIDE_PX = 60;
/** Shortest screen side of a tablet for Android Firefox (spec part 1 §9). */
export const TABLET_MIN_SIDE_PX = 600;

/**
 * How the map and a page share the screen: the page alone ('full', and on the map pages the map alone),
 * or the page beside the map, side by side ('beside-vertical', a vertical divider) or stacked, map
 * above ('beside-horizontal').
 */
export type PageLayout = 'full' | 'beside-vertical' | 'beside-horizontal';

/** Whether the window is wide enough for a page beside the map (width >= the `sm` breakpoint). */
export function allowsPageBeside(widthPx: number): boolean {
  return widthPx >= SPLIT_BREAKPOINTS_PX.sm;
}

export interface PageNavigation {
  /** location.pathname before and after the navigation. */
  fromPath: string;
  toPath: string;
  /** Whether the page was beside the map before the navigation. */
  besideNow: boolean;
  /** Window width, CSS px. */
  widthPx: number;
}

/**
 * Whether the page after a navigation sits beside the map (spec part 2 §2: "When on the map and the
 * layout allows, moving to another screen first splits the screen"): leaving a map page for another
 * page on a wide window splits; moving between pages keeps the split as it is; a map page (Restore Map,
 * the Maps entry) ends it; a narrow window never splits.
 */
export function pageBesideAfter({ fromPath, toPath, besideNow, widthPx }: PageNavigation): boolean {
  if (isMapPath(toPath) || !allowsPageBeside(widthPx)) return false;
  if (isMapPath(fromPath)) return true;
  return besideNow;
}

/**
 * The layout now: a page beside the map splits vertically in landscape (width > height) and
 * horizontally otherwise; below the `sm` breakpoint (a window made narrower) the page is alone again.
 */
export function pageLayout({ beside, widthPx, heightPx }: { beside: boolean; widthPx: number; heightPx: number }): PageLayout {
  if (!beside || !allowsPageBeside(widthPx)) return 'full';
  return widthPx > heightPx ? 'beside-vertical' : 'beside-horizontal';
}

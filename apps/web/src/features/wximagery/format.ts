import type { ImageryProductState, ImageryViewState } from '@clearway/protocol';
import { utcDayTime } from '../weather';

/** An issue time in UTC as pilots write it: `25 Nov 11:00Z` (features/weather utcDayTime). */
export const formatIssueTime = utcDayTime;

/** `Surface analysis and progs, 12 h`: a product and, when it has several, the view. */
export function viewTitle(product: Pick<ImageryProductState, 'title' | 'views'>, view: Pick<ImageryViewState, 'label' | 'group'>): string {
  if (product.views.length <= 1) return product.title;
  return `${product.title}, ${view.group === undefined ? '' : `${view.group} `}${view.label}`;
}

/**
 * The view a page opens on: the one asked for (the `view` search parameter) when the product has
 * it, else the first with an image, else the first configured, else the first.
 */
export function pickView(product: Pick<ImageryProductState, 'views'>, wanted: string | null): ImageryViewState | undefined {
  return (
    product.views.find((view) => view.id === wanted) ??
    product.views.find((view) => view.frames.length > 0) ??
    product.views.find((view) => view.configured) ??
    product.views[0]
  );
}

/** Loop speeds: ms per frame (the last frame stays three times as long). */
export const LOOP_SPEEDS = { slow: 1000, normal: 500, fast: 200 } as const;
export type LoopSpeed = keyof typeof LOOP_SPEEDS;

/** How long a loop frame stays: the newest one longer, so the loop's end is seen. */
export function frameDwellMs(index: number, count: number, speed: LoopSpeed): number {
  return index === count - 1 ? LOOP_SPEEDS[speed] * 3 : LOOP_SPEEDS[speed];
}

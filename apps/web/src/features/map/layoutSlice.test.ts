import { describe, expect, it } from 'vitest';
import { initialLayoutState, layoutSlice, orientationChanged, setSplit, swapViews } from './layoutSlice';

const reduce = layoutSlice.reducer;

describe('layout slice', () => {
  it('flips a split when the orientation changes, and only then', () => {
    const split = reduce(initialLayoutState, setSplit({ splitHorizontal: true, splitVertical: false }));
    const landscape = reduce(split, orientationChanged(true));
    expect(landscape).toMatchObject({ landscape: true, splitHorizontal: false, splitVertical: true });
    expect(reduce(landscape, orientationChanged(true))).toBe(landscape);
    expect(reduce(landscape, orientationChanged(false))).toMatchObject({ landscape: false, splitHorizontal: true, splitVertical: false });
  });

  it('keeps a single view single when the orientation changes', () => {
    expect(reduce(initialLayoutState, orientationChanged(true))).toMatchObject({ landscape: true, splitHorizontal: false, splitVertical: false });
  });

  it('swaps the view ids', () => {
    expect(reduce(initialLayoutState, swapViews())).toMatchObject({ viewOneId: 2, viewTwoId: 1 });
  });
});

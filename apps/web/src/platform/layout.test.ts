import { describe, expect, it } from 'vitest';
import { allowsPageBeside, pageBesideAfter, pageLayout, SPLIT_BREAKPOINTS_PX } from './layout';

describe('a page beside the map (spec part 2 §2, split breakpoints of §9)', () => {
  it('has the spec breakpoints, and splits from the sm breakpoint (1200 px) up', () => {
    expect(SPLIT_BREAKPOINTS_PX).toEqual({ xs: 0, sm: 1200, md: 1920, lg: 2560, xl: 3840 });
    expect(allowsPageBeside(1199)).toBe(false);
    expect(allowsPageBeside(1200)).toBe(true);
    expect(allowsPageBeside(390)).toBe(false);
  });

  it('splits when leaving a map page for another page on a wide window', () => {
    expect(pageBesideAfter({ fromPath: '/app/map1', toPath: '/app/route', besideNow: false, widthPx: 1280 })).toBe(true);
    expect(pageBesideAfter({ fromPath: '/app/map2/', toPath: '/app/airport', besideNow: false, widthPx: 1920 })).toBe(true);
    // Narrow windows keep the full page (phones, tablets up to 1199 px).
    expect(pageBesideAfter({ fromPath: '/app/map1', toPath: '/app/route', besideNow: false, widthPx: 1199 })).toBe(false);
    expect(pageBesideAfter({ fromPath: '/app/map1', toPath: '/app/route', besideNow: false, widthPx: 390 })).toBe(false);
  });

  it('keeps the split from page to page, and ends it on a map page', () => {
    expect(pageBesideAfter({ fromPath: '/app/route', toPath: '/app/airport', besideNow: true, widthPx: 1280 })).toBe(true);
    expect(pageBesideAfter({ fromPath: '/app/route', toPath: '/app/airport', besideNow: false, widthPx: 1280 })).toBe(false);
    expect(pageBesideAfter({ fromPath: '/app/route', toPath: '/app/map1', besideNow: true, widthPx: 1280 })).toBe(false);
    expect(pageBesideAfter({ fromPath: '/app/map1', toPath: '/app/map2', besideNow: false, widthPx: 1280 })).toBe(false);
  });

  it('splits vertically in landscape and horizontally otherwise, and not at all below the breakpoint', () => {
    expect(pageLayout({ beside: true, widthPx: 1280, heightPx: 800 })).toBe('beside-vertical');
    expect(pageLayout({ beside: true, widthPx: 1200, heightPx: 1600 })).toBe('beside-horizontal');
    // A square window is not landscape.
    expect(pageLayout({ beside: true, widthPx: 1600, heightPx: 1600 })).toBe('beside-horizontal');
    expect(pageLayout({ beside: true, widthPx: 1000, heightPx: 700 })).toBe('full');
    expect(pageLayout({ beside: false, widthPx: 2560, heightPx: 1440 })).toBe('full');
  });
});

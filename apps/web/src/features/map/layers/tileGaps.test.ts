import { describe, expect, it } from 'vitest';
import { sourceTileZoom, tileBox, TileGaps, tileGapText, type LonLatBox } from './tileGaps';

// Around San Francisco, and around Kansas (far from it).
const bayArea: LonLatBox = [-123, 37, -121.5, 38.2];
const kansas: LonLatBox = [-100, 37, -95, 40];
// z8 tile 40/98 holds San Francisco (lon -122.4: x = floor((180 - 122.4) / 360 * 256) = floor(40.96) = 40).
const sfTile = { z: 8, x: 40, y: 98 };

describe('tileBox', () => {
  it('gives the web mercator box of a tile', () => {
    expect(tileBox({ z: 0, x: 0, y: 0 }).map((v) => Number(v.toFixed(4)))).toEqual([-180, -85.0511, 180, 85.0511]);
    const [west, south, east, north] = tileBox(sfTile);
    expect([west, east]).toEqual([-123.75, -122.34375]);
    expect(south).toBeLessThan(37.8);
    expect(north).toBeGreaterThan(37.8);
  });
});

describe('TileGaps', () => {
  it('names a missing basemap tile in view at its zoom, and forgets it once it loads', () => {
    const gaps = new TileGaps();
    expect(gaps.failed('basemap', sfTile)).toBe(true);
    expect(gaps.failed('basemap', sfTile)).toBe(false);
    expect(gaps.missingInView('basemap', bayArea, 8.4)).toBe(true);
    expect(gaps.missingInView('basemap', kansas, 8.4)).toBe(false);
    expect(gaps.missingInView('vfr', bayArea, 8.4)).toBe(false);
    expect(gaps.loaded('basemap', sfTile)).toBe(true);
    expect(gaps.missingInView('basemap', bayArea, 8.4)).toBe(false);
  });

  it('does not count a missing deep tile when the map is zoomed far out (a coarser tile is drawn there)', () => {
    const gaps = new TileGaps();
    gaps.failed('basemap', sfTile);
    expect(gaps.missingInView('basemap', bayArea, 9.9)).toBe(true);
    expect(gaps.missingInView('basemap', bayArea, 5)).toBe(false);
  });

  it('counts the deepest basemap tiles when over-zoomed, and chart tiles one level deeper than the map', () => {
    expect(sourceTileZoom('basemap', 13.5)).toBe(10);
    expect(sourceTileZoom('vfr', 8.2)).toBe(9);
    expect(sourceTileZoom('vfr', 2)).toBe(5);
    const gaps = new TileGaps();
    gaps.failed('basemap', { z: 10, x: 163, y: 395 });
    expect(gaps.missingInView('basemap', tileBox({ z: 12, x: 654, y: 1582 }), 13)).toBe(true);
    gaps.clear();
    expect(gaps.missingInView('basemap', tileBox({ z: 12, x: 654, y: 1582 }), 13)).toBe(false);
  });
});

describe('tileGapText', () => {
  it('says what is not downloaded', () => {
    expect(tileGapText(true, false)).toBe('Map not downloaded for this area');
    expect(tileGapText(false, true)).toBe('Chart not downloaded for this area');
    expect(tileGapText(true, true)).toBe('Map and chart not downloaded for this area');
    expect(tileGapText(false, false)).toBeNull();
  });
});

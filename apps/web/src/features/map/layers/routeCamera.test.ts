import { describe, expect, it } from 'vitest';
import { ROUTE_MAX_ZOOM, mercatorY, routeCamera, routePadding, unwrapLongitudes } from './routeCamera';

type Point = { lat: number; lon: number };

/**
 * Screen pixel of a point for a north-up camera, by the textbook Web Mercator formulas (world of
 * 512 px at zoom 0, y down), written here apart from the code under test.
 */
function project(p: Point, camera: { center: [number, number]; zoom: number }, width: number, height: number): { x: number; y: number } {
  const world = 512 * 2 ** camera.zoom;
  const x = (lon: number) => ((lon + 180) / 360) * world;
  const y = (lat: number) => ((1 - Math.asinh(Math.tan((lat * Math.PI) / 180)) / Math.PI) / 2) * world;
  let dx = x(p.lon) - x(camera.center[0]);
  // The shorter way round the world.
  if (dx > world / 2) dx -= world;
  if (dx < -world / 2) dx += world;
  return { x: width / 2 + dx, y: height / 2 + y(p.lat) - y(camera.center[1]) };
}

/** Asserts every point inside the padded room and the route spanning at least half the shorter side. */
function expectShown(points: Point[], width: number, height: number): { spanPx: number; fill: number } {
  const camera = routeCamera(points, width, height);
  expect(camera).not.toBeNull();
  const { padding } = camera!;
  const pixels = points.map((p) => project(p, camera!, width, height));
  for (const px of pixels) {
    expect(px.x).toBeGreaterThanOrEqual(padding.left - 1e-6);
    expect(px.x).toBeLessThanOrEqual(width - padding.right + 1e-6);
    expect(px.y).toBeGreaterThanOrEqual(padding.top - 1e-6);
    expect(px.y).toBeLessThanOrEqual(height - padding.bottom + 1e-6);
  }
  const xs = pixels.map((p) => p.x);
  const ys = pixels.map((p) => p.y);
  const spanPx = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  expect(spanPx).toBeGreaterThanOrEqual(Math.min(width, height) / 2);
  // How much of the padded room the tighter axis fills (1: all of it, as fitBounds does).
  const fill = Math.max(
    (Math.max(...xs) - Math.min(...xs)) / (width - padding.left - padding.right),
    (Math.max(...ys) - Math.min(...ys)) / (height - padding.top - padding.bottom),
  );
  return { spanPx, fill };
}

// Hayward, the Oakland VOR and San Francisco (AIP positions, rounded).
const BAY: Point[] = [{ lat: 37.6589, lon: -122.1217 }, { lat: 37.7259, lon: -122.2236 }, { lat: 37.6190, lon: -122.3749 }];

describe('route camera', () => {
  it('shows a short Bay Area route whole and large on a tablet, a phone and a desktop', () => {
    for (const [width, height] of [[1180, 760], [820, 1120], [390, 760], [1280, 736]] as const) {
      // The tighter axis fills the room between its paddings.
      expect(expectShown(BAY, width, height).fill).toBeCloseTo(1, 9);
    }
  });

  it('fits a north-south route by its height and an east-west one by its width', () => {
    const northSouth = [{ lat: 32.7, lon: -117.2 }, { lat: 47.45, lon: -122.3 }];
    const eastWest = [{ lat: 37.62, lon: -122.37 }, { lat: 40.64, lon: -73.78 }];
    expectShown(northSouth, 1180, 760);
    expectShown(eastWest, 390, 760);
    const tall = routeCamera(northSouth, 1180, 760)!;
    const p = tall.padding;
    const ys = northSouth.map((point) => project(point, tall, 1180, 760).y);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(760 - p.top - p.bottom, 6);
  });

  it('takes the short way across the antimeridian (Anchorage to Petropavlovsk)', () => {
    const points = [{ lat: 61.17, lon: -149.99 }, { lat: 53.17, lon: 158.45 }];
    expect(unwrapLongitudes(points.map((q) => q.lon))).toEqual([210.01, 158.45]);
    const camera = routeCamera(points, 1180, 760)!;
    // Centred over the Bering Sea, not over Europe, and closer than the whole world.
    expect(Math.abs(camera.center[0])).toBeGreaterThan(170);
    expect(camera.zoom).toBeGreaterThan(2);
    expectShown(points, 1180, 760);
  });

  it('keeps longitudes that do not cross the antimeridian as they are', () => {
    expect(unwrapLongitudes([-122.1, -73.8, -100])).toEqual([-122.1, -73.8, -100]);
    expect(unwrapLongitudes([170, -170])).toEqual([170, 190]);
  });

  it('centres one point, or a route of a few metres, at the closest zoom', () => {
    const one = routeCamera([{ lat: 37.66, lon: -122.12 }], 800, 600)!;
    expect(one.zoom).toBe(ROUTE_MAX_ZOOM);
    const at = project({ lat: 37.66, lon: -122.12 }, one, 800, 600);
    // The middle of the padded room.
    expect(at.x).toBeCloseTo((one.padding.left + 800 - one.padding.right) / 2, 6);
    expect(at.y).toBeCloseTo((one.padding.top + 600 - one.padding.bottom) / 2, 6);
    expect(routeCamera([{ lat: 37.66, lon: -122.12 }, { lat: 37.66001, lon: -122.12001 }], 800, 600)?.zoom).toBe(ROUTE_MAX_ZOOM);
  });

  it('keeps each padding within a quarter of the shorter side of a small map', () => {
    expect(routePadding(200, 150)).toEqual({ top: 37.5, right: 37.5, bottom: 32, left: 32 });
    expectShown(BAY, 200, 150);
  });

  it('has no camera without a placed point or without a map size', () => {
    expect(routeCamera([], 800, 600)).toBeNull();
    expect(routeCamera([{ lat: Number.NaN, lon: 1 }], 800, 600)).toBeNull();
    expect(routeCamera(BAY, 0, 600)).toBeNull();
  });

  it('projects latitudes as Web Mercator does (equator in the middle, 85.0511 at the top)', () => {
    expect(mercatorY(0)).toBeCloseTo(0.5, 12);
    expect(mercatorY(85.0511287798)).toBeCloseTo(0, 9);
    expect(mercatorY(-90)).toBeCloseTo(1, 7);
  });
});

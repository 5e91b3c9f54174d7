import { cleanup, render, screen } from '@testing-library/react';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, routeProfile, runFlightPlan, terrainTilesFor, profileTerrainZoom, type AircraftProfile, type TerrainSource } from '@clearway/flightplan';
import { makeRoute, makeWaypoint } from '@clearway/flightplan/testing';
import { CHART_H, profileChart } from './profileChart';
import { loadRouteTerrain } from './routeTerrain';
import { VerticalProfileChart } from './VerticalProfile';

/** Day and night themes as the app's are made (MUI light and dark palettes). */
const dayTheme = createTheme();
const nightTheme = createTheme({ palette: { mode: 'dark' } });

const NOW = Date.UTC(2026, 5, 1, 12);
const FT = { alt_factor: 1, alt_unit: 'ft' as const };
const PROFILE: AircraftProfile = { ...DEFAULT_PROFILE, altitude: 6500, climb_rate: 700, descent_rate: 700 };

/** 80 nm due north from 40°N, 100°W (airports at 1,000 ft). */
function plannedRoute(cruiseFt = 6500) {
  const route = makeRoute([
    makeWaypoint('KAAA', 40, -100, { elevation: 1000, type: 'AIRPORT' }),
    makeWaypoint('MID', 40.6, -100),
    makeWaypoint('KBBB', 40 + 80 / 60, -100, { elevation: 1000, type: 'AIRPORT' }),
  ]);
  return runFlightPlan(route, { ...PROFILE, altitude: cruiseFt }, { now: NOW, variationAt: null });
}

/** A ridge: 2,000 m (6,562 ft) at 40.5°N, falling 4,000 m per degree of latitude either side, 300 m floor. */
const ridge: TerrainSource = { elevationM: (lat) => Math.max(300, 2000 - 4000 * Math.abs(lat - 40.5)) };
const RIDGE_FT = 2000 / 0.3048;

afterEach(cleanup);

describe('VerticalProfileChart', () => {
  it('marks TOC and TOD where the engine puts them and names the highest terrain', () => {
    const route = plannedRoute(9500);
    const profile = routeProfile(route, ridge, { bins: 200 });
    render(
      <ThemeProvider theme={dayTheme}>
        <VerticalProfileChart profile={profile} units={FT} />
      </ThemeProvider>,
    );
    const toc = screen.getByTestId('profile-toc');
    expect(Number(toc.dataset['xPct'])).toBeCloseTo((route.toc!.distanceFromStart / route.total_distance) * 100, 1);
    expect(Number(screen.getByTestId('profile-tod').dataset['xPct'])).toBeCloseTo((route.tod!.distanceFromStart / route.total_distance) * 100, 1);
    expect(screen.getAllByTestId('profile-waypoint').map((w) => w.textContent)).toEqual(['KAAA', 'MID', 'KBBB']);
    // 9,500 ft clears the 6,562 ft ridge by more than 1,000 ft: no warning, the highest terrain named.
    const caption = screen.getByTestId('profile-caption').textContent ?? '';
    const named = Number(/Highest terrain ([\d,]+) ft/.exec(caption)?.[1]?.replace(/,/g, ''));
    expect(Math.abs(named - RIDGE_FT)).toBeLessThan(15);
    expect(screen.queryByTestId('profile-low-mark')).toBeNull();
    // The terrain's top in the drawing is the ridge's height on the chart's scale.
    const chart = profileChart(profile);
    const ys = [...chart.terrainPath.matchAll(/L[\d.]+,([\d.]+)/g)].map((m) => Number(m[1]));
    expect(CHART_H - Math.min(...ys)).toBeCloseTo((RIDGE_FT / chart.topFt) * CHART_H, -1);
    expect(screen.getByTestId('profile-planned').getAttribute('d')).toBe(chart.plannedPath);
  });

  it('says plainly when the plan passes below the terrain (night theme)', () => {
    const route = plannedRoute(5500);
    const profile = routeProfile(route, ridge, { bins: 200 });
    render(
      <ThemeProvider theme={nightTheme}>
        <VerticalProfileChart profile={profile} units={FT} />
      </ThemeProvider>,
    );
    const caption = screen.getByTestId('profile-caption');
    const below = Number(/the plan passes ([\d,]+) ft below the ground/.exec(caption.textContent ?? '')?.[1]?.replace(/,/g, ''));
    // Level at 5,500 ft over the 6,562 ft ridge.
    expect(Math.abs(below - (RIDGE_FT - 5500))).toBeLessThan(15);
    expect(getComputedStyle(caption).color).toBe(hexToRgb(nightTheme.palette.error.main));
    expect(screen.getByTestId('profile-low-mark')).toBeTruthy();
  });

  it('draws the plan without terrain when there is none', () => {
    const profile = routeProfile(plannedRoute(), null);
    render(<VerticalProfileChart profile={profile} units={FT} />);
    expect(screen.getByTestId('profile-caption').textContent).toBe('No terrain data along this route');
    expect(screen.queryByTestId('profile-terrain')).toBeNull();
  });
});

describe('loadRouteTerrain', () => {
  it('reads the tiles along the route, leaves out those that fail, and samples what it read', async () => {
    const route = plannedRoute();
    const z = profileTerrainZoom(route.total_distance);
    const wanted = terrainTilesFor(route, z).map((t) => `${t.z}/${t.x}/${t.y}`);
    const asked: string[] = [];
    // Each tile a flat plain of 1,000 m + its row: a Terrarium pixel of (1000 + y + 32768) metres.
    const read = async (tz: number, x: number, y: number) => {
      asked.push(`${tz}/${x}/${y}`);
      if (x % 2 === 1 && y % 3 === 0) throw new Error('tile broken');
      return Uint8Array.of(tz, x >> 8, x & 0xff, y >> 8, y & 0xff);
    };
    const decode = async (bytes: Uint8Array) => {
      const y = (bytes[3]! << 8) | bytes[4]!;
      const value = 1000 + (y % 500) + 32768;
      const rgba = new Uint8Array(256 * 256 * 4);
      for (let i = 0; i < rgba.length; i += 4) {
        rgba[i] = value >> 8;
        rgba[i + 1] = value & 0xff;
      }
      return { size: 256, rgba };
    };
    const terrain = await loadRouteTerrain(route, read, decode, new AbortController().signal);
    expect(asked.sort()).toEqual([...wanted].sort());
    expect(terrain).not.toBeNull();
    // At the middle waypoint, well inside a tile of row y: 1,000 m + y % 500.
    const n = 2 ** z;
    const lat = 40.6 * (Math.PI / 180);
    const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n);
    const x = Math.floor(((-100 + 180) / 360) * n);
    const value = terrain!.elevationM(40.6, -100);
    if (x % 2 === 1 && y % 3 === 0) expect(value).toBeNull();
    else expect(value).toBe(1000 + (y % 500));
  });

  it('is null when no tile can be read', async () => {
    const terrain = await loadRouteTerrain(plannedRoute(), async () => null, async () => ({ size: 256, rgba: new Uint8Array(0) }), new AbortController().signal);
    expect(terrain).toBeNull();
  });
});

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 0xff}, ${n & 0xff})`;
}

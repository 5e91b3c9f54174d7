import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PROFILE, routeProfile, runFlightPlan, terrainTilesFor, profileTerrainZoom, type AircraftProfile, type TerrainSource } from '@clearway/flightplan';
import { makeRoute, makeWaypoint, testNavDb } from '@clearway/flightplan/testing';
import { parseRoute } from '@clearway/flightplan';
// The real bulletin beside the repository (../shared/data), read as text by Vite (no Node built-ins in the web app).
import FB_RAW from '../../../../../../../shared/data/weather/winds-aloft/FBUS31_KWNO_310158_2026-01-31_FD1US1.txt?raw';
import { buildWorkerWinds, freezingStationsAt } from '../../../worker/winds';
import { CHART_H, profileChart } from './profileChart';
import { loadRouteTerrain } from './routeTerrain';
import { ServicesContext, type AppServices } from '../../../platform/services';
import { makeStore } from '../../../store';
import type { RoutingWorkerFacade } from '../../../worker/facade';
import { windsLoaded } from '../routeSlice';
import { RouteVerticalProfile, VerticalProfileChart } from './VerticalProfile';

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

/** The real FBUS31 of 2026-01-31 as the `fbo` snapshot carries it (FOR USE 0200-0900Z). */
const FB_SNAPSHOT = { bulletins: [{ forecastHours: 6 as const, year: 2026, month: 1, raw: FB_RAW }] };
const IN_USE = Date.UTC(2026, 0, 31, 4);
/** What the routing worker's `freezingStations` query answers once it holds the snapshot's bulletins (`setWinds`). */
const freezingStations = (snapshot: typeof FB_SNAPSHOT, timeMs: number) => freezingStationsAt(buildWorkerWinds({ cycle: null, bulletins: snapshot.bulletins }), timeMs);

describe('VerticalProfileChart overlays (issue 24)', () => {
  it('draws the airway MEA as a step line with its airway named, at the MEA on the altitude scale', () => {
    const route = runFlightPlan(parseRoute('AAA V901 DDD', PROFILE, testNavDb(), { now: NOW }), PROFILE, { now: NOW, variationAt: null });
    const profile = routeProfile(route, null, { bins: 100 });
    render(<VerticalProfileChart profile={profile} units={FT} />);
    const chart = profileChart(profile);
    // The test database gives every V901 segment 5,000 ft: one step from AAA to DDD.
    expect(profile.meaSteps).toEqual([{ airway: 'V901', fromNm: 0, toNm: route.total_distance, meaFt: 5000 }]);
    const meaY = Math.round(CHART_H * (1 - 5000 / chart.topFt) * 10) / 10;
    expect(screen.getByTestId('profile-mea').getAttribute('d')).toBe(`M0,${meaY}L1000,${meaY}`);
    expect(screen.getByTestId('profile-mea-label').textContent).toBe('V901 MEA 5,000 ft');
  });

  it('draws the freezing level from the FB temperatures, dashed and labelled 0°C (night theme)', () => {
    // San Francisco to Fresno: 0 °C near 12,800 ft at SFO (+02 at 12,000, -13 at 18,000).
    const route = runFlightPlan(
      makeRoute([makeWaypoint('KSFO', 37.619, -122.375, { elevation: 13, type: 'AIRPORT' }), makeWaypoint('KFAT', 36.776, -119.718, { elevation: 336, type: 'AIRPORT' })]),
      { ...PROFILE, altitude: 9500 },
      { now: NOW, variationAt: null },
    );
    const stations = freezingStations(FB_SNAPSHOT, IN_USE);
    expect(stations.length).toBeGreaterThan(150);
    expect(freezingStations(FB_SNAPSHOT, Date.UTC(2026, 0, 31, 12))).toEqual([]);
    const profile = routeProfile(route, null, { bins: 100, stations });
    render(
      <ThemeProvider theme={nightTheme}>
        <VerticalProfileChart profile={profile} units={FT} />
      </ThemeProvider>,
    );
    expect(profile.freezing).toHaveLength(100);
    expect(profile.freezing[0]!.stationId).toBe('SFO');
    expect(Math.abs(profile.freezing[0]!.altitudeFt - 12_800)).toBeLessThan(300);
    const line = screen.getByTestId('profile-freezing');
    expect(line.getAttribute('stroke')).toBe(nightTheme.palette.info.main);
    expect(line.getAttribute('stroke-dasharray')).toBe('6 4');
    const label = screen.getByTestId('profile-freezing-label');
    expect(label.textContent).toBe('0°C');
    const chart = profileChart(profile);
    expect(Number(label.dataset['xPct'])).toBeCloseTo((profile.freezing[0]!.alongNm / profile.totalNm) * 100, 1);
    expect(chart.freezingLabel!.yPct).toBeCloseTo((1 - profile.freezing[0]!.altitudeFt / chart.topFt) * 100, 6);
    expect(screen.queryByTestId('profile-freezing-note')).toBeNull();
  });

  it('over Kansas in January the FB is below freezing at its lowest level: no line, a note', () => {
    const profile = routeProfile(plannedRoute(), null, { bins: 50, stations: freezingStations(FB_SNAPSHOT, IN_USE) });
    render(<VerticalProfileChart profile={profile} units={FT} />);
    expect(profile.freezing.every((f) => f.below)).toBe(true);
    expect(profile.freezing.length).toBe(50);
    expect(screen.queryByTestId('profile-freezing')).toBeNull();
    expect(screen.getByTestId('profile-freezing-note').textContent).toMatch(/^0°C at or below (6,000|9,000) ft on part of the route/);
  });

  it('marks the aircraft at its distance along the route and its altitude', () => {
    const route = plannedRoute(9500);
    const profile = routeProfile(route, null, { bins: 100, aircraft: { lat: 40.3, lon: -100, altitudeFt: 7200 } });
    render(<VerticalProfileChart profile={profile} units={FT} />);
    const mark = screen.getByTestId('profile-aircraft');
    // 0.3° of latitude north of KAAA: 18 nm on the sphere (the leg's own scale), of the 80 nm route.
    expect(Number(mark.dataset['xPct'])).toBeCloseTo((profile.aircraft!.alongNm / profile.totalNm) * 100, 1);
    expect(Math.abs(profile.aircraft!.alongNm - 18)).toBeLessThan(0.1);
    expect(Number(mark.dataset['yPct'])).toBeCloseTo((1 - 7200 / profileChart(profile).topFt) * 100, 1);
    expect(mark.getAttribute('aria-label')).toBe('Aircraft 18 nm along the route at 7,200 ft');
  });
});

describe('VerticalProfileChart in a small panel', () => {
  it('a short route: TOC and TOD together are one label "TOC/TOD"; a short chart names every other altitude line', () => {
    const route = runFlightPlan(
      makeRoute([makeWaypoint('KAAA', 40, -100, { elevation: 1000, type: 'AIRPORT' }), makeWaypoint('KBBB', 40 + 12 / 60, -100, { elevation: 1000, type: 'AIRPORT' })]),
      { ...PROFILE, altitude: 9500 },
      { now: NOW, variationAt: null },
    );
    const profile = routeProfile(route, null, { bins: 50 });
    render(<VerticalProfileChart profile={profile} units={FT} heightPx={84} />);
    const chart = profileChart(profile);
    expect(Math.abs(chart.toc!.xPct - chart.tod!.xPct)).toBeLessThan(8);
    expect(screen.getByTestId('profile-toc').textContent).toBe('TOC/TOD');
    expect(screen.queryByTestId('profile-tod')).toBeNull();
    const named = screen.getAllByText(/^[\d,]+ ft$/).length;
    expect(named).toBe(Math.ceil(chart.gridFt.length / 2));
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

describe('RouteVerticalProfile', () => {
  const sfoFat = () => ({
    ...runFlightPlan(
      makeRoute([makeWaypoint('KSFO', 37.619, -122.375, { elevation: 13, type: 'AIRPORT' }), makeWaypoint('KFAT', 36.776, -119.718, { elevation: 336, type: 'AIRPORT' })]),
      { ...PROFILE, altitude: 9500 },
      { now: NOW, variationAt: null },
    ),
    etd_ms: IN_USE,
  });
  const held = buildWorkerWinds({ cycle: 1, bulletins: FB_SNAPSHOT.bulletins });

  function renderProfile(call: (method: string, params: unknown, options?: { signal?: AbortSignal }) => Promise<unknown>) {
    const store = makeStore();
    const routing = { call: vi.fn(call) } as unknown as RoutingWorkerFacade;
    const services = { prefs: undefined, applyUpdate: () => undefined, appVersion: 'test', routing } as unknown as AppServices;
    render(
      <Provider store={store}>
        <ServicesContext.Provider value={services}>
          <RouteVerticalProfile route={sfoFat()} units={FT} />
        </ServicesContext.Provider>
      </Provider>,
    );
    return { store, call: routing.call as unknown as ReturnType<typeof vi.fn> };
  }

  it('asks the routing worker for the stations at departure once it holds winds, and draws the freezing level', async () => {
    const { store, call } = renderProfile((method, params) =>
      method === 'freezingStations' ? Promise.resolve(freezingStationsAt(held, (params as { timeMs: number }).timeMs)) : Promise.reject(new Error(method)),
    );
    expect(screen.getByTestId('vertical-profile')).toBeTruthy();
    // No winds held yet: nothing asked, no line.
    expect(call).not.toHaveBeenCalled();
    expect(screen.queryByTestId('profile-freezing')).toBeNull();
    act(() => void store.dispatch(windsLoaded(held.info)));
    await waitFor(() => expect(screen.getByTestId('profile-freezing')).toBeTruthy());
    expect(call).toHaveBeenCalledWith('freezingStations', { timeMs: IN_USE }, { signal: expect.any(AbortSignal) as AbortSignal });
    // A new fbo cycle taken by the worker: asked again.
    act(() => void store.dispatch(windsLoaded({ ...held.info, cycle: 2 })));
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2));
  });

  it('draws without the freezing level, and says why in the console, when the worker fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { store, call } = renderProfile(() => Promise.reject(new Error('worker gone')));
      act(() => void store.dispatch(windsLoaded(held.info)));
      await waitFor(() => expect(warn).toHaveBeenCalledWith('[profile] freezing level stations could not be read', expect.objectContaining({ message: 'worker gone' })));
      expect(call).toHaveBeenCalledTimes(1);
      expect(screen.getByTestId('vertical-profile')).toBeTruthy();
      expect(screen.queryByTestId('profile-freezing')).toBeNull();
    } finally {
      warn.mockRestore();
    }
  });
});

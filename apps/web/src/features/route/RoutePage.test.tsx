import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PROFILE, type AircraftProfile, type Route } from '@clearway/flightplan';
import { renderApp } from '../../test/renderApp';
import { tinyArtifact } from '../../test/navFixture';
import { createRoutingHandlers, runHandler } from '../../worker/handlers';
import type { RoutingMethod, RoutingParams } from '../../worker/messages';
import type { RoutingWorkerFacade } from '../../worker/facade';
import { formatEtd, profileLoaded } from '../profile';
import { routeSet } from './routeSlice';
import { initialUnitsState } from '../settings';
import { fixtureLeg, fixtureRoute, fixtureWaypoint } from '../../test/route/navlogFixture';
import { navlogRow } from './navlogFormat';
import { NavlogTable } from './NavlogTable';
import { toDateTimeLocal } from './SummaryStrip';

/** A fake routing facade: the real handlers (engine included) over the tiny data set, in-process. */
async function fakeRouting(): Promise<RoutingWorkerFacade> {
  const handlers = createRoutingHandlers();
  const signal = new AbortController().signal;
  await runHandler(handlers, 'loadDatabase', { bytes: tinyArtifact() }, { signal });
  const call = <M extends RoutingMethod>(method: M, params: RoutingParams<M>) => runHandler(handlers, method, params, { signal });
  return { call } as unknown as RoutingWorkerFacade;
}

const PROFILE: AircraftProfile = { ...DEFAULT_PROFILE, etd: 30, etd_iso: new Date(Date.now() + 3_600_000).toISOString() };
/** A fixed departure, so the magnetic courses match the oracle's variation for that day. */
const FLIGHT_DAY: AircraftProfile = { ...PROFILE, etd_iso: '2026-11-21T18:00:00.000Z' };

/** The route page with a loaded profile and, when given, a route planned by the engine. */
async function openRoutePage(text: string | null = 'KHWD SUNOL KOAK', planProfile: AircraftProfile = PROFILE) {
  const routing = await fakeRouting();
  const app = renderApp('/app/route', { services: { routing } });
  act(() => {
    app.store.dispatch(profileLoaded(PROFILE));
  });
  let planned: Route | null = null;
  if (text) {
    const parsed = await routing.call('parseRoute', { text, profile: PROFILE });
    planned = await routing.call('runFlightPlan', { route: parsed, profile: planProfile });
    act(() => {
      app.store.dispatch(routeSet(planned as Route));
    });
  }
  await screen.findByRole('navigation', { name: 'Route screen' });
  return { ...app, routing, planned };
}

function button(name: string) {
  return within(screen.getByRole('navigation', { name: 'Route screen' })).getByRole('button', { name });
}

afterEach(() => {
  vi.useRealTimers();
});

/** A real pause while setTimeout is faked (setInterval stays real). */
function realPause(ms = 5): Promise<void> {
  return new Promise((resolve) => {
    const id = setInterval(() => {
      clearInterval(id);
      resolve();
    }, ms);
  });
}

/**
 * Waits (in real time, React updates flushed) until a check passes: the testing library's async
 * helpers need the real setTimeout, which the snackbar tests fake.
 */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !check(); i++) {
    await act(async () => {
      await realPause();
    });
  }
  expect(check()).toBe(true);
}

describe('RoutePage', () => {
  it("shows 'Getting Aircraft Profiles from Clearway server' until a profile is loaded, then the navlog", async () => {
    const { store } = renderApp('/app/route', { services: { routing: await fakeRouting() } });
    expect(await screen.findByText('Getting Aircraft Profiles from Clearway server')).toBeTruthy();
    act(() => {
      store.dispatch(profileLoaded(PROFILE));
    });
    await waitFor(() => expect(screen.getByTestId('page-route').getAttribute('data-mode')).toBe('navlog'));
    expect(screen.queryByText('Getting Aircraft Profiles from Clearway server')).toBeNull();
  });

  it('has the bottom buttons exactly as the spec lists them; Routes does nothing', async () => {
    const { store } = await openRoutePage();
    const nav = screen.getByRole('navigation', { name: 'Route screen' });
    expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Modify', 'NavLog', 'Profile', 'Clear', 'Recent', 'Save', 'Load', 'Reverse', 'Optimze', 'Routes',
    ]);
    const before = store.getState().route.current;
    fireEvent.click(button('Routes'));
    expect(screen.getByTestId('page-route').getAttribute('data-mode')).toBe('navlog');
    expect(store.getState().route.current).toBe(before);
  });

  it('shows the navlog with distances and magnetic courses from independent oracles, one row per leg', async () => {
    // Oracle for the tiny data set's positions (KHWD 37.6589 N 122.1217 W, SUNOL 37.6 N 121.9 W,
    // KOAK 37.7213 N 122.2208 W): GeographicLib's WGS84 geodesic and the magvar package's WMM2025 at
    // each leg's start on 21 November 2026. KHWD→SUNOL 11.141 nm, 108.40° true, variation 12.75° E:
    // 095.65° magnetic. SUNOL→KOAK 16.925 nm (28.066 cumulative), 295.53° true, 12.70° E: 282.83°.
    const oracle = [
      { wpt: 'SUNOL', cumNm: 11.141, magnetic: 95.65, dist: '11', course: '096°' },
      { wpt: 'KOAK', cumNm: 28.066, magnetic: 282.83, dist: '28', course: '283°' },
    ];
    const { planned } = await openRoutePage('KHWD SUNOL KOAK', FLIGHT_DAY);
    const rows = await screen.findAllByTestId('navlog-row');
    const legs = planned!.legs;
    expect(legs).toHaveLength(oracle.length);
    expect(rows).toHaveLength(oracle.length);
    oracle.forEach((want, i) => {
      const leg = legs[i]!;
      // The engine's numbers: spherical distance within 0.3% of the geodesic, course within 0.3°.
      expect(Math.abs(leg.cum_distance - want.cumNm) / want.cumNm).toBeLessThan(0.003);
      expect(Math.abs(leg.course - want.magnetic)).toBeLessThan(0.3);
      const row = rows[i]!;
      expect(within(row).getByTestId('navlog-wpt').textContent).toBe(want.wpt);
      expect(within(row).getByTestId('navlog-dist').textContent).toBe(want.dist);
      expect(within(row).getByTestId('navlog-course').textContent).toBe(want.course);
      expect(within(row).queryByTestId('navlog-radial')).toBeNull();
      // Ground speed, time and fuel as the row formats them.
      const shown = navlogRow(leg, i, initialUnitsState);
      expect(within(row).getByTestId('navlog-gs').textContent).toBe(shown.gs);
      expect(within(row).getByTestId('navlog-time').textContent).toBe(shown.time);
      expect(within(row).getByTestId('navlog-fuel').textContent).toBe(shown.fuel);
    });
    expect(screen.getByTestId('compact-route-summary')).toBeTruthy();
  });

  it('navlog mode has the vertical profile under the navlog and a Full navlog with TOC and TOD', async () => {
    const { planned } = await openRoutePage('KHWD SUNOL KOAK', FLIGHT_DAY);
    const chart = await screen.findByTestId('vertical-profile');
    expect(within(chart).getAllByTestId('profile-waypoint').map((w) => w.textContent)).toEqual(['KHWD', 'SUNOL', 'KOAK']);
    // No terrain service in this test: the plan alone, said so.
    expect(within(chart).getByTestId('profile-caption').textContent).toBe('No terrain data along this route');
    fireEvent.click(screen.getByRole('button', { name: 'Full navlog' }));
    const dialog = await screen.findByRole('dialog');
    const fixes = within(dialog).getAllByTestId('kneeboard-row').map((r) => r.querySelector('[data-col="fix"]')?.textContent);
    expect(fixes.filter((f) => f !== 'TOC' && f !== 'TOD')).toEqual(planned!.all_legs.map((l) => l.end.code));
    expect(fixes).toContain(planned!.toc ? 'TOC' : 'SUNOL');
    expect(within(dialog).getAllByTestId('kneeboard-frequencies').map((f) => f.textContent?.split(' ')[0])).toEqual(['KHWD', 'KOAK']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the VOR radial beside the magnetic course on an airway leg out of a VOR', async () => {
    // OAK VORTAC (37.7259 N 122.2236 W, published variation 17° E) to SUNOL on V334: 17.164 nm,
    // 115.98° true (GeographicLib); today's variation 12.78° E gives 103.20° magnetic, while the
    // radial from the station's published variation is 115.98 − 17 = 098.98: R-099.
    await openRoutePage('KHWD OAK V334 SUNOL', FLIGHT_DAY);
    const rows = await screen.findAllByTestId('navlog-row');
    expect(rows.map((r) => within(r).getByTestId('navlog-wpt').textContent)).toEqual(['OAK', 'V334', 'SUNOL']);
    const last = rows[2]!;
    expect(within(last).getByTestId('navlog-dist').textContent).toBe('23');
    expect(within(last).getByTestId('navlog-course').textContent).toBe('103°');
    expect(within(last).getByTestId('navlog-radial').textContent).toBe('R-099');
    // KHWD to OAK is a direct leg: 296.89° magnetic (GeographicLib, WMM2025), no radial.
    expect(within(rows[0]!).getByTestId('navlog-course').textContent).toBe('297°');
    expect(within(rows[0]!).queryByTestId('navlog-radial')).toBeNull();
  });

  it('shows the empty-list texts of Recent and Saved Routes', async () => {
    await openRoutePage();
    fireEvent.click(button('Recent'));
    expect(
      await screen.findByText(
        'No recent routes. As you search routes they are automatically added to history. You can recall and edit or save them for future',
      ),
    ).toBeTruthy();
    fireEvent.click(button('Load'));
    expect(await screen.findByText('No saved routes. Saved routes can be recalled and edited later')).toBeTruthy();
  });

  it("Save writes a routes row (deleted F) and shows 'Route Saved!' for 2.5 s; Load lists it, Delete sets T", async () => {
    const { prefs, planned } = await openRoutePage();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(button('Save'));
    await until(() => screen.queryByText('Route Saved!') !== null);
    const row = await prefs.routes.get(planned!.final_string);
    expect(row).toMatchObject({ final_string: planned!.final_string, deleted: 'F' });
    expect(typeof row?.ts).toBe('number');
    act(() => {
      vi.advanceTimersByTime(2499);
    });
    expect(screen.queryByText('Route Saved!')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1 + 1000);
    });
    await until(() => screen.queryByText('Route Saved!') === null);
    vi.useRealTimers();

    fireEvent.click(button('Load'));
    const item = await screen.findByTestId('route-list-item');
    expect(item.textContent).toContain(planned!.final_string);
    fireEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No saved routes. Saved routes can be recalled and edited later')).toBeTruthy();
    expect((await prefs.routes.get(planned!.final_string))?.deleted).toBe('T');
  });

  it('Clear empties the route and offers Undo for 4 s; Undo restores the previous route', async () => {
    const { store, planned } = await openRoutePage();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(button('Clear'));
    await until(() => screen.queryByTestId('clear-snackbar') !== null);
    const snackbar = screen.getByTestId('clear-snackbar');
    expect(store.getState().route.current).toBeNull();
    expect(within(snackbar).getByRole('button', { name: 'Undo' })).toBeTruthy();
    expect(within(snackbar).getByRole('button', { name: 'Ok' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(3999);
    });
    expect(screen.queryByTestId('clear-snackbar')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1 + 1000);
    });
    await until(() => screen.queryByTestId('clear-snackbar') === null);
    vi.useRealTimers();

    // Again, and Undo this time.
    act(() => {
      store.dispatch(routeSet(planned!));
    });
    fireEvent.click(button('Clear'));
    const again = await screen.findByTestId('clear-snackbar');
    await waitFor(() => expect(store.getState().route.current).toBeNull());
    fireEvent.click(within(again).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(store.getState().route.current?.final_string).toBe(planned!.final_string));
    expect(store.getState().route.current?.legs).toEqual(planned!.legs);
  });

  it("Reverse reverses the route through the engine and shows 'Route Reversed!'", async () => {
    const { store, routing, planned } = await openRoutePage();
    const expected = await routing.call('editRoute', { route: planned!, edit: { op: 'reverseRoute' }, profile: PROFILE });
    fireEvent.click(button('Reverse'));
    expect(await screen.findByText('Route Reversed!')).toBeTruthy();
    expect(store.getState().route.current?.final_string).toBe(expected.final_string);
    expect(store.getState().route.current?.final_string).not.toBe(planned!.final_string);
  });

  it('Recent Routes lists the search history newest first; Load goes to navlog, Save saves, Modify goes to edit', async () => {
    const { prefs, store } = await openRoutePage(null);
    await prefs.searches.bulkPut([
      { code: 'KHWD KOAK', deleted: 'F', ts: 1 },
      { code: 'KOAK SUNOL KHWD', deleted: 'F', ts: 2 },
      { code: 'KHWD OAK', deleted: 'T', ts: 3 },
    ]);
    fireEvent.click(button('Recent'));
    const items = await screen.findAllByTestId('route-list-item');
    expect(items.map((i) => i.querySelector('.MuiListItemText-primary')?.textContent)).toEqual(['KOAK SUNOL KHWD', 'KHWD KOAK']);
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(store.getState().route.current?.final_string).toBe('KOAK SUNOL KHWD'));
    await waitFor(() => expect(screen.getByTestId('page-route').getAttribute('data-mode')).toBe('navlog'));
    expect(await screen.findAllByTestId('navlog-row')).toHaveLength(2);

    fireEvent.click(button('Recent'));
    const again = await screen.findAllByTestId('route-list-item');
    fireEvent.click(within(again[1]!).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Route Saved!')).toBeTruthy();
    expect(await prefs.routes.get('KHWD KOAK')).toMatchObject({ deleted: 'F' });
    fireEvent.click(within(again[1]!).getByRole('button', { name: 'Modify' }));
    await waitFor(() => expect(store.getState().route.current?.final_string).toBe('KHWD KOAK'));
    await waitFor(() => expect(screen.getByTestId('page-route').getAttribute('data-mode')).toBe('edit'));
    expect(await screen.findByTestId('leg-edit-0')).toBeTruthy();
  });

  it("Optimze lists altitudes; clicking one sets and saves the profile altitude with 'Selected Cruise Altitude: {altitude}'", async () => {
    const { store, prefs } = await openRoutePage();
    fireEvent.click(button('Optimze'));
    const rows = await screen.findAllByTestId('optimizer-row');
    expect(rows.length).toBeGreaterThan(0);
    const pick = rows.find((r) => Number(r.getAttribute('data-altitude')) !== PROFILE.altitude) ?? rows[0]!;
    const altitude = Number(pick.getAttribute('data-altitude'));
    fireEvent.click(pick);
    expect(await screen.findByText(`Selected Cruise Altitude: ${altitude}`)).toBeTruthy();
    expect(store.getState().profile.current?.altitude).toBe(altitude);
    expect((await prefs.getProperty('profile'))?.altitude).toBe(altitude);
    // Changing a radio refetches: the table shows rows for the other hemisphere.
    const before = rows.map((r) => r.getAttribute('data-altitude'));
    const west = screen.getByRole('radio', { name: 'West' }) as HTMLInputElement;
    const east = screen.getByRole('radio', { name: 'East' }) as HTMLInputElement;
    fireEvent.click(west.checked ? east : west);
    await waitFor(() => expect(screen.getAllByTestId('optimizer-row').map((r) => r.getAttribute('data-altitude'))).not.toEqual(before));
  });

  it('ETD: a menu choice and a picked date save the profile; the strip shows h:mm am/pm', async () => {
    const { store, prefs } = await openRoutePage();
    const strip = screen.getByTestId('summary-strip');
    expect(within(strip).getByTestId('summary-aircraft').textContent).toBe(PROFILE.tail);
    fireEvent.mouseDown(within(strip).getByRole('combobox'));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Now', '15 min', '30 min', '60 min', '90 min', '120 min', '180 min', '240 min', '480 min', '720 min', '1080 min', '1440 min', '2160 min']);
    const before = Date.now();
    fireEvent.click(screen.getByRole('option', { name: '60 min' }));
    await waitFor(() => expect(store.getState().profile.current?.etd).toBe(60));
    const at = Date.parse(store.getState().profile.current!.etd_iso);
    expect(at).toBeGreaterThanOrEqual(before + 60 * 60_000);
    expect(at % (5 * 60_000)).toBe(0);
    await waitFor(async () => expect((await prefs.getProperty('profile'))?.etd).toBe(60));
    expect(within(strip).getByTestId('summary-etd').textContent).toBe(formatEtd(at));
    expect(within(strip).getByTestId('summary-etd').textContent).toMatch(/^\d{1,2}:\d\d (am|pm)$/);

    const picked = new Date();
    picked.setDate(picked.getDate() + 2);
    picked.setHours(10, 3, 0, 0);
    fireEvent.change(screen.getByTestId('etd-date'), { target: { value: toDateTimeLocal(picked.getTime()) } });
    await waitFor(() => expect(Date.parse(store.getState().profile.current!.etd_iso)).toBe(picked.getTime() + 2 * 60_000));
    expect(within(strip).getByTestId('summary-etd').textContent).toBe('10:05 am');
  });

  it('the map screen shows the compact route summary when a route exists', async () => {
    const { store, routing } = await openRoutePage(null);
    expect(screen.queryByTestId('compact-route-summary')).toBeNull();
    const parsed = await routing.call('parseRoute', { text: 'KHWD KOAK', profile: PROFILE });
    const planned = await routing.call('runFlightPlan', { route: parsed, profile: PROFILE });
    act(() => {
      store.dispatch(routeSet(planned));
    });
    expect(await screen.findByTestId('compact-route-summary')).toBeTruthy();
    cleanup();
    const map = renderApp('/app/map1', { services: { routing } });
    expect(map.container.querySelector('[data-testid="compact-route-summary"]')).toBeNull();
    act(() => {
      map.store.dispatch(profileLoaded(PROFILE));
      map.store.dispatch(routeSet(planned));
    });
    const summary = await screen.findByTestId('compact-route-summary');
    expect(within(summary).getByTestId('compact-fuel').textContent).toMatch(/^\d+\.\dg$/);
    expect(within(summary).getByTestId('compact-wind').getAttribute('data-error')).toBe(planned.avg_gs < PROFILE.airspeed ? 'true' : 'false');
  });

  it('Modify goes to edit and asks for the model list to be read again', async () => {
    const { store } = await openRoutePage();
    const before = store.getState().profile.modelsVersion;
    fireEvent.click(button('Modify'));
    expect(store.getState().profile.modelsVersion).toBe(before + 1);
    await waitFor(() => expect(screen.getByTestId('page-route').getAttribute('data-mode')).toBe('edit'));
  });

  it('a new route (new ts) resets the pending edit state', async () => {
    const { store, planned } = await openRoutePage();
    fireEvent.click(button('Modify'));
    const insert = await screen.findByRole('button', { name: 'Insert at start' });
    fireEvent.click(insert);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Insert at start' }).getAttribute('aria-pressed')).toBe('true'));
    act(() => {
      store.dispatch(routeSet({ ...planned!, ts: planned!.ts + 1 }));
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Insert at start' }).getAttribute('aria-pressed')).toBe('false'));
    expect(screen.getByTestId('page-route').getAttribute('data-mode')).toBe('edit');
  });

  it("Modify: a Remove offers Undo ('Removed SUNOL'), which puts the route back", async () => {
    const { store, planned } = await openRoutePage();
    fireEvent.click(button('Modify'));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove SUNOL' }));
    const snackbar = await screen.findByTestId('undo-snackbar');
    expect(within(snackbar).getByText('Removed SUNOL')).toBeTruthy();
    await waitFor(() => expect(store.getState().route.current?.final_string).toBe('KHWD KOAK'));
    fireEvent.click(within(snackbar).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(store.getState().route.current?.final_string).toBe(planned!.final_string));
    expect(screen.getByTestId('page-route').getAttribute('data-mode')).toBe('edit');
  });

  it('Modify: the removals come last in each leg, in a group of their own', async () => {
    await openRoutePage();
    fireEvent.click(button('Modify'));
    const leg = await screen.findByTestId('leg-edit-0');
    const labels = within(leg).getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(labels.at(-1)).toBe('Remove SUNOL');
    expect(labels.indexOf('Direct To SUNOL')).toBeLessThan(labels.indexOf('Remove SUNOL'));
    expect(within(screen.getByTestId('leg-remove-0')).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Remove SUNOL']);
  });

  it('Profile shows the Aircraft Profile form', async () => {
    await openRoutePage();
    fireEvent.click(button('Profile'));
    expect(screen.getByTestId('page-route').getAttribute('data-mode')).toBe('profile');
  });

  it('Profile: Save with the tail keeps the weight and balance with the aircraft profile (prefs and models row), trip fuel from the navlog', async () => {
    const { store, prefs, planned } = await openRoutePage();
    fireEvent.click(button('Profile'));
    const panel = await screen.findByTestId('wb-panel');
    // The trip fuel the panel uses is the navlog's total.
    expect(within(panel).getByTestId('wb-source').textContent).toContain(`Trip fuel ${planned!.total_fuel.toFixed(1)} gal from the navlog.`);
    fireEvent.change(within(panel).getByTestId('wb-empty-weight'), { target: { value: '1650' } });
    fireEvent.click(within(panel).getByTestId('wb-save'));
    await waitFor(async () => expect((await prefs.getProperty('profile'))?.['wb']).toBeTruthy());
    const stored = (await prefs.getProperty('profile'))?.['wb'] as { aircraft: { name: string; emptyWeightLb: number } };
    expect(stored.aircraft).toMatchObject({ name: 'Cessna 172S', emptyWeightLb: 1650 });
    expect((await prefs.models.get(PROFILE.tail))?.['wb']).toEqual(stored);
    expect(store.getState().profile.current?.wb?.aircraft.emptyWeightLb).toBe(1650);
  });
});

describe('NavlogTable', () => {
  const hwd = fixtureWaypoint('KHWD');
  const sunol = fixtureWaypoint('SUNOL', { directTo: true, alt_type: '@', alt1: 4000 });
  const bad = fixtureWaypoint('ZZZZZ', { invalid: true });
  const route = fixtureRoute(
    [hwd, sunol, bad],
    [
      fixtureLeg(hwd, sunol, { cum_distance: 9.96, course: 95.4, gs: 9.94, cum_time: 65, cum_fuel: 12 }),
      fixtureLeg(sunol, bad, { has_errors: true, cum_distance: 20 }),
    ],
    { airway_errors: ['V999 does not connect SUNOL'] },
  );

  it('shows the direct-to star, altitude constraint, number rules, error legs and airway errors in the error style', () => {
    render(<NavlogTable route={route} units={initialUnitsState} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['WPT', 'Dist', 'Course', 'GS', 'Time', 'Fuel']);
    const [first, second] = screen.getAllByTestId('navlog-row');
    expect(within(first!).getByTestId('navlog-wpt').textContent).toBe('*SUNOL@4000 ft');
    expect(within(first!).getByTestId('navlog-dist').textContent).toBe('10');
    expect(within(first!).getByTestId('navlog-course').textContent).toBe('095°');
    expect(within(first!).getByTestId('navlog-gs').textContent).toBe('9.9');
    expect(within(first!).getByTestId('navlog-time').textContent).toBe('1:05');
    expect(within(first!).getByTestId('navlog-fuel').textContent).toBe('12.0');
    expect(first!.getAttribute('data-has-errors')).toBe('false');

    expect(second!.getAttribute('data-has-errors')).toBe('true');
    const wpt = within(second!).getByTestId('navlog-wpt');
    expect(wpt.textContent).toBe('SUNOL-ZZZZZ');
    expect(wpt.className).toContain('navlog-error');
    expect(within(second!).getByTestId('navlog-dist').textContent).toBe('');
    expect(within(second!).getByTestId('navlog-fuel').textContent).toBe('');

    const errors = screen.getByTestId('airway-errors');
    expect(errors.textContent).toBe('V999 does not connect SUNOL');
    expect(errors.querySelector('.navlog-error')).not.toBeNull();
  });
});

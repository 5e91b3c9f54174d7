// The flight plan page in the app (renderApp): a plan made from the current route and profile, its
// boxes checked with the FAA's wording, the FPL message, and file / amend (refused) / activate /
// close through a stand-in of the server's /fs routes that keeps each plan's state as the server does
// (the routes themselves are tested on SQLite and PostgreSQL in apps/server flightservice/).
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildFplMessage, DEFAULT_PROFILE, EMPTY_FPL_FORM, type FplForm } from '@clearway/flightplan';
import { makeRoute, makeWaypoint } from '@clearway/flightplan/testing';
import { canDoFlightPlanAction, type FiledPlan, type FlightPlanAction } from '@clearway/protocol';
import { renderApp, testPrefs } from '../../test/renderApp';
import { profileLoaded } from '../profile';
import { listPlans } from './plans';
import { tableSynced } from '../../platform/syncedTables';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The /fs routes as the server answers them, with the test provider's refusal on RMK/TEST REFUSE. */
function fakeFlightService() {
  const plans = new Map<string, FiledPlan>();
  const calls: string[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/fs/provider')) return json(200, { provider: 'test', test_mode: true, label: 'Test provider: plans are not sent to flight service' });
    const m = /\/fs\/plans\/([^/]+)\/(\w+)$/.exec(url);
    if (!m) return json(404, { error: 'not found' });
    const [, id, action] = m as unknown as [string, string, FlightPlanAction];
    calls.push(action);
    const existing = plans.get(id);
    if (!canDoFlightPlanAction(action, existing?.state ?? 'draft')) return json(409, { error: `This plan is ${existing?.state ?? 'not filed'}` });
    const form = (JSON.parse(String(init?.body)) as { form?: FplForm }).form;
    if (form?.otherInfo.includes('TEST REFUSE')) return json(200, { result: 'refused', reason: 'Test provider refused the plan of N12345', plan: existing ?? null });
    const next: FiledPlan = {
      flight_id: id,
      state: action === 'file' || action === 'amend' ? 'filed' : action === 'activate' ? 'active' : action === 'close' ? 'closed' : 'cancelled',
      provider: 'test', test_mode: true, reference: 'TEST-1',
      message: form ? buildFplMessage({ ...EMPTY_FPL_FORM, ...form }).message : existing!.message,
      version: action === 'file' ? 1 : action === 'amend' ? existing!.version + 1 : existing!.version,
      updated_at: 1,
    };
    plans.set(id, next);
    return json(200, { result: 'ok', plan: next });
  };
  return { fetchFn, plans, calls };
}

const route = {
  ...makeRoute([makeWaypoint('KHWD', 37.659, -122.122), makeWaypoint('SUNOL', 37.6, -121.9), makeWaypoint('KLVK', 37.693, -121.82)]),
  total_min: 23.4,
  etd_ms: Date.UTC(2026, 11, 6, 15, 30),
};

/** A complete, valid VFR form (as the first test leaves it). */
const VALID_FORM: FplForm = {
  ...EMPTY_FPL_FORM,
  aircraftId: 'N12345', flightRules: 'V', flightType: 'G', aircraftType: 'C172', wake: 'L', equipment: 'SG', surveillance: 'C',
  departure: 'KHWD', departureTime: '1530', speed: 'N0110', level: 'A045', route: 'DCT SUNOL', destination: 'KLVK', eet: '0024',
  otherInfo: 'DOF/261206', endurance: '0500', personsOnBoard: '2', colour: 'WHITE BLUE', pilot: 'J SMITH',
};

function type(field: keyof FplForm, value: string) {
  fireEvent.change(screen.getByTestId(`fpl-${field}`), { target: { value } });
}

describe('FlightPlanPage', () => {
  it('makes a plan from the route and shows each box\'s errors in the FAA\'s words and the FPL message', async () => {
    const fs = fakeFlightService();
    vi.stubGlobal('fetch', fs.fetchFn);
    const prefs = testPrefs();
    const { store } = renderApp('/app/afss_flight_plan', { prefs });
    act(() => {
      store.dispatch(profileLoaded({ ...DEFAULT_PROFILE, tail: 'N12345', airspeed: 110, altitude: 4500, starting_fuel: 50, gph: 10, primary_color: 'W', secondary_color: 'B' }));
      store.dispatch({ type: 'route/routeSynced', payload: route });
    });
    expect((await screen.findByTestId('fs-test-provider')).textContent).toContain('Test provider: plans are not sent to flight service');

    fireEvent.click(screen.getByRole('button', { name: 'New plan from route' }));
    await waitFor(() => expect((screen.getByTestId('fpl-aircraftId') as HTMLInputElement).value).toBe('N12345'));
    expect((screen.getByTestId('fpl-route') as HTMLInputElement).value).toBe('DCT SUNOL');
    expect((screen.getByTestId('fpl-eet') as HTMLInputElement).value).toBe('0024');
    expect((screen.getByTestId('fpl-colour') as HTMLInputElement).value).toBe('WHITE BLUE');
    // Boxes the route and profile do not give are refused in the FAA's words, and File waits for them.
    expect(screen.getByText(/Item 9, Type of aircraft: INSERT the aircraft type designator/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'File' }) as HTMLButtonElement).disabled).toBe(true);

    type('aircraftType', 'c172');
    type('equipment', 'SG');
    type('surveillance', 'C');
    type('personsOnBoard', '2');
    type('pilot', 'J SMITH');
    type('aircraftId', 'N123-45');
    expect(screen.getByText(/Item 7, Aircraft identification: "N123-45" is not valid/)).toBeTruthy();
    type('aircraftId', 'N12345');
    expect(screen.getByTestId('fpl-message').textContent).toBe(
      ['(FPL-N12345-VG', '-C172/L-SG/C', '-KHWD1530', '-N0110A045 DCT SUNOL', '-KLVK0024', '-DOF/261206)', '-E/0500 P/2 A/WHITE BLUE C/J SMITH'].join('\n'),
    );
  }, 120_000);

  it('files a plan, is refused an amendment (the plan kept), activates and closes it, each state shown and saved', async () => {
    const fs = fakeFlightService();
    vi.stubGlobal('fetch', fs.fetchFn);
    const prefs = testPrefs();
    await prefs.flight_plans.put({ flight_id: 'fp-1', ts: 1, deleted: 'F', state: 'draft', form: VALID_FORM });
    renderApp('/app/afss_flight_plan', { prefs });
    fireEvent.click(await screen.findByTestId('plan-fp-1'));
    const id = 'fp-1';
    fireEvent.click(screen.getByRole('button', { name: 'File' }));
    await waitFor(async () => expect((await listPlans(prefs))[0]?.state).toBe('filed'));
    await waitFor(() => expect(screen.getByTestId(`plan-state-${id}`).textContent).toContain('Filed'));

    type('otherInfo', 'DOF/261206 RMK/TEST REFUSE');
    fireEvent.click(screen.getByRole('button', { name: 'Amend' }));
    expect((await screen.findByTestId('plan-notice')).textContent).toContain('Refused by the test provider: Test provider refused the plan of N12345. The plan is kept as it was.');
    const refused = (await listPlans(prefs))[0]!;
    expect([refused.state, refused.version, refused.refusal]).toEqual(['filed', 1, 'Test provider refused the plan of N12345']);

    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(screen.getByTestId(`plan-state-${id}`).textContent).toContain('Active'));
    expect((screen.getByRole('button', { name: 'Amend' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId(`plan-state-${id}`).textContent).toContain('Closed'));
    expect(fs.calls).toEqual(['file', 'amend', 'activate', 'close']);
    expect((await listPlans(prefs))[0]).toMatchObject({ state: 'closed', reference: 'TEST-1', refusal: null });
  }, 120_000);

  it('shows a plan another device saved, with its state, when the sync brings it', async () => {
    vi.stubGlobal('fetch', fakeFlightService().fetchFn);
    const prefs = testPrefs();
    const { store } = renderApp('/app/afss_flight_plan', { prefs });
    expect(await screen.findByText('No flight plans yet.')).toBeTruthy();
    await prefs.flight_plans.put({ flight_id: 'fp-other', ts: 5, deleted: 'F', state: 'active', form: { ...EMPTY_FPL_FORM, aircraftId: 'N777', departure: 'KOAK', destination: 'KSAC' } });
    act(() => {
      store.dispatch(tableSynced('flight_plans'));
    });
    expect((await screen.findByTestId('plan-state-fp-other')).textContent).toContain('Active');
    expect((screen.getByTestId('plan-fp-other')).textContent).toContain('N777 KOAK → KSAC');
  }, 60_000);
});

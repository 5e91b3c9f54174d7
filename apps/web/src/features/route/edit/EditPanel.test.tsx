import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Route } from '@clearway/flightplan';
import type { RoutingWorkerFacade } from '../../../worker/facade';
import { fixtureRouting, flownRoute, renderPanel } from '../../../test/route/editKit';
import { NO_EDIT } from './editState';

let routing: RoutingWorkerFacade;
let toHwd: Route;
let fromHwd: Route;

beforeAll(async () => {
  routing = await fixtureRouting();
  toHwd = await flownRoute(routing, 'KOAK SUNOL KHWD');
  fromHwd = await flownRoute(routing, 'KHWD SUNOL KOAK');
});

const select = (label: string) => screen.getByRole('combobox', { name: label }) as HTMLSelectElement;
const optionTexts = (label: string) => within(select(label)).getAllByRole('option').map((o) => o.textContent);

describe('EditPanel: waypoint search', () => {
  it("uppercases, says '{CODE} not found' and offers no Add for an unknown code", async () => {
    renderPanel(routing, fromHwd, { edit_mode: 'insert', edit_code: 'SUNOL', insert_at: 'after' });
    expect(screen.getByText('Insert after SUNOL')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Waypoint' }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'zz' } });
    expect(box.value).toBe('ZZ');
    expect(await screen.findByText('ZZ not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });

  it('does not search below 2 characters', async () => {
    renderPanel(routing, fromHwd, { edit_mode: 'insert', edit_code: 'SUNOL', insert_at: 'after' });
    const box = screen.getByRole('textbox', { name: 'Waypoint' });
    // 'O' alone would find nothing either way; 'OA' is searched and not found, proving the search runs at 2.
    fireEvent.change(box, { target: { value: 'o' } });
    fireEvent.change(box, { target: { value: 'oa' } });
    expect(await screen.findByText('OA not found')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'o' } });
    expect(screen.queryByText(/not found|Found!/)).toBeNull();
  });

  it("shows 'Found! ...' with distance and bearing from the reference and adds after it", async () => {
    const { edits, states } = renderPanel(routing, fromHwd, { edit_mode: 'insert', edit_code: 'SUNOL', insert_at: 'after' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Waypoint' }), { target: { value: 'oak' } });
    // The engine picks the airport OAK over the VOR near SUNOL; SUNOL has no variation: true bearing.
    expect(await screen.findByText('Found! OAK METROPOLITAN OAKLAND INTL, 17 nm 296° from SUNOL')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(edits).toHaveLength(1));
    expect(edits[0]).toMatchObject({ op: 'addWaypoint2', reference: 'SUNOL', waypoint: { code: 'OAK', type: 'AIRPORT' } });
    await waitFor(() => expect(states.at(-1)).toEqual(NO_EDIT));
  });

  it('inserts before the waypoint of the sub-mode', async () => {
    const before = renderPanel(routing, fromHwd, { edit_mode: 'insert_before', edit_code: 'KOAK', insert_at: 'before' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Waypoint' }), { target: { value: 'OAK' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    await waitFor(() => expect(before.edits[0]).toMatchObject({ op: 'addWaypoint1', reference: 'KOAK' }));
  });
});

describe('EditPanel: waypoint search timing and failures', () => {
  afterEach(() => vi.useRealTimers());

  /** The engine, counting getWaypoint calls; `fail` makes them reject. */
  function counting(fail = false) {
    const codes: string[] = [];
    const call = ((method: string, params: { code: string }) => {
      if (method === 'getWaypoint') {
        codes.push(params.code);
        if (fail) return Promise.reject(new Error('worker gone'));
      }
      return (routing.call as (m: string, p: unknown) => Promise<unknown>)(method, params);
    }) as RoutingWorkerFacade['call'];
    return { facade: { call } as RoutingWorkerFacade, codes };
  }

  it('debounces 100 ms: quick typing searches once, for the last text', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { facade, codes } = counting();
    renderPanel(facade, fromHwd, { edit_mode: 'insert', edit_code: 'SUNOL', insert_at: 'after' });
    const box = screen.getByRole('textbox', { name: 'Waypoint' });
    for (const text of ['o', 'oa', 'oak']) fireEvent.change(box, { target: { value: text } });
    act(() => vi.advanceTimersByTime(99));
    expect(codes).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(codes).toEqual(['OAK']);
    vi.useRealTimers();
    expect(await screen.findByText(/^Found! OAK /)).toBeTruthy();
  });

  it('swallows search failures: no hint, no Add', async () => {
    const { facade, codes } = counting(true);
    renderPanel(facade, fromHwd, { edit_mode: 'insert', edit_code: 'SUNOL', insert_at: 'after' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Waypoint' }), { target: { value: 'oak' } });
    await waitFor(() => expect(codes).toEqual(['OAK']));
    expect(screen.queryByText(/not found|Found!/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });
});

describe('EditPanel: VNAV', () => {
  it("shows 'Invalid Number' without a word character and Set only with a valid value", async () => {
    const { edits } = renderPanel(routing, fromHwd, { edit_mode: 'vnav', edit_code: 'SUNOL', insert_at: null });
    const box = screen.getByRole('textbox', { name: 'VNAV altitude' });
    expect(screen.queryByRole('button', { name: 'Set' })).toBeNull();
    fireEvent.change(box, { target: { value: '-' } });
    expect(screen.getByText('Invalid Number')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set' })).toBeNull();
    fireEvent.change(box, { target: { value: '4500' } });
    expect(screen.queryByText('Invalid Number')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Set' }));
    await waitFor(() => expect(edits).toEqual([{ op: 'setAltitude1', code: 'SUNOL', altitude: '4500' }]));
  });

  it('clears an altitude with -1', async () => {
    const { edits } = renderPanel(routing, fromHwd, { edit_mode: 'clear_vnav', edit_code: 'SUNOL', insert_at: null });
    fireEvent.click(screen.getByRole('button', { name: 'Clear VNAV' }));
    await waitFor(() => expect(edits).toEqual([{ op: 'setAltitude1', code: 'SUNOL', altitude: -1 }]));
  });
});

describe('EditPanel: procedure pickers', () => {
  it('DP: one runway and no enroute transition are selected by themselves and the final fixes previewed', async () => {
    const { edits, store } = renderPanel(routing, fromHwd, { edit_mode: 'dp', edit_code: 'KHWD', insert_at: null });
    await waitFor(() => expect(optionTexts('DP')).toContain('HWD THREE'));
    expect(screen.queryByRole('button', { name: 'Select DP' })).toBeNull();
    fireEvent.change(select('DP'), { target: { value: 'HWD3' } });
    expect(await screen.findByRole('button', { name: 'Select DP' })).toBeTruthy();
    expect(select('Runway').value).toBe('RW28L');
    expect(select('Transition').value).toBe('NOTRANSITION');
    expect(optionTexts('Transition')).toContain('No Transition');
    expect(screen.getByTestId('final-fixes').textContent).toBe('SUNOL +3000');
    expect(store.getState().map.final_fixes.fixes.map((f) => f.code)).toEqual(['SUNOL']);
    fireEvent.click(screen.getByRole('button', { name: 'Select DP' }));
    await waitFor(() => expect(edits).toHaveLength(1));
    expect(edits[0]).toMatchObject({ op: 'setDP', selection: 'HWD3.RW28L', origin: 'KHWD', finalFixes: [{ code: 'SUNOL', alt1: 3000, alt_type: '+' }] });
  });

  it('STAR: several enroute transitions wait for a choice; the single runway level is then auto-selected', async () => {
    const { edits, store } = renderPanel(routing, toHwd, { edit_mode: 'star', edit_code: 'KHWD', insert_at: null });
    await waitFor(() => expect(optionTexts('STAR')).toEqual(['Choose...', 'SHARR ONE', 'PXN SIX']));
    fireEvent.change(select('STAR'), { target: { value: 'SHARR1' } });
    await waitFor(() => expect(optionTexts('Transition')).toEqual(['Choose...', 'MRLET', 'RUSME']));
    expect(select('Transition').value).toBe('');
    expect(screen.queryByRole('combobox', { name: 'Runway' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Select STAR' })).toBeNull();
    expect(store.getState().map.final_fixes.fixes).toEqual([]);
    fireEvent.change(select('Transition'), { target: { value: 'MRLET' } });
    expect(await screen.findByRole('button', { name: 'Select STAR' })).toBeTruthy();
    expect(select('Runway').value).toBe('NOTRANSITION');
    expect(screen.getByTestId('final-fixes').textContent).toBe('MRLET SHARR CATTY +3000');
    expect(store.getState().map.final_fixes.fixes.map((f) => f.code)).toEqual(['MRLET', 'SHARR', 'CATTY']);
    expect(store.getState().map.final_fixes.ts).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Select STAR' }));
    await waitFor(() => expect(edits).toHaveLength(1));
    expect(edits[0]).toMatchObject({ op: 'setStar', selection: 'MRLET.SHARR1', destination: 'KHWD' });
  });

  it('STAR with a single enroute transition cascades to the end by itself', async () => {
    const { edits } = renderPanel(routing, toHwd, { edit_mode: 'star', edit_code: 'KHWD', insert_at: null });
    await waitFor(() => expect(optionTexts('STAR')).toContain('PXN SIX'));
    fireEvent.change(select('STAR'), { target: { value: 'PXN6' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Select STAR' }));
    await waitFor(() => expect(edits[0]).toMatchObject({ op: 'setStar', selection: 'AVE.PXN6' }));
    expect(screen.getByTestId('final-fixes').textContent).toBe('AVE PXN SUNOL');
  });

  it("Approach: 'Vectors To Final' previews the final from its FAF; Cancel clears the preview", async () => {
    const { edits, states, store } = renderPanel(routing, toHwd, { edit_mode: 'approach', edit_code: 'KHWD', insert_at: null });
    await waitFor(() => expect(optionTexts('Approach')).toEqual(['Choose...', 'RNAV (GPS) RWY 28L']));
    fireEvent.change(select('Approach'), { target: { value: 'R28L' } });
    await waitFor(() => expect(optionTexts('Transition')).toEqual(['Choose...', 'Vectors To Final', 'SUNOL']));
    expect(screen.queryByRole('button', { name: 'Select Approach' })).toBeNull();
    fireEvent.change(select('Transition'), { target: { value: 'SUNOL' } });
    await waitFor(() => expect(screen.getByTestId('final-fixes').textContent).toBe('SUNOL JOBUS @3500 SUDGE @2000 RW28L'));
    fireEvent.change(select('Transition'), { target: { value: 'VTF' } });
    await waitFor(() => expect(screen.getByTestId('final-fixes').textContent).toBe('SUDGE @2000 RW28L'));
    expect(store.getState().map.final_fixes.fixes.map((f) => f.code)).toEqual(['SUDGE', 'RW28L']);
    fireEvent.click(screen.getByRole('button', { name: 'Select Approach' }));
    await waitFor(() => expect(edits).toEqual([{ op: 'selectAproach', airport: 'KHWD', procedure: 'R28L', transition: 'VTF', flag: 'PF' }]));

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(store.getState().map.final_fixes).toEqual({ fixes: [], ts: 0 });
    expect(states.at(-1)).toEqual(NO_EDIT);
  });

  it('Cancel in the middle of a cascade clears the final-fix preview', async () => {
    const { store, states } = renderPanel(routing, fromHwd, { edit_mode: 'dp', edit_code: 'KHWD', insert_at: null });
    await waitFor(() => expect(optionTexts('DP')).toContain('HWD THREE'));
    fireEvent.change(select('DP'), { target: { value: 'HWD3' } });
    await waitFor(() => expect(store.getState().map.final_fixes.fixes).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(store.getState().map.final_fixes).toEqual({ fixes: [], ts: 0 });
    expect(states).toEqual([NO_EDIT]);
  });
});

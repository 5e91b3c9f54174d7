import { describe, expect, it, vi } from 'vitest';
import { pressRouteButton, ROUTE_BUTTONS } from './buttons';
import { clearRoute, dismissUndo, undo } from './clear';
import { applyEdit, removalOf } from './edit';
import { ROUTE_ACTIONS } from './index';
import { selectAltitude, setEtd } from './profile';
import { reverseRoute } from './reverse';
import { removedText, ROUTE_CLEARED_TEXT, ROUTE_REVERSED_TEXT, selectedAltitudeText } from './texts';
import { actionHarness, engineCall, PROFILE, withRoute } from '../../../test/route/actionsKit';

const storedRoute = async (h: Awaited<ReturnType<typeof actionHarness>>) =>
  (await h.prefs.getProperty('route')) as { final_string?: string } | undefined;

describe('reverseRoute', () => {
  it("commits the engine's reversed route, planned, and shows 'Route Reversed!'", async () => {
    const h = await actionHarness();
    expect(reverseRoute.isEnabled?.(h.context)).toBe(false);
    const route = await withRoute(h, 'KHWD SUNOL KOAK');
    expect(reverseRoute.isEnabled?.(h.context)).toBe(true);
    const expected = await (await engineCall())('editRoute', { route, edit: { op: 'reverseRoute' }, profile: PROFILE });
    await reverseRoute.perform(h.context);
    const current = h.store.getState().route.current;
    expect(current?.final_string).toBe(expected.final_string);
    expect(current?.final_string).toBe('KOAK SUNOL KHWD');
    expect(current?.legs.every((l) => l.gs > 0)).toBe(true);
    expect((await storedRoute(h))?.final_string).toBe('KOAK SUNOL KHWD');
    expect(h.screen.getState().message?.text).toBe(ROUTE_REVERSED_TEXT);
  });

  it('a failing engine changes nothing and shows no message', async () => {
    const h = await actionHarness();
    const route = await withRoute(h, 'KHWD SUNOL KOAK');
    const failing = { ...h.context, routing: { call: () => Promise.reject(new Error('engine down')) } as typeof h.context.routing };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await reverseRoute.perform(failing);
    expect(logged).toHaveBeenCalledWith('Could not reverse the route', expect.any(Error));
    logged.mockRestore();
    expect(h.store.getState().route.current).toBe(route);
    expect(h.screen.getState().message).toBeNull();
  });
});

describe('clearRoute, undo and dismissUndo', () => {
  it("Clear empties the route and its stored copy and offers Undo ('Route Cleared'); Undo puts the previous route back", async () => {
    const h = await actionHarness();
    expect(clearRoute.isEnabled?.(h.context)).toBe(false);
    const route = await withRoute(h, 'KHWD SUNOL KOAK');
    await h.prefs.setProperty('route', route as never);
    await clearRoute.perform(h.context);
    expect(h.store.getState().route.current).toBeNull();
    expect(await h.prefs.getProperty('route')).toBeUndefined();
    expect(h.screen.getState().undo).toMatchObject({ text: ROUTE_CLEARED_TEXT, source: 'clear', restore: { kind: 'route', previous: route } });
    expect(undo.isEnabled?.(h.context)).toBe(true);

    h.clock.now += 60_000;
    await undo.perform(h.context);
    const current = h.store.getState().route.current;
    expect(current?.final_string).toBe(route.final_string);
    expect(current?.legs).toEqual(route.legs);
    expect(current?.ts).toBe(h.clock.now);
    expect((await storedRoute(h))?.final_string).toBe(route.final_string);
    expect(h.screen.getState().undo).toBeNull();
    expect(undo.isEnabled?.(h.context)).toBe(false);
  });

  it('Ok dismisses the offer: nothing comes back, and a later Undo does nothing', async () => {
    const h = await actionHarness();
    await withRoute(h, 'KHWD SUNOL KOAK');
    await clearRoute.perform(h.context);
    await dismissUndo.perform(h.context);
    expect(h.screen.getState().undo).toBeNull();
    await undo.perform(h.context);
    expect(h.store.getState().route.current).toBeNull();
  });

  it('the undo offer replaces a message on screen', async () => {
    const h = await actionHarness();
    await withRoute(h, 'KHWD SUNOL KOAK');
    h.screen.showMessage(ROUTE_REVERSED_TEXT);
    await clearRoute.perform(h.context);
    expect(h.screen.getState().message).toBeNull();
    expect(h.screen.getState().undo).not.toBeNull();
  });
});

describe('applyEdit', () => {
  it("a removal commits the edited route and offers Undo ('Removed SUNOL'), which restores the route before it", async () => {
    const h = await actionHarness('edit');
    const route = await withRoute(h, 'KHWD SUNOL KOAK');
    const sunol = route.waypoints[1]!;
    await applyEdit.perform(h.context, { op: 'removeWaypoint', code: sunol });
    expect(h.store.getState().route.current?.final_string).toBe('KHWD KOAK');
    expect((await storedRoute(h))?.final_string).toBe('KHWD KOAK');
    expect(h.screen.getState().undo).toMatchObject({ text: removedText('SUNOL'), source: 'edit' });
    await undo.perform(h.context);
    expect(h.store.getState().route.current?.final_string).toBe('KHWD SUNOL KOAK');
    expect((await storedRoute(h))?.final_string).toBe('KHWD SUNOL KOAK');
    expect(h.screen.getState().mode).toBe('edit');
  });

  it('an edit that removes nothing (Move up) offers no Undo', async () => {
    const h = await actionHarness('edit');
    const route = await withRoute(h, 'KHWD SUNOL KOAK');
    await applyEdit.perform(h.context, { op: 'moveUp', waypoint: route.waypoints[1]! });
    expect(h.store.getState().route.current?.final_string).toBe('SUNOL KHWD KOAK');
    expect(h.screen.getState().undo).toBeNull();
  });

  it('names what each destructive edit removes', () => {
    expect(removalOf({ op: 'removeWaypoint', code: 'SUNOL' })).toBe('SUNOL');
    expect(removalOf({ op: 'removeAirway', airway: 'V334' })).toBe('airway V334');
    expect(removalOf({ op: 'removeDP' })).toBe('DP');
    expect(removalOf({ op: 'removeStar' })).toBe('STAR');
    expect(removalOf({ op: 'removeAproach' })).toBe('approach');
    expect(removalOf({ op: 'moveDown', waypoint: 'SUNOL' })).toBeNull();
    expect(removalOf({ op: 'setAltitude1', code: 'SUNOL', altitude: -1 })).toBe('altitude at SUNOL');
    expect(removalOf({ op: 'setAltitude1', code: 'SUNOL', altitude: '4500' })).toBeNull();
  });
});

describe('selectAltitude and setEtd', () => {
  it("the optimizer's pick sets and stores the profile altitude and shows 'Selected Cruise Altitude: {altitude}'", async () => {
    const h = await actionHarness('optimizer');
    await selectAltitude.perform(h.context, 8500);
    expect(h.store.getState().profile.current?.altitude).toBe(8500);
    expect(((await h.prefs.getProperty('profile')) as { altitude?: number } | undefined)?.altitude).toBe(8500);
    expect(await h.prefs.models.get(PROFILE.tail)).toMatchObject({ altitude: 8500, deleted: 'F' });
    expect(h.screen.getState().message?.text).toBe(selectedAltitudeText(8500));
  });

  it('an ETD choice stores the offset and the departure time rounded up to 5 minutes on the clock', async () => {
    const h = await actionHarness();
    h.clock.now = Date.parse('2026-11-21T18:02:00Z');
    await setEtd.perform(h.context, { offsetMinutes: 60 });
    expect(h.store.getState().profile.current).toMatchObject({ etd: 60, etd_iso: '2026-11-21T19:05:00.000Z' });
    await setEtd.perform(h.context, { atMs: Date.parse('2026-11-21T21:01:00Z') });
    expect(h.store.getState().profile.current).toMatchObject({ etd: 183, etd_iso: '2026-11-21T21:05:00.000Z' });
    expect(((await h.prefs.getProperty('profile')) as { etd?: number } | undefined)?.etd).toBe(183);
  });
});

describe('pressRouteButton', () => {
  it('Modify goes to edit and asks for the model list again; NavLog, Profile and Optimze only change mode; Routes does nothing', async () => {
    const h = await actionHarness();
    const route = await withRoute(h, 'KHWD SUNOL KOAK');
    const models = h.store.getState().profile.modelsVersion;
    await pressRouteButton.perform(h.context, 'Modify');
    expect(h.screen.getState().mode).toBe('edit');
    expect(h.store.getState().profile.modelsVersion).toBe(models + 1);
    for (const [button, mode] of [['Profile', 'profile'], ['Optimze', 'optimizer'], ['NavLog', 'navlog']] as const) {
      await pressRouteButton.perform(h.context, button);
      expect(h.screen.getState().mode).toBe(mode);
    }
    const before = h.screen.getState();
    await pressRouteButton.perform(h.context, 'Routes');
    expect(h.screen.getState()).toBe(before);
    expect(h.store.getState().route.current).toBe(route);
  });

  it('Clear, Save, Recent, Load and Reverse run their actions', async () => {
    const h = await actionHarness();
    await withRoute(h, 'KHWD SUNOL KOAK');
    await pressRouteButton.perform(h.context, 'Save');
    expect((await h.prefs.routes.get('KHWD SUNOL KOAK'))?.deleted).toBe('F');
    await pressRouteButton.perform(h.context, 'Reverse');
    expect(h.store.getState().route.current?.final_string).toBe('KOAK SUNOL KHWD');
    await pressRouteButton.perform(h.context, 'Load');
    expect(h.screen.getState()).toMatchObject({ mode: 'saved', saved: [{ code: 'KHWD SUNOL KOAK' }] });
    await pressRouteButton.perform(h.context, 'Recent');
    expect(h.screen.getState()).toMatchObject({ mode: 'recent', recent: [] });
    await pressRouteButton.perform(h.context, 'Clear');
    expect(h.store.getState().route.current).toBeNull();
    expect(h.screen.getState().undo?.source).toBe('clear');
    expect(ROUTE_BUTTONS).toHaveLength(10);
  });

  it('every action has its own name', () => {
    const names = ROUTE_ACTIONS.map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

import { describe, expect, it } from 'vitest';
import { clearRoute } from './clear';
import { deleteSavedRoute, loadRoute, openList, saveRoute } from './lists';
import { planAndCommit } from './planAndCommit';
import { showMode } from './profile';
import { ROUTE_DELETED_TEXT, ROUTE_SAVED_TEXT } from './texts';
import { undo } from './clear';
import { actionHarness, withRoute } from '../../../test/route/actionsKit';

describe('openList and loadRoute', () => {
  it('Recent shows the search history; Load of an entry commits it planned and goes to navlog', async () => {
    const h = await actionHarness();
    await h.prefs.searches.bulkPut([
      { code: 'KHWD KOAK', deleted: 'F', ts: 1 },
      { code: 'KOAK SUNOL KHWD', deleted: 'F', ts: 2 },
    ]);
    await openList.perform(h.context, 'recent');
    expect(h.screen.getState().mode).toBe('recent');
    expect(h.screen.getState().recent).toEqual([{ code: 'KOAK SUNOL KHWD' }, { code: 'KHWD KOAK' }]);

    expect(await loadRoute.perform(h.context, { code: 'KOAK SUNOL KHWD', then: 'navlog' })).toBe(true);
    const current = h.store.getState().route.current;
    expect(current?.final_string).toBe('KOAK SUNOL KHWD');
    expect(current?.legs).toHaveLength(2);
    expect(current?.ts).toBeGreaterThanOrEqual(h.clock.now);
    expect(((await h.prefs.getProperty('route')) as { final_string?: string } | undefined)?.final_string).toBe('KOAK SUNOL KHWD');
    expect(h.screen.getState().mode).toBe('navlog');
  });

  it('Modify of an entry goes to edit', async () => {
    const h = await actionHarness('saved');
    await loadRoute.perform(h.context, { code: 'KHWD KOAK', then: 'edit' });
    expect(h.screen.getState().mode).toBe('edit');
  });

  it('a mode chosen while the loaded route is still being planned wins over the load (the late commit keeps Recent)', async () => {
    const h = await actionHarness('saved');
    h.gate.hold.add('runFlightPlan');
    const loading = loadRoute.perform(h.context, { code: 'KHWD SUNOL KOAK', then: 'navlog' });
    const held = await h.gate.nextHeld();
    // The pilot chooses Recent before the engine has answered.
    await openList.perform(h.context, 'recent');
    expect(h.screen.getState().mode).toBe('recent');
    held.release();
    expect(await loading).toBe(true);
    // The route is committed, and the screen stays where the pilot put it.
    expect(h.store.getState().route.current?.final_string).toBe('KHWD SUNOL KOAK');
    expect(h.screen.getState().mode).toBe('recent');
  });

  it('a mode chosen while the loaded route is being stored wins too (the commit is the late part)', async () => {
    const h = await actionHarness('saved');
    const setProperty = h.prefs.setProperty.bind(h.prefs);
    let releaseWrite: () => void = () => undefined;
    const writeHeld = new Promise<void>((reached) => {
      h.prefs.setProperty = (async (...args: Parameters<typeof setProperty>) => {
        reached();
        await new Promise<void>((release) => {
          releaseWrite = release;
        });
        return setProperty(...args);
      }) as typeof setProperty;
    });
    const loading = loadRoute.perform(h.context, { code: 'KHWD KOAK', then: 'navlog' });
    await writeHeld;
    await showMode.perform(h.context, 'profile');
    releaseWrite();
    await loading;
    expect(h.store.getState().route.current?.final_string).toBe('KHWD KOAK');
    expect(h.screen.getState().mode).toBe('profile');
  });

  it('of two loads the later one wins however the engine orders its answers', async () => {
    const h = await actionHarness('recent');
    h.gate.hold.add('runFlightPlan');
    const first = loadRoute.perform(h.context, { code: 'KHWD KOAK', then: 'navlog' });
    const firstHeld = await h.gate.nextHeld();
    const second = loadRoute.perform(h.context, { code: 'KOAK SUNOL KHWD', then: 'edit' });
    const secondHeld = await h.gate.nextHeld();
    secondHeld.release();
    expect(await second).toBe(true);
    expect(h.screen.getState().mode).toBe('edit');
    firstHeld.release();
    expect(await first).toBe(false);
    expect(h.store.getState().route.current?.final_string).toBe('KOAK SUNOL KHWD');
    expect(((await h.prefs.getProperty('route')) as { final_string?: string } | undefined)?.final_string).toBe('KOAK SUNOL KHWD');
    expect(h.screen.getState().mode).toBe('edit');
  });

  it('Clear while a route is being loaded: the late load commits nothing', async () => {
    const h = await actionHarness('saved');
    await withRoute(h, 'KHWD SUNOL KOAK');
    h.gate.hold.add('runFlightPlan');
    const loading = loadRoute.perform(h.context, { code: 'KHWD KOAK', then: 'navlog' });
    const held = await h.gate.nextHeld();
    await clearRoute.perform(h.context);
    held.release();
    expect(await loading).toBe(false);
    expect(h.store.getState().route.current).toBeNull();
    expect(await h.prefs.getProperty('route')).toBeUndefined();
  });

  it('without an engine or a profile loadRoute is not enabled and does nothing', async () => {
    const h = await actionHarness('saved');
    const none = { ...h.context, routing: undefined };
    expect(loadRoute.isEnabled?.(none)).toBe(false);
    expect(loadRoute.isEnabled?.(h.context)).toBe(true);
    expect(await loadRoute.perform(none, { code: 'KHWD KOAK', then: 'navlog' })).toBe(false);
    expect(h.store.getState().route.current).toBeNull();
    expect(h.screen.getState().mode).toBe('saved');
  });
});

describe('saveRoute and deleteSavedRoute', () => {
  it("Save stores the current route as a routes row (deleted F) and shows 'Route Saved!'", async () => {
    const h = await actionHarness();
    expect(saveRoute.isEnabled?.(h.context)).toBe(false);
    const route = await withRoute(h, 'KHWD SUNOL KOAK');
    expect(saveRoute.isEnabled?.(h.context)).toBe(true);
    await saveRoute.perform(h.context, undefined);
    expect(await h.prefs.routes.get(route.final_string)).toMatchObject({ final_string: route.final_string, deleted: 'F', ts: h.clock.now });
    expect(h.screen.getState().message?.text).toBe(ROUTE_SAVED_TEXT);
  });

  it('Save of a Recent entry stores that code, not the current route', async () => {
    const h = await actionHarness('recent');
    await withRoute(h, 'KHWD SUNOL KOAK');
    await saveRoute.perform(h.context, 'KHWD KOAK');
    expect(await h.prefs.routes.get('KHWD KOAK')).toMatchObject({ deleted: 'F' });
    expect(await h.prefs.routes.get('KHWD SUNOL KOAK')).toBeUndefined();
  });

  it('Delete soft-deletes, reads the list again and offers Undo, which saves the route again', async () => {
    const h = await actionHarness();
    await saveRoute.perform(h.context, 'KHWD KOAK');
    await openList.perform(h.context, 'saved');
    expect(h.screen.getState().saved).toEqual([{ code: 'KHWD KOAK' }]);
    h.clock.now += 60_000;
    await deleteSavedRoute.perform(h.context, 'KHWD KOAK');
    expect((await h.prefs.routes.get('KHWD KOAK'))?.deleted).toBe('T');
    expect(h.screen.getState().saved).toEqual([]);
    expect(h.screen.getState().undo).toMatchObject({ text: ROUTE_DELETED_TEXT, source: 'edit' });
    h.clock.now += 60_000;
    await undo.perform(h.context);
    expect(await h.prefs.routes.get('KHWD KOAK')).toMatchObject({ deleted: 'F', ts: h.clock.now });
    expect(h.screen.getState().saved).toEqual([{ code: 'KHWD KOAK' }]);
    expect(h.screen.getState().undo).toBeNull();
  });
});

describe('planAndCommit', () => {
  it('plans the route, stamps it, stores it and marks it analysed for the profile', async () => {
    const h = await actionHarness();
    const call = h.gate.routing.call;
    const parsed = await call('parseRoute', { text: 'KHWD SUNOL KOAK', profile: h.store.getState().profile.current! });
    expect(parsed.legs.every((l) => l.gs === 0)).toBe(true);
    h.clock.now += 60_000;
    const stamped = await planAndCommit.perform(h.context, parsed);
    expect(stamped?.ts).toBe(h.clock.now);
    const state = h.store.getState().route;
    expect(state.current).toEqual(stamped);
    expect(state.current?.legs.every((l) => l.gs > 0)).toBe(true);
    expect(state.analyzing).toBe(false);
    expect(state.lastAnalysisKey).not.toBeNull();
    expect(((await h.prefs.getProperty('route')) as { ts?: number } | undefined)?.ts).toBe(h.clock.now);
  });
});

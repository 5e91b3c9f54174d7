// When profile sync starts in the shell: after the map's first picture, or after the wait's limit when
// the map never settles (the same wait boot uses, readiness.ts firstPictureWait).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { Provider } from 'react-redux';
import { endpointsForOrigin, type ClientConfig } from '@clearway/protocol';
import { firstPictureWait, FIRST_PICTURE_WAIT_MS } from '../../platform/readiness';
import { ServicesContext, type AppServices } from '../../platform/services';
import { makeStore, type AppStore } from '../../store';
import { configLoaded } from '../../store/configSlice';
import { signalSettled } from '../../store/readinessSlice';
import { testPrefs } from '../../test/renderApp';
import { useProfileSync } from './useProfileSync';

const started = vi.hoisted(() => ({ custIds: [] as string[] }));

vi.mock('./profileSync', () => ({
  startProfileSync: (options: { custId: string }) => {
    started.custIds.push(options.custId);
    return { stop: () => undefined };
  },
}));

const config: ClientConfig = { env: 'localhost', version: '0.1.0', dataChannel: 'dev', remoteLogging: false, endpoints: endpointsForOrigin('http://127.0.0.1:8080') };

afterEach(() => {
  started.custIds.length = 0;
  vi.useRealTimers();
});

/** A signed-in device with a known configuration, the hook mounted with the shared first-picture wait. */
async function mountSignedIn(): Promise<{ store: AppStore }> {
  const prefs = testPrefs();
  await prefs.setProperty('login_profile', { code: 2, trial: { cust_id: 'cust-1' } });
  await prefs.setProperty('uuid', 'device-1');
  const store = makeStore({ prefs });
  store.dispatch(configLoaded({ config, source: 'server' }));
  // Timers are fake from here on, for the wait's limit; the database writes above ran on real ones.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // As main.tsx: boot asks first, the shell's services hand on the same promise.
  const firstPicture = firstPictureWait(store);
  void firstPicture();
  const services: AppServices = { prefs, applyUpdate: () => undefined, appVersion: 't', firstPicture: firstPicture() };
  renderHook(() => useProfileSync(), {
    wrapper: ({ children }) => (
      <Provider store={store}>
        <ServicesContext value={services}>{children}</ServicesContext>
      </Provider>
    ),
  });
  return { store };
}

/** Lets the login profile query and the sync code's import run: 200 ms of fake time, in steps. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
  }
}

describe('useProfileSync', () => {
  it('does not start before the map’s first picture, and starts after it', async () => {
    const { store } = await mountSignedIn();
    await settle();
    expect(started.custIds).toEqual([]);

    act(() => {
      store.dispatch(signalSettled({ signal: 'map', state: 'ready' }));
    });
    await vi.waitFor(() => expect(started.custIds).toEqual(['cust-1']));
  });

  it('starts after the limit when the map never settles', async () => {
    const { store } = await mountSignedIn();
    await settle();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FIRST_PICTURE_WAIT_MS - 201);
    });
    expect(started.custIds).toEqual([]);
    expect(store.getState().readiness.map.state).toBe('pending');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    await vi.waitFor(() => expect(started.custIds).toEqual(['cust-1']));
    expect(store.getState().readiness.map.state).toBe('pending');
  });
});

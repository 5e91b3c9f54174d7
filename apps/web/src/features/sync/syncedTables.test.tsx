import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { endpointsForOrigin, type ClientConfig } from '@clearway/protocol';
import { PrefsDb } from '../../db/prefs';
import { renderApp, testPrefs } from '../../test/renderApp';
import { makeStore } from '../../store';
import { configLoaded } from '../../store/configSlice';
import { listFavoriteAirports, setFavoriteAirport } from '../airport';
import { fakeAccountServer, serverProfile, TEST_USER } from '../../test/account';
import { toStoredProfile } from '../account';
import { FakeSyncServer } from '../../test/sync/fakeSyncServer';
import { SyncClient } from './syncClient';
import { tableSynced, useSyncedTableVersion } from '../../platform/syncedTables';
import { Provider } from 'react-redux';

afterEach(() => {
  vi.unstubAllGlobals();
});

function Version({ table }: { table: 'fav_airports' | 'routes' }) {
  return <span data-testid={`version-${table}`}>{useSyncedTableVersion(table)}</span>;
}

class FakeSocket {
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  constructor(readonly url: string) {}
  close() {}
}

describe('synced table versions', () => {
  it('re-renders a reader of a table when a sync changed that table only', () => {
    const store = makeStore({});
    render(
      <Provider store={store}>
        <Version table="fav_airports" />
        <Version table="routes" />
      </Provider>,
    );
    expect(screen.getByTestId('version-fav_airports').textContent).toBe('0');
    act(() => store.dispatch(tableSynced('fav_airports')));
    expect(screen.getByTestId('version-fav_airports').textContent).toBe('1');
    expect(screen.getByTestId('version-routes').textContent).toBe('0');
  });

  it("is bumped by the shell's sync when another device's favourite arrives", async () => {
    // Another device saved KHWD; the server has it.
    const sync = new FakeSyncServer(Date.now);
    const other = new PrefsDb({ name: `synced-other-${Math.random().toString(36).slice(2)}` });
    await setFavoriteAirport(other, 'KHWD', true, Date.now() - 1000);
    await new SyncClient({ db: other, endpoint: 'http://x/api', custId: TEST_USER.cust_id, uuid: 'other', fetch: sync.fetch, now: Date.now, isOnline: () => true }).request('fav_airports');
    other.close();
    await other.delete();

    const account = fakeAccountServer(TEST_USER, 2);
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => (String(input).endsWith('/sync_profile') ? sync.fetch(input, init) : account.fetch(input, init)));
    const prefs = testPrefs();
    await prefs.setProperty('login_profile', toStoredProfile(serverProfile(TEST_USER, 2)));
    await prefs.setProperty('uuid', 'this-device');
    const store = makeStore({ prefs });
    const config: ClientConfig = { env: 'localhost', version: '0.1.0', dataChannel: 'dev', remoteLogging: false, endpoints: endpointsForOrigin('http://127.0.0.1:8080') };
    store.dispatch(configLoaded({ config, source: 'server' }));
    renderApp('/app/sketch', { prefs, store });
    await waitFor(() => expect(store.getState().sync.versions.fav_airports).toBe(1));
    expect((await listFavoriteAirports(prefs)).map((row) => row.code)).toEqual(['KHWD']);
  });
});

// The fifth-device refusal end to end in the app: the real sync client and shell against the in-process
// sync server (real merge core, the server's refusal) and the fake account server for the device list.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpointsForOrigin, type ClientConfig } from '@clearway/protocol';
import { renderApp, testPrefs } from '../../test/renderApp';
import { makeStore } from '../../store';
import { configLoaded } from '../../store/configSlice';
import { fakeAccountServer, serverProfile, TEST_USER } from '../../test/account';
import { toStoredProfile } from '../account';
import { FakeSyncServer } from '../../test/sync/fakeSyncServer';

afterEach(() => {
  // Unmount first: the sync session stops before the fake fetch and socket are taken away.
  cleanup();
  vi.unstubAllGlobals();
});

class FakeSocket {
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  close() {}
}

const config: ClientConfig = { env: 'localhost', version: '0.1.0', dataChannel: 'dev', remoteLogging: false, endpoints: endpointsForOrigin('http://127.0.0.1:8080') };
const REFUSAL = 'This subscription is already used on 4 devices (the limit). Remove a device on the account page to add this one.';

describe('the fifth device', () => {
  it('shows the refusal in the shell, stops syncing, and syncs once a device is removed on the account page', async () => {
    const sync = new FakeSyncServer(Date.now);
    sync.maxDevices = 4;
    const account = fakeAccountServer(TEST_USER, 2);
    const day = 86_400_000;
    for (const [i, uuid] of ['phone-0001', 'tablet-0002', 'laptop-0003', 'desk-0004'].entries()) {
      sync.devices.add(uuid);
      account.state.devices.push({ uuid, first_seen: Date.UTC(2026, 0, 1 + i), last_seen: Date.UTC(2026, 10, 1) - i * day });
    }
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/sync_profile')) return sync.fetch(input, init);
      if (init?.method === 'DELETE' && url.startsWith('/api/devices/')) sync.removeDevice(decodeURIComponent(url.slice('/api/devices/'.length)));
      return account.fetch(input, init);
    });
    const prefs = testPrefs();
    await prefs.setProperty('login_profile', toStoredProfile(serverProfile(TEST_USER, 2)));
    await prefs.setProperty('uuid', 'this-device-5');
    const store = makeStore({ prefs });
    store.dispatch(configLoaded({ config, source: 'server' }));
    const { router } = renderApp('/app/sketch', { prefs, store });

    const alert = await screen.findByTestId('device-limit-alert');
    expect(within(alert).getByText(REFUSAL)).toBeTruthy();
    expect(sync.refused).toHaveLength(1);
    expect(sync.requests.filter((r) => r.uuid === 'this-device-5')).toEqual([]);

    // The alert's button goes to the account page, which lists the devices with the same message.
    fireEvent.click(within(alert).getByRole('link', { name: 'Manage devices' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/account'));
    expect((await screen.findByTestId('devices-count')).textContent).toBe('4 of 4 devices');
    expect(screen.queryByTestId('device-limit-alert')).toBeNull();
    expect(screen.getByTestId('devices-refusal').textContent).toBe(REFUSAL);
    expect(screen.queryByTestId('this-device')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Device tablet-0' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    // The freed place is taken by this device at once: it syncs again and the refusal goes.
    await waitFor(() => expect(sync.requests.some((r) => r.uuid === 'this-device-5')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('devices-refusal')).toBeNull());
    expect(sync.refused).toHaveLength(1);
    expect([...sync.devices]).toContain('this-device-5');
    expect(sync.devices.has('tablet-0002')).toBe(false);
    await act(async () => {
      await router.navigate('/app/sketch');
    });
    expect(screen.queryByTestId('device-limit-alert')).toBeNull();
  });

  it('syncs again when the account page finds a place freed elsewhere', async () => {
    const sync = new FakeSyncServer(Date.now);
    sync.maxDevices = 4;
    const account = fakeAccountServer(TEST_USER, 2);
    for (const uuid of ['phone-0001', 'tablet-0002', 'laptop-0003', 'desk-0004']) {
      sync.devices.add(uuid);
      account.state.devices.push({ uuid, first_seen: Date.UTC(2026, 0, 1), last_seen: Date.UTC(2026, 10, 1) });
    }
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => (String(input).endsWith('/sync_profile') ? sync.fetch(input, init) : account.fetch(input, init)));
    const prefs = testPrefs();
    await prefs.setProperty('login_profile', toStoredProfile(serverProfile(TEST_USER, 2)));
    await prefs.setProperty('uuid', 'this-device-5');
    const store = makeStore({ prefs });
    store.dispatch(configLoaded({ config, source: 'server' }));
    const { router } = renderApp('/app/sketch', { prefs, store });
    await screen.findByTestId('device-limit-alert');

    // Another device removed the tablet meanwhile; opening the account page finds 3 of 4.
    sync.removeDevice('tablet-0002');
    account.state.devices = account.state.devices.filter((device) => device.uuid !== 'tablet-0002');
    await act(async () => {
      await router.navigate('/app/account');
    });
    expect((await screen.findByTestId('devices-count')).textContent).toBe('3 of 4 devices');
    await waitFor(() => expect(sync.requests.some((r) => r.uuid === 'this-device-5')).toBe(true));
    await waitFor(() => expect(store.getState().account.deviceLimit).toBeNull());
    expect(sync.refused).toHaveLength(1);
  });
});

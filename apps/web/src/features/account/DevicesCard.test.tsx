// The account page's device list against the fake account server (GET /api/devices, DELETE /api/devices/{uuid}).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, testPrefs } from '../../test/renderApp';
import { fakeAccountServer, TEST_USER } from '../../test/account/fakeAccountServer';

afterEach(() => {
  vi.unstubAllGlobals();
});

const DEVICES = [
  { uuid: 'aaaa1111-0000-4000-8000-000000000001', first_seen: Date.UTC(2026, 0, 5, 12), last_seen: Date.UTC(2026, 10, 20, 12) },
  { uuid: 'bbbb2222-0000-4000-8000-000000000002', first_seen: Date.UTC(2026, 2, 1, 12), last_seen: Date.UTC(2026, 9, 2, 12) },
  { uuid: 'cccc3333-0000-4000-8000-000000000003', first_seen: Date.UTC(2026, 3, 9, 12), last_seen: Date.UTC(2026, 3, 9, 12) },
];

async function openAccount() {
  const server = fakeAccountServer(TEST_USER, 2);
  server.state.devices = DEVICES.map((device) => ({ ...device }));
  vi.stubGlobal('fetch', server.fetch);
  const prefs = testPrefs();
  await prefs.setProperty('uuid', 'bbbb2222-0000-4000-8000-000000000002');
  renderApp('/app/account', { prefs });
  const card = await screen.findByTestId('devices-card');
  await within(card).findByTestId('devices-list');
  return { server, card };
}

describe('account page devices', () => {
  it('lists the devices with first and last seen, marks this one, and counts them against the limit', async () => {
    const { card } = await openAccount();
    expect(within(card).getByRole('heading', { name: 'Devices' })).toBeTruthy();
    expect(within(card).getByTestId('devices-count').textContent).toBe('3 of 4 devices');
    const rows = within(card).getAllByTestId('device-row');
    expect(rows.map((row) => row.getAttribute('data-uuid'))).toEqual(DEVICES.map((d) => d.uuid));
    expect(rows[0]?.textContent).toContain('Device aaaa1111');
    expect(rows[0]?.textContent).toContain('First seen Jan 5, 2026 · Last seen Nov 20, 2026');
    await waitFor(() => expect(within(rows[1] as HTMLElement).queryByTestId('this-device')?.textContent).toBe('This device'));
    expect(within(card).getAllByTestId('this-device')).toHaveLength(1);
  });

  it('removes a device only after confirmation, then shows the list again', async () => {
    const { server, card } = await openAccount();
    fireEvent.click(within(card).getByRole('button', { name: 'Remove Device aaaa1111' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove this device?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls.some((call) => call.path.startsWith('/api/devices/'))).toBe(false);

    fireEvent.click(within(card).getByRole('button', { name: 'Remove Device aaaa1111' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(card).getByTestId('devices-count').textContent).toBe('2 of 4 devices'));
    expect(server.calls.map((call) => call.path)).toContain('/api/devices/aaaa1111-0000-4000-8000-000000000001');
    expect(within(card).getAllByTestId('device-row').map((row) => row.getAttribute('data-uuid'))).toEqual(DEVICES.slice(1).map((d) => d.uuid));
  });

  it("shows the server's message when the removal fails", async () => {
    const { server, card } = await openAccount();
    // Removed meanwhile from another device: the server answers 404.
    server.state.devices = server.state.devices.filter((device) => device.uuid !== DEVICES[2]?.uuid);
    fireEvent.click(within(card).getByRole('button', { name: 'Remove Device cccc3333' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect((await within(card).findByTestId('devices-error')).textContent).toBe('No such device on this account');
    // The list is read again and no longer shows it.
    await waitFor(() => expect(within(card).getByTestId('devices-count').textContent).toBe('2 of 4 devices'));
  });

  it('is not shown when signed out', async () => {
    vi.stubGlobal('fetch', fakeAccountServer(null).fetch);
    renderApp('/app/account');
    await screen.findByTestId('sign-in-offer');
    expect(screen.queryByTestId('devices-card')).toBeNull();
  });
});

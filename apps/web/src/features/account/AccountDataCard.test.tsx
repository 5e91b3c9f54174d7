// Sign out all other devices, export and deletion on the account page, against the fake account
// server (the replies of apps/server/README.md "Security": sign_out_others, account/export, account/delete).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, testPrefs } from '../../test/renderApp';
import { fakeAccountServer, TEST_USER } from '../../test/account/fakeAccountServer';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const THIS = 'bbbb2222-0000-4000-8000-000000000002';
const DEVICES = [
  { uuid: 'aaaa1111-0000-4000-8000-000000000001', first_seen: Date.UTC(2026, 0, 5, 12), last_seen: Date.UTC(2026, 10, 20, 12), signed_in: true, this_session: false },
  { uuid: THIS, first_seen: Date.UTC(2026, 2, 1, 12), last_seen: Date.UTC(2026, 9, 2, 12), signed_in: true, this_session: true },
  { uuid: 'cccc3333-0000-4000-8000-000000000003', first_seen: Date.UTC(2026, 3, 9, 12), last_seen: Date.UTC(2026, 3, 9, 12), signed_in: false, this_session: false },
];

async function openAccount(otherSessions = 2) {
  const server = fakeAccountServer(TEST_USER, 2);
  server.state.devices = DEVICES.map((device) => ({ ...device }));
  server.state.otherSessions = otherSessions;
  vi.stubGlobal('fetch', server.fetch);
  const prefs = testPrefs();
  await prefs.setProperty('uuid', THIS);
  renderApp('/app/account', { prefs });
  const card = await screen.findByTestId('devices-card');
  await within(card).findByTestId('devices-list');
  return { server, card, prefs };
}

/** The px value of a CSS length set by the theme/sx (jsdom computes no layout, but keeps the declared styles). */
function px(value: string): number {
  return Number.parseFloat(value);
}

describe('sign out all other devices', () => {
  it('shows which devices are signed in and how many other sessions there are', async () => {
    const { card } = await openAccount();
    const rows = within(card).getAllByTestId('device-row');
    expect(rows[0]?.textContent).toContain('Signed in ·');
    expect(rows[2]?.textContent).toContain('Signed out ·');
    expect(within(card).getByTestId('other-sessions').textContent).toBe('2 other devices or browsers are signed in.');
  });

  it('POST /api/devices/sign_out_others only after confirmation; then the other devices show signed out and the button is disabled', async () => {
    const { server, card } = await openAccount();
    fireEvent.click(within(card).getByTestId('sign-out-others'));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sign out all other devices?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls.some((call) => call.path === '/api/devices/sign_out_others')).toBe(false);

    fireEvent.click(within(card).getByTestId('sign-out-others'));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out others' }));
    expect((await within(card).findByTestId('devices-signed-out')).textContent).toBe('2 other sessions were signed out.');
    expect(server.calls.filter((call) => call.path === '/api/devices/sign_out_others')).toHaveLength(1);
    await waitFor(() => expect(within(card).getByTestId('other-sessions').textContent).toBe('No other device is signed in.'));
    const rows = within(card).getAllByTestId('device-row');
    expect(rows[0]?.textContent).toContain('Signed out ·');
    expect(rows[1]?.textContent).toContain('Signed in ·');
    expect((within(card).getByTestId('sign-out-others') as HTMLButtonElement).disabled).toBe(true);
  });

  it('removing a signed-in device ends its session: one other session fewer', async () => {
    const { card } = await openAccount();
    fireEvent.click(within(card).getByRole('button', { name: 'Remove Device aaaa1111' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('it is signed out');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(card).getByTestId('other-sessions').textContent).toBe('1 other device or browser is signed in.'));
  });

  it('buttons are at least 44 x 44 px and the destructive ones sit 16 px from the others', async () => {
    const { card } = await openAccount();
    const buttons = [within(card).getByTestId('sign-out-others'), ...within(card).getAllByRole('button', { name: /^Remove Device/ })];
    for (const button of buttons) {
      const style = getComputedStyle(button);
      expect(px(style.minHeight), button.textContent ?? '').toBeGreaterThanOrEqual(44);
      expect(px(style.minWidth), button.textContent ?? '').toBeGreaterThanOrEqual(44);
    }
    const data = await screen.findByTestId('account-data-card');
    const row = within(data).getByTestId('delete-account').parentElement as HTMLElement;
    expect(px(getComputedStyle(row).gap)).toBeGreaterThanOrEqual(8);
    fireEvent.click(within(data).getByTestId('delete-account'));
    const dialog = await screen.findByRole('dialog');
    const actions = within(dialog).getByRole('button', { name: 'Cancel' }).parentElement as HTMLElement;
    expect(px(getComputedStyle(actions).gap)).toBeGreaterThanOrEqual(8);
  });
});

describe('night theme', () => {
  it('the delete dialog and the data card take the night theme\'s colours (no light colour kept)', async () => {
    const server = fakeAccountServer(TEST_USER, 2);
    vi.stubGlobal('fetch', server.fetch);
    const day = renderApp('/app/account');
    const dayCard = await screen.findByTestId('account-data-card');
    const dayText = getComputedStyle(within(dayCard).getByRole('heading', { name: 'Your data' })).color;
    fireEvent.click(within(dayCard).getByTestId('delete-account'));
    const dayPaper = getComputedStyle(await screen.findByRole('dialog')).backgroundColor;
    day.unmount();

    const night = renderApp('/app/account');
    // The settings slice's own action (the Day/Night switch dispatches it).
    night.store.dispatch({ type: 'settings/setDarkMode', payload: true });
    const nightCard = await screen.findByTestId('account-data-card');
    const nightText = getComputedStyle(within(nightCard).getByRole('heading', { name: 'Your data' })).color;
    fireEvent.click(within(nightCard).getByTestId('delete-account'));
    const nightPaper = getComputedStyle(await screen.findByRole('dialog')).backgroundColor;
    expect(nightPaper).not.toBe(dayPaper);
    expect(nightPaper).not.toMatch(/^(rgb\(255, 255, 255\)|#fff)/);
    expect(nightText).not.toBe(dayText);
  });
});

describe('export and deletion', () => {
  it('Export my data: GET /api/account/export saved under the server\'s file name', async () => {
    const { server } = await openAccount();
    const created = vi.fn((_blob: Blob) => 'blob:export');
    // jsdom has no object URLs: a stand-in URL class for this test (unstubbed after each test).
    vi.stubGlobal('URL', class extends URL {
      static override createObjectURL = created;
      static override revokeObjectURL = vi.fn();
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const data = await screen.findByTestId('account-data-card');
    fireEvent.click(within(data).getByTestId('export-data'));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toMatch(/^clearway-export-\d{4}-\d{2}-\d{2}\.json$/);
    expect(server.calls.map((call) => call.path)).toContain('/api/account/export');
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('Delete account with a wrong password: the server\'s 403 message in the dialog, still signed in', async () => {
    const { server } = await openAccount();
    const data = await screen.findByTestId('account-data-card');
    fireEvent.click(within(data).getByTestId('delete-account'));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('delete-account-password'), { target: { value: 'not it at all' } });
    fireEvent.click(confirm);
    expect((await within(dialog).findByTestId('delete-account-error')).textContent).toBe('The password is not right: the account was not deleted.');
    expect(server.state.deleted).toBe(false);
    expect(server.calls.find((call) => call.path === '/api/account/delete')?.body).toEqual({ cust_id: TEST_USER.cust_id, password: 'not it at all' });
  });

  it('Delete account with the password: POST /api/account/delete, then signed out with the stored login cleared', async () => {
    const { server, prefs } = await openAccount();
    const data = await screen.findByTestId('account-data-card');
    fireEvent.click(within(data).getByTestId('delete-account'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('delete-account-password'), { target: { value: server.state.password } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(server.state.deleted).toBe(true));
    await screen.findByTestId('sign-in-offer');
    await waitFor(async () => expect(await prefs.getProperty('login_profile')).toBeUndefined());
  });
});

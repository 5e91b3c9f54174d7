// /app/helpcenter and the support widget against the fake account server's get_zendesk_jwt
// (apps/server/README.md "Billing"); window.open is the edge and is stubbed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { fakeAccountServer, TEST_USER } from '../../test/account';
import { HELP_BLOCKED_TEXT, HELP_OFFLINE_TEXT, HELP_OPENED_TEXT } from './HelpCenterPage';
import { HELP_NO_ADDRESS_TEXT } from './helpClient';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A window.open stub: each call answers the next of `answers` (a fake window, or null when blocked). */
function stubOpen(...answers: Array<'window' | 'blocked'>) {
  const windows: Array<{ opener: unknown; location: { href: string }; closed: boolean; close: () => void }> = [];
  const open = vi.spyOn(window, 'open').mockImplementation(() => {
    const answer = answers.shift() ?? 'window';
    if (answer === 'blocked') return null;
    const opened = { opener: window as unknown, location: { href: '' }, closed: false, close: () => (opened.closed = true) };
    windows.push(opened);
    return opened as unknown as Window;
  });
  return { open, windows };
}

const helpCalls = (server: ReturnType<typeof fakeAccountServer>) => server.calls.filter((call) => call.path === '/api/get_zendesk_jwt').map((call) => call.body);

describe('/app/helpcenter', () => {
  it("asks for an sso token and opens the reply's address in a new window, cut off from this page", async () => {
    const server = fakeAccountServer(TEST_USER, 2);
    vi.stubGlobal('fetch', server.fetch);
    const { open, windows } = stubOpen('window');
    renderApp('/app/helpcenter');
    expect((await screen.findByTestId('helpcenter-opened')).textContent).toBe(HELP_OPENED_TEXT);
    expect(screen.getByTestId('page-helpcenter').querySelector('h1')?.textContent).toBe('Help Center');
    expect(helpCalls(server)).toEqual([{ type: 'sso', cust_id: TEST_USER.cust_id }]);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('/help?jwt=sso-token-1', '_blank');
    expect(windows[0]?.opener).toBeNull();
    expect(screen.getByRole('button', { name: 'Open Help Center' })).toBeTruthy();
  });

  it("uses Zendesk's sign-in address when the server gives it", async () => {
    const server = fakeAccountServer(TEST_USER, 1);
    server.state.help = 'zendesk';
    vi.stubGlobal('fetch', server.fetch);
    const { open } = stubOpen('window');
    renderApp('/app/helpcenter');
    await screen.findByTestId('helpcenter-opened');
    expect(open).toHaveBeenCalledWith('https://clearway.zendesk.com/access/jwt?jwt=sso-token-1', '_blank');
  });

  it('offers Open Help Center when the pop-up is blocked, which opens a window from the click with a fresh token', async () => {
    const server = fakeAccountServer(TEST_USER, 2);
    vi.stubGlobal('fetch', server.fetch);
    const { open, windows } = stubOpen('blocked', 'window');
    renderApp('/app/helpcenter');
    expect((await screen.findByTestId('helpcenter-blocked')).textContent).toBe(HELP_BLOCKED_TEXT);
    fireEvent.click(screen.getByRole('button', { name: 'Open Help Center' }));
    expect(await screen.findByTestId('helpcenter-opened')).toBeTruthy();
    // The window opens at the click (empty), then goes to the new token's address.
    expect(open).toHaveBeenLastCalledWith('', '_blank');
    expect(windows[0]?.location.href).toBe('/help?jwt=sso-token-2');
    expect(windows[0]?.opener).toBeNull();
    expect(helpCalls(server)).toHaveLength(2);
  });

  it("shows the server's refusal without a licence or trial, and a clear message when there is no address", async () => {
    const expired = fakeAccountServer(TEST_USER, 5);
    vi.stubGlobal('fetch', expired.fetch);
    const { open } = stubOpen();
    const first = renderApp('/app/helpcenter');
    expect((await screen.findByTestId('helpcenter-error')).textContent).toBe('Support needs a valid licence or an available trial');
    first.unmount();

    const noSubdomain = fakeAccountServer(TEST_USER, 2);
    noSubdomain.state.help = 'zendesk-no-subdomain';
    vi.stubGlobal('fetch', noSubdomain.fetch);
    renderApp('/app/helpcenter');
    expect((await screen.findByTestId('helpcenter-error')).textContent).toBe(HELP_NO_ADDRESS_TEXT);
    expect(open).not.toHaveBeenCalled();
  });

  it('offers Sign in when signed out and asks for no token', async () => {
    const server = fakeAccountServer(null);
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/app/helpcenter');
    expect(within(await screen.findByTestId('sign-in-offer')).getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(helpCalls(server)).toEqual([]);
  });

  it('says so when offline, and opens once back online', async () => {
    const server = fakeAccountServer(TEST_USER, 2);
    vi.stubGlobal('fetch', server.fetch);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { open } = stubOpen('window');
    renderApp('/app/helpcenter');
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect((await screen.findByTestId('helpcenter-offline')).textContent).toBe(HELP_OFFLINE_TEXT);
    await waitFor(() => expect(server.calls.some((call) => call.path === '/api/account')).toBe(true));
    expect(helpCalls(server)).toEqual([]);
    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await screen.findByTestId('helpcenter-opened');
    expect(open).toHaveBeenCalledTimes(1);
  });
});

async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'menu' }));
  return screen.findByTestId('menu-drawer');
}

describe('support widget', () => {
  it('shows Support with a valid licence and opens the help centre with a widget token', async () => {
    const server = fakeAccountServer(TEST_USER, 2);
    vi.stubGlobal('fetch', server.fetch);
    const { open, windows } = stubOpen('window');
    renderApp('/app/route');
    const drawer = await openMenu();
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Support' }));
    await waitFor(() => expect(windows[0]?.location.href).toBe('/help?jwt=widget-token-1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(helpCalls(server)).toEqual([{ type: 'widget', cust_id: TEST_USER.cust_id }]);
  });

  it('with Zendesk (no address for a widget token) opens the sso sign-in address instead', async () => {
    const server = fakeAccountServer(TEST_USER, 1);
    server.state.help = 'zendesk';
    vi.stubGlobal('fetch', server.fetch);
    const { windows } = stubOpen('window');
    renderApp('/app/route');
    const drawer = await openMenu();
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Support' }));
    await waitFor(() => expect(windows[0]?.location.href).toBe('https://clearway.zendesk.com/access/jwt?jwt=sso-token-2'));
    expect(helpCalls(server).map((body) => (body as { type: string }).type)).toEqual(['widget', 'sso']);
  });

  it('is hidden when the licence and trial are over, and when signed out', async () => {
    vi.stubGlobal('fetch', fakeAccountServer(TEST_USER, 5).fetch);
    const first = renderApp('/app/route');
    let drawer = await openMenu();
    await waitFor(() => expect(within(drawer).getByTestId('user-email').textContent).toBe(TEST_USER.email));
    // The profile arrives after the user: wait until the store has it, then the widget stays hidden.
    await waitFor(() => expect(first.store.getState().account.profile?.code).toBe(5));
    expect(within(drawer).queryByTestId('support-widget')).toBeNull();
    first.unmount();

    vi.stubGlobal('fetch', fakeAccountServer(null).fetch);
    renderApp('/app/route');
    drawer = await openMenu();
    await waitFor(() => expect(within(drawer).getByTestId('user-email').textContent).toBe('Not signed in'));
    expect(within(drawer).queryByTestId('support-widget')).toBeNull();
  });
});

// The server is the edge here: fetch is stubbed with fakeAccountServer (apps/server/README.md replies).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderApp, testPrefs } from '../../test/renderApp';
import { fakeAccountServer, serverProfile, TEST_USER } from '../../test/account/fakeAccountServer';
import { toStoredProfile } from './licence';
import { ACCOUNT_CHECKED_KEY } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.removeItem(ACCOUNT_CHECKED_KEY);
});

/** The network is down: every request fails as a browser's fetch does offline. */
const offlineFetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));

describe('account page', () => {
  it('shows the subscription with its label and stores the profile', async () => {
    const server = fakeAccountServer(TEST_USER, 2);
    vi.stubGlobal('fetch', server.fetch);
    const { prefs } = renderApp('/app/account');
    const details = await screen.findByTestId('account-details');
    expect(within(details).getByTestId('account-welcome').textContent).toBe('Welcome, Pat Pilot');
    expect((await within(details).findByTestId('account-plan')).textContent).toBe('Standard Monthly');
    expect(screen.getByTestId('page-account').querySelector('h1')?.textContent).toBe('Account');
    await waitFor(async () => expect((await prefs.getProperty('login_profile'))?.code).toBe(2));
  });

  it("says 'Aviator' when the name holds '@', and offers the subscription during a trial", async () => {
    const user = { ...TEST_USER, full_name: 'pilot@example.com' };
    vi.stubGlobal('fetch', fakeAccountServer(user, 1).fetch);
    renderApp('/app/account');
    expect((await screen.findByTestId('account-welcome')).textContent).toBe('Welcome, Aviator');
    const trial = await screen.findByTestId('account-trial');
    expect(trial.textContent).toContain('Your free trial runs until');
    expect(within(trial).getByRole('link', { name: 'Standard Subscription Offer' }).getAttribute('href')).toBe('/app/pricing');
  });

  it('updates the stored user when the validity changed on the server', async () => {
    const prefs = testPrefs();
    await prefs.setProperty('login_profile', toStoredProfile(serverProfile(TEST_USER, 1)));
    vi.stubGlobal('fetch', fakeAccountServer(TEST_USER, 2).fetch);
    renderApp('/app/account', { prefs });
    await screen.findByTestId('account-subscription');
    await waitFor(async () => expect((await prefs.getProperty('login_profile'))?.trial?.purchase?.sku).toBe('standard_monthly'));
  });

  it('offers Sign in when signed out', async () => {
    vi.stubGlobal('fetch', fakeAccountServer(null).fetch);
    renderApp('/app/account');
    const offer = await screen.findByTestId('sign-in-offer');
    expect(within(offer).getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows the trial expiry on /app/welcome and continues to the profile welcome', async () => {
    vi.stubGlobal('fetch', fakeAccountServer(TEST_USER, 1).fetch);
    const { router } = renderApp('/app/welcome');
    expect((await screen.findByTestId('trial-expiry')).textContent).toMatch(/^Your free trial runs until [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/);
    screen.getByRole('button', { name: 'Continue' }).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/aircraft_profile_welcome'));
  });

  describe('offline (every request fails with a network error)', () => {
    it('shows the stored account and licence with a note that it is offline and when it last checked', async () => {
      const prefs = testPrefs();
      await prefs.setProperty('login_profile', toStoredProfile(serverProfile(TEST_USER, 2)));
      localStorage.setItem(ACCOUNT_CHECKED_KEY, String(Date.UTC(2026, 0, 5, 12, 0)));
      vi.stubGlobal('fetch', offlineFetch);
      renderApp('/app/account', { prefs });
      const details = await screen.findByTestId('account-details');
      expect(offlineFetch).toHaveBeenCalled();
      expect(screen.queryByTestId('account-loading')).toBeNull();
      const note = within(details).getByTestId('account-offline-note').textContent;
      expect(note).toContain('You are offline: these are the account details stored on this device.');
      expect(note).toMatch(/Last checked with the server on Jan 5, 2026, \d{2}:\d{2}\./);
      expect(within(details).getByTestId('account-welcome').textContent).toBe('Welcome, Pat Pilot');
      expect(within(details).getByTestId('account-cust-id').textContent).toBe(TEST_USER.cust_id);
      expect(within(details).getByTestId('account-plan').textContent).toBe('Standard Monthly');
    });

    it('says that nothing is known yet when nothing is stored, instead of loading forever', async () => {
      vi.stubGlobal('fetch', offlineFetch);
      renderApp('/app/account');
      const unknown = await screen.findByTestId('account-offline-unknown');
      expect(screen.queryByTestId('account-loading')).toBeNull();
      expect(within(unknown).getByTestId('account-offline-note').textContent).toBe(
        'You are offline. This device has no account details stored yet: connect to the internet to see your account. The server has not been reached from this device yet.',
      );
    });

    it('asks again when the network comes back and then shows the server\'s account', async () => {
      vi.stubGlobal('fetch', offlineFetch);
      renderApp('/app/account');
      await screen.findByTestId('account-offline-unknown');
      vi.stubGlobal('fetch', fakeAccountServer(TEST_USER, 2).fetch);
      const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      onLine.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect((await screen.findByTestId('account-plan')).textContent).toBe('Standard Monthly');
      expect(screen.queryByTestId('account-offline-note')).toBeNull();
      expect(Number(localStorage.getItem(ACCOUNT_CHECKED_KEY))).toBeGreaterThan(0);
    });
  });
});

// The server is the edge here: fetch is stubbed with fakeAccountServer (apps/server/README.md replies).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, testPrefs } from '../../test/renderApp';
import { fakeAccountServer, serverProfile, TEST_USER } from './fakeAccountServer';
import { toStoredProfile } from './licence';

afterEach(() => {
  vi.unstubAllGlobals();
});

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
});

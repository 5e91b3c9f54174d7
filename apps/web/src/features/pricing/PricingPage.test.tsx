// The server is the edge here: fetch is stubbed with fakeAccountServer (apps/server/README.md replies).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { makeStore } from '../../store';
import { setPerformanceMode } from '../settings';
import { setWelcomeComplete } from '../welcome';
import { fakeAccountServer, TEST_USER } from '../../test/account';
import { CardForm } from './CardForm';

afterEach(() => {
  vi.unstubAllGlobals();
});

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('subscription screen', () => {
  it('offers the plans, begins a monthly purchase, shows the terms, a declined card and then the success', async () => {
    const server = fakeAccountServer(TEST_USER, 1);
    vi.stubGlobal('fetch', server.fetch);
    const { prefs, router } = renderApp('/app/pricing');
    const card = await screen.findByTestId('plan-card');
    expect(within(card).getByRole('heading', { name: 'Standard Subscription Offer' })).toBeTruthy();
    expect(within(card).getByTestId('plan-prices').textContent).toBe('Monthly: $14.95, Annual: $144.95');
    expect(card.textContent).toContain('All standard features including 3D terrain map, all VFR and IFR charts and the vector map, unlimited downloads, up to 4 devices, priority support.');
    expect(screen.getByRole('button', { name: 'Get Annual Subscription' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get Free Trial' })).toBeTruthy();

    click('Get Monthly Subscription');
    const begun = await screen.findByTestId('purchase-begun');
    expect(within(begun).getByTestId('pricing-cust-id').textContent).toBe(TEST_USER.cust_id);
    expect(within(begun).getByTestId('plan-terms').textContent).toContain('Sorry, no refunds');
    expect(within(begun).getByTestId('plan-terms').textContent).toContain('upgrade pro-rated to annual');
    expect(within(begun).getByTestId('test-mode').textContent).toContain('TEST MODE');
    expect(server.calls.find((c) => c.path === '/api/get_key')?.body).toEqual({ cust_id: TEST_USER.cust_id, type: 'stripe', email: TEST_USER.email, subscription_type: 'standard_monthly' });

    // Switch plans before paying.
    click('Get Annual Instead');
    await waitFor(() => expect(screen.getByTestId('plan-terms').textContent).toContain('downgrade pro-rated to monthly'));
    click('Get Monthly Instead');
    await waitFor(() => expect(screen.getByTestId('plan-terms').textContent).toContain('upgrade pro-rated to annual'));

    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4000 0000 0000 0002' } });
    click('Complete Purchase With card');
    expect((await screen.findByTestId('purchase-error')).textContent).toBe('Your card was declined.');

    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242424242424242' } });
    click('Complete Purchase With card');
    const done = await screen.findByTestId('purchase-done');
    expect(done.textContent).toContain('Standard Monthly');
    const checkout = server.calls.filter((c) => c.path === '/api/checkout_subscription').at(-1)?.body;
    expect(checkout).toMatchObject({ type: 'stripe', sku: 'standard_monthly', cust_id: TEST_USER.cust_id, email_id: TEST_USER.email, nonce: '4242424242424242', subscription_id: 'sub_3' });
    expect((await prefs.getProperty('login_profile'))?.code).toBe(2);
    click('Purchase Successful! Continue');
    // Welcome not complete: the aircraft profile welcome.
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/aircraft_profile_welcome'));
  });

  it('starts the free trial and goes to /app/welcome', async () => {
    const server = fakeAccountServer(TEST_USER, 0);
    vi.stubGlobal('fetch', server.fetch);
    const { router, prefs } = renderApp('/app/pricing');
    fireEvent.click(await screen.findByRole('button', { name: 'Get Free Trial' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/welcome'));
    expect(server.calls.some((c) => c.path === '/api/start_trial')).toBe(true);
    expect((await prefs.getProperty('login_profile'))?.code).toBe(1);
    expect(await screen.findByTestId('trial-expiry')).toBeTruthy();
  });

  it("reads 'Continue With Free Trial' once the welcome is complete and goes to /app/map1", async () => {
    vi.stubGlobal('fetch', fakeAccountServer(TEST_USER, 1).fetch);
    const store = makeStore();
    store.dispatch(setWelcomeComplete(true));
    const { router } = renderApp('/app/pricing', { store });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue With Free Trial' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/map1'));
  });

  it("offers 'Logout' to a user with neither trial nor licence", async () => {
    const server = fakeAccountServer(TEST_USER, 5);
    vi.stubGlobal('fetch', server.fetch);
    const { router, prefs } = renderApp('/app/pricing');
    await screen.findByTestId('plan-card');
    expect(screen.queryByRole('button', { name: 'Get Free Trial' })).toBeNull();
    click('Logout');
    await waitFor(() => expect(server.calls.some((c) => c.path === '/auth/logout')).toBe(true));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/aircraft_profile_welcome'));
    expect(await prefs.getProperty('login_profile')).toBeUndefined();
  });

  it('shows the purchase as not available in performance mode, with a way to turn it off', async () => {
    vi.stubGlobal('fetch', fakeAccountServer(TEST_USER, 1).fetch);
    const store = makeStore();
    store.dispatch(setPerformanceMode(true));
    renderApp('/app/pricing', { store });
    const block = await screen.findByTestId('purchase-not-available');
    expect(within(block).getByRole('heading').textContent).toBe('Subscription Purchase Not Available');
    expect(screen.queryByTestId('plan-card')).toBeNull();
    fireEvent.click(within(block).getByRole('button', { name: 'Turn Off Performance Mode' }));
    expect(await screen.findByTestId('plan-card')).toBeTruthy();
    expect(store.getState().settings.performance_mode).toBe(false);
  });

  it("says 'Subscription Purchase Not Available' in an app-store native build, still offering the trial", async () => {
    vi.stubGlobal('fetch', fakeAccountServer(TEST_USER, 1).fetch);
    vi.stubGlobal('webkit', { messageHandlers: {} });
    renderApp('/app/pricing');
    const block = await screen.findByTestId('purchase-not-available');
    expect(within(block).getByRole('heading').textContent).toBe('Subscription Purchase Not Available');
    expect(within(block).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('plan-card')).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue With Free Trial' })).toBeTruthy();
  });

  it('shows a valid licence as the summary with the continue button', async () => {
    vi.stubGlobal('fetch', fakeAccountServer(TEST_USER, 2).fetch);
    renderApp('/app/pricing');
    expect((await screen.findByTestId('purchase-done')).textContent).toContain('Standard Monthly');
    expect(screen.getByRole('button', { name: 'Purchase Successful! Continue' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get Monthly Subscription' })).toBeNull();
  });

  it('offers Sign in when signed out', async () => {
    vi.stubGlobal('fetch', fakeAccountServer(null).fetch);
    renderApp('/app/pricing');
    expect(within(await screen.findByTestId('sign-in-offer')).getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('card form', () => {
  it("reads 'Turn Off Performance Mode First' in performance mode and turns it off instead of paying", () => {
    const onSubmit = vi.fn();
    const onTurnOff = vi.fn();
    render(<CardForm testMode={false} performanceMode busy={false} error={null} onSubmit={onSubmit} onTurnOffPerformanceMode={onTurnOff} />);
    expect(screen.queryByTestId('test-mode')).toBeNull();
    click('Turn Off Performance Mode First');
    expect(onTurnOff).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

// Stripe purchases on /app/pricing. Two edges are faked: the server (fakeAccountServer, with get_key and
// checkout_subscription answering as the Stripe provider does in apps/server/src/billing/routes.ts)
// and Stripe.js (fakeStripe, handed in as the app's `loadStripe` service), which records the request shapes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { makeStore } from '../../store';
import { setPerformanceMode } from '../settings';
import { fakeAccountServer, type FakeAccountServer, serverProfile, TEST_USER } from '../../test/account';
import type { Sku } from '../account';
import { fakeStripe, paymentIntent, stripeError, type FakeElement, type FakeStripe } from '../../test/pricing/fakeStripe';
import type { StripeLoader } from './stripeLoader';

const PUBLISHABLE_KEY = 'pk_test_clearway';

/**
 * The account server with the Stripe provider configured: get_key answers test_mode false with the
 * publishable key and a PaymentIntent client secret; checkout_subscription with a paymentIntent
 * succeeds for the intents in `succeeded` and otherwise fails the way the provider does.
 */
function stripeServer(code: 0 | 1 | 5, succeeded: Set<string>) {
  const server = fakeAccountServer(TEST_USER, code);
  let subscriptions = 0;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    if (path !== '/api/get_key' && path !== '/api/checkout_subscription') return server.fetch(input, init);
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    server.calls.push({ path, body });
    if (path === '/api/get_key') {
      subscriptions += 1;
      const sku = body.subscription_type as Sku;
      return Response.json({
        client_token: `pi_${subscriptions}_secret_x`,
        subscription_id: `sub_stripe_${subscriptions}`,
        subscription_type: sku,
        api: 'stripe',
        test_mode: false,
        publishable_key: PUBLISHABLE_KEY,
        amount_cents: sku === 'standard_monthly' ? 1495 : 14495,
        currency: 'usd',
      });
    }
    const intent = typeof body.paymentIntent === 'string' ? body.paymentIntent : '';
    if (!succeeded.has(intent)) return Response.json({ result: 'failed', error: { message: 'The payment is not complete (requires_payment_method).' }, test_mode: false });
    server.state.profile = serverProfile(TEST_USER, 2, Date.now(), body.sku as Sku);
    return Response.json({ result: 'success', test_mode: false, purchase: server.state.profile.trial.purchase });
  };
  return { ...server, fetch };
}

const checkouts = (server: FakeAccountServer) => server.calls.filter((c) => c.path === '/api/checkout_subscription').map((c) => c.body);
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

let fake: FakeStripe;
let loads: string[];

/** The Stripe.js loader the next renderPricing hands the app (services `loadStripe`). */
let loadStripe: StripeLoader | undefined;

function useLoader(loader: StripeLoader) {
  loadStripe = async (key) => {
    loads.push(key);
    return loader(key);
  };
}

/** The pricing page with the fake Stripe.js loader as the app's service. */
function renderPricing(options: Parameters<typeof renderApp>[1] = {}) {
  return renderApp('/app/pricing', { ...options, services: { ...options.services, loadStripe } });
}

beforeEach(() => {
  loads = [];
});

afterEach(() => {
  loadStripe = undefined;
  vi.unstubAllGlobals();
});

/** Begins a purchase and waits for Stripe's card element to be mounted; returns it. */
async function beginWithStripe(plan: 'Get Monthly Subscription' | 'Get Annual Subscription'): Promise<FakeElement> {
  fireEvent.click(await screen.findByRole('button', { name: plan }));
  const target = await screen.findByTestId('stripe-card-element');
  const card = () => fake.elements.find((e) => e.type === 'card' && !e.destroyed);
  await waitFor(() => expect(card()?.mountedIn).toBe(target));
  return card()!;
}

describe('Stripe card payment', () => {
  it('confirms the PaymentIntent with the card and the e-mail, then checks out with its id', async () => {
    fake = fakeStripe();
    useLoader(() => Promise.resolve(fake.stripe));
    const server = stripeServer(1, new Set(['pi_1']));
    vi.stubGlobal('fetch', server.fetch);
    const { prefs } = renderPricing();
    const card = await beginWithStripe('Get Monthly Subscription');

    expect(loads).toEqual([PUBLISHABLE_KEY]);
    // The Stripe form replaces the test provider's: no card number field, no test-mode note.
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByTestId('test-mode')).toBeNull();
    expect(within(screen.getByTestId('purchase-begun')).getByTestId('plan-terms').textContent).toContain('Sorry, no refunds');

    // Card payment needs the payment form ready.
    const pay = screen.getByRole('button', { name: 'Complete Purchase With card' });
    expect((pay as HTMLButtonElement).disabled).toBe(true);
    act(() => card.emit('ready', { elementType: 'card' }));
    expect((pay as HTMLButtonElement).disabled).toBe(false);

    // The element's own message is shown as it comes, and goes with it.
    act(() => card.emit('change', { elementType: 'card', complete: false, empty: false, error: { type: 'validation_error', message: 'Your card number is incomplete.' } }));
    expect(screen.getByTestId('stripe-card-error').textContent).toBe('Your card number is incomplete.');
    act(() => card.emit('change', { elementType: 'card', complete: true, empty: false }));
    expect(screen.queryByTestId('stripe-card-error')).toBeNull();

    fake.answerConfirm({ paymentIntent: paymentIntent('pi_1', 'succeeded') });
    click('Complete Purchase With card');
    const done = await screen.findByTestId('purchase-done');
    expect(done.textContent).toContain('Standard Monthly');

    expect(fake.confirmCalls).toHaveLength(1);
    const [clientSecret, data] = fake.confirmCalls[0] as [string, { payment_method: { card: unknown; billing_details: unknown } }];
    expect(clientSecret).toBe('pi_1_secret_x');
    expect(data.payment_method.card).toBe(card);
    expect(data.payment_method.billing_details).toEqual({ email: TEST_USER.email });
    expect(checkouts(server)).toEqual([
      { type: 'stripe', sku: 'standard_monthly', cust_id: TEST_USER.cust_id, email_id: TEST_USER.email, subscription_id: 'sub_stripe_1', paymentIntent: 'pi_1' },
    ]);
    expect((await prefs.getProperty('login_profile'))?.code).toBe(2);
  });

  it("shows Stripe's decline message without calling checkout, then the server's message when it refuses", async () => {
    fake = fakeStripe();
    useLoader(() => Promise.resolve(fake.stripe));
    const server = stripeServer(1, new Set());
    vi.stubGlobal('fetch', server.fetch);
    renderPricing();
    const card = await beginWithStripe('Get Monthly Subscription');
    act(() => card.emit('ready', { elementType: 'card' }));

    fake.answerConfirm(stripeError('Your card was declined.', { code: 'card_declined' }));
    click('Complete Purchase With card');
    expect((await screen.findByTestId('purchase-error')).textContent).toBe('Your card was declined.');
    expect(checkouts(server)).toEqual([]);
    // Spinner cleared; the form can be used again.
    expect(screen.queryByLabelText('Purchase in progress')).toBeNull();
    expect((screen.getByRole('button', { name: 'Complete Purchase With card' }) as HTMLButtonElement).disabled).toBe(false);

    fake.answerConfirm({ paymentIntent: paymentIntent('pi_1', 'succeeded') });
    click('Complete Purchase With card');
    await waitFor(() => expect(screen.getByTestId('purchase-error').textContent).toBe('The payment is not complete (requires_payment_method).'));
    expect(checkouts(server)).toHaveLength(1);
    expect(screen.queryByTestId('purchase-done')).toBeNull();
  });

  it('checks out with an intent that already succeeded when the confirmation is repeated', async () => {
    fake = fakeStripe();
    useLoader(() => Promise.resolve(fake.stripe));
    const server = stripeServer(1, new Set(['pi_1']));
    vi.stubGlobal('fetch', server.fetch);
    renderPricing();
    const card = await beginWithStripe('Get Monthly Subscription');
    act(() => card.emit('ready', { elementType: 'card' }));
    fake.answerConfirm(
      stripeError('You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.', {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        payment_intent: paymentIntent('pi_1', 'succeeded'),
      }),
    );
    click('Complete Purchase With card');
    await screen.findByTestId('purchase-done');
    expect(checkouts(server)).toMatchObject([{ paymentIntent: 'pi_1', subscription_id: 'sub_stripe_1' }]);
  });

  it("reads 'Turn Off Performance Mode First' in performance mode, turns it off instead of paying, and hides the wallet", async () => {
    fake = fakeStripe({ wallet: { applePay: false, googlePay: true } });
    useLoader(() => Promise.resolve(fake.stripe));
    vi.stubGlobal('fetch', stripeServer(1, new Set()).fetch);
    const store = makeStore();
    renderPricing({ store });
    await beginWithStripe('Get Monthly Subscription');
    await waitFor(() => expect(screen.getByTestId('wallet-button').hidden).toBe(false));
    act(() => {
      store.dispatch(setPerformanceMode(true));
    });
    expect(screen.queryByTestId('wallet-button')).toBeNull();
    click('Turn Off Performance Mode First');
    expect(store.getState().settings.performance_mode).toBe(false);
    expect(fake.confirmCalls).toEqual([]);
    expect(screen.getByRole('button', { name: 'Complete Purchase With card' })).toBeTruthy();
  });
});

describe('wallet payment button', () => {
  it('asks for the monthly wallet total and shows no button when the browser has no wallet', async () => {
    fake = fakeStripe({ wallet: null });
    useLoader(() => Promise.resolve(fake.stripe));
    vi.stubGlobal('fetch', stripeServer(1, new Set()).fetch);
    renderPricing();
    await beginWithStripe('Get Monthly Subscription');
    await waitFor(() => expect(fake.paymentRequests).toHaveLength(1));
    expect(fake.paymentRequests[0]!.options).toEqual({
      country: 'US',
      currency: 'usd',
      total: { label: 'Clearway Standard Monthly', amount: 995 },
      requestPayerEmail: true,
    });
    // canMakePayment answered null: nothing mounted, the slot stays hidden.
    await waitFor(() => expect(fake.paymentRequests[0]!.asked).not.toBeNull());
    await act(async () => {
      expect(await fake.paymentRequests[0]!.asked).toBeNull();
    });
    expect(fake.elements.map((e) => e.type)).toEqual(['card']);
    expect(screen.getByTestId('wallet-button').hidden).toBe(true);
    expect(screen.getByTestId('wallet-button').childElementCount).toBe(0);
  });

  it('pays the annual plan with a wallet: completes the sheet, handles the card action, then checks out', async () => {
    fake = fakeStripe({ wallet: { applePay: true, googlePay: false } });
    useLoader(() => Promise.resolve(fake.stripe));
    const server = stripeServer(1, new Set(['pi_1']));
    vi.stubGlobal('fetch', server.fetch);
    renderPricing();
    await beginWithStripe('Get Annual Subscription');

    const slot = screen.getByTestId('wallet-button');
    await waitFor(() => expect(slot.hidden).toBe(false));
    const request = fake.paymentRequests.at(-1)!;
    expect(request.options).toEqual({ country: 'US', currency: 'usd', total: { label: 'Clearway Standard Annual', amount: 9495 }, requestPayerEmail: true });
    const button = fake.elements.find((e) => e.type === 'paymentRequestButton');
    expect(button?.options).toEqual({ paymentRequest: request });
    expect(button?.mountedIn).toBe(slot);

    // The bank asks for 3-D Secure: the first confirmation leaves the action to the second.
    fake.answerConfirm({ paymentIntent: paymentIntent('pi_1', 'requires_action') }, { paymentIntent: paymentIntent('pi_1', 'succeeded') });
    const complete = vi.fn();
    act(() => request.emit('paymentmethod', { paymentMethod: { id: 'pm_wallet' }, payerEmail: TEST_USER.email, complete }));
    expect((await screen.findByTestId('purchase-done')).textContent).toContain('Standard Annual');

    expect(fake.confirmCalls).toEqual([['pi_1_secret_x', { payment_method: 'pm_wallet' }, { handleActions: false }], ['pi_1_secret_x']]);
    expect(complete.mock.calls).toEqual([['success']]);
    expect(checkouts(server)).toEqual([
      { type: 'stripe', sku: 'standard_annual', cust_id: TEST_USER.cust_id, email_id: TEST_USER.email, subscription_id: 'sub_stripe_1', paymentIntent: 'pi_1' },
    ]);
  });

  it("fails the sheet and shows Stripe's message when the wallet's card is refused", async () => {
    fake = fakeStripe({ wallet: { applePay: false, googlePay: true } });
    useLoader(() => Promise.resolve(fake.stripe));
    const server = stripeServer(1, new Set(['pi_1']));
    vi.stubGlobal('fetch', server.fetch);
    renderPricing();
    await beginWithStripe('Get Monthly Subscription');
    await waitFor(() => expect(screen.getByTestId('wallet-button').hidden).toBe(false));

    fake.answerConfirm(stripeError('Your card has insufficient funds.', { code: 'card_declined' }));
    const complete = vi.fn();
    act(() => fake.paymentRequests.at(-1)!.emit('paymentmethod', { paymentMethod: { id: 'pm_wallet' }, complete }));
    expect((await screen.findByTestId('purchase-error')).textContent).toBe('Your card has insufficient funds.');
    expect(complete.mock.calls).toEqual([['fail']]);
    expect(fake.confirmCalls).toHaveLength(1);
    expect(checkouts(server)).toEqual([]);
  });

  it('asks again for the new plan when the plan is switched', async () => {
    fake = fakeStripe({ wallet: { applePay: false, googlePay: true } });
    useLoader(() => Promise.resolve(fake.stripe));
    vi.stubGlobal('fetch', stripeServer(1, new Set()).fetch);
    renderPricing();
    await beginWithStripe('Get Monthly Subscription');
    await waitFor(() => expect(screen.getByTestId('wallet-button').hidden).toBe(false));
    click('Get Annual Instead');
    await waitFor(() => expect(fake.paymentRequests).toHaveLength(2));
    expect(fake.paymentRequests[1]!.options).toMatchObject({ total: { label: 'Clearway Standard Annual', amount: 9495 } });
    // The monthly request no longer pays; its button is gone.
    expect(fake.paymentRequests[0]!.listenerCount('paymentmethod')).toBe(0);
    const buttons = () => fake.elements.filter((e) => e.type === 'paymentRequestButton');
    await waitFor(() => expect(buttons()).toHaveLength(2));
    expect(buttons().map((e) => e.destroyed)).toEqual([true, false]);
    // Stripe.js is loaded once for the page.
    expect(loads).toEqual([PUBLISHABLE_KEY]);
  });
});

describe('loading Stripe.js', () => {
  it("says 'Could not load the payment form' when the script cannot load, keeps the purchase, and tries again", async () => {
    fake = fakeStripe();
    let fail = true;
    useLoader(() => (fail ? Promise.reject(new Error('Failed to load Stripe.js')) : Promise.resolve(fake.stripe)));
    vi.stubGlobal('fetch', stripeServer(1, new Set()).fetch);
    renderPricing();
    fireEvent.click(await screen.findByRole('button', { name: 'Get Annual Subscription' }));
    const failed = await screen.findByTestId('payment-form-failed');
    expect(failed.textContent).toContain('Could not load the payment form: Failed to load Stripe.js');
    // The begun purchase stays: customer id, terms and the plan switch.
    const begun = screen.getByTestId('purchase-begun');
    expect(within(begun).getByTestId('pricing-cust-id').textContent).toBe(TEST_USER.cust_id);
    expect(within(begun).getByTestId('plan-terms').textContent).toContain('downgrade pro-rated to monthly');
    expect(screen.queryByRole('button', { name: 'Complete Purchase With card' })).toBeNull();

    fail = false;
    fireEvent.click(within(failed).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('stripe-card-element')).toBeTruthy();
    expect(screen.queryByTestId('payment-form-failed')).toBeNull();
    expect(loads).toEqual([PUBLISHABLE_KEY, PUBLISHABLE_KEY]);
  });

  it('says so when Stripe.js is not available at all', async () => {
    useLoader(() => Promise.resolve(null));
    vi.stubGlobal('fetch', stripeServer(1, new Set()).fetch);
    renderPricing();
    fireEvent.click(await screen.findByRole('button', { name: 'Get Monthly Subscription' }));
    expect((await screen.findByTestId('payment-form-failed')).textContent).toContain('Could not load the payment form');
  });

  it('does not load Stripe.js for the built-in test provider', async () => {
    useLoader(() => Promise.reject(new Error('not expected')));
    vi.stubGlobal('fetch', fakeAccountServer(TEST_USER, 1).fetch);
    renderPricing();
    fireEvent.click(await screen.findByRole('button', { name: 'Get Monthly Subscription' }));
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
    expect(screen.queryByTestId('stripe-card-form')).toBeNull();
    expect(loads).toEqual([]);
  });
});

import Stripe from 'stripe';
import { CURRENCY, PLANS } from '../pricing.js';
import type { ConfirmResult, ConfirmSubscriptionInput, PaymentProvider, StartedSubscription, StartSubscriptionInput } from './types.js';

export interface StripeProviderOptions {
  /** The Stripe product the subscription prices belong to (STRIPE_PRODUCT_ID). */
  productId: string;
}

/** A Stripe client for a secret key; tests pass `httpClient: Stripe.createFetchHttpClient(fakeFetch)`. */
export function createStripeClient(secretKey: string, config: { httpClient?: ReturnType<typeof Stripe.createFetchHttpClient> } = {}): Stripe {
  return new Stripe(secretKey, {
    ...(config.httpClient ? { httpClient: config.httpClient } : {}),
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: 'Clearway' },
  });
}

/** The id of an expandable Stripe field: the string itself or the expanded object's id. */
function idOf(value: string | { id?: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id ?? null;
}

function paymentIntentIdOfPayment(payment: Stripe.InvoicePayment.Payment | undefined): string | null {
  return idOf(payment?.payment_intent);
}

/** The PaymentIntent of an expanded invoice's first payment, or null when the invoice does not list its payments. */
function paymentIntentIdOf(invoice: Stripe.Invoice | string | null): string | null {
  if (invoice === null || typeof invoice === 'string') return null;
  return paymentIntentIdOfPayment(invoice.payments?.data[0]?.payment);
}

/**
 * Stripe subscriptions with PaymentIntents (spec part 1 §2, §7): get_key makes the customer (once)
 * and an incomplete subscription at the plan's price (1495 or 14495 cents, usd) with
 * payment_behavior default_incomplete; the client confirms the first invoice's PaymentIntent with
 * the returned client secret; checkout_subscription then checks the PaymentIntent and the
 * subscription with Stripe before the licence is granted. Renewals, failures and cancellations
 * arrive by webhook.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly api = 'stripe' as const;
  readonly testMode = false;

  constructor(private readonly stripe: Stripe, private readonly options: StripeProviderOptions) {}

  async startSubscription(input: StartSubscriptionInput): Promise<StartedSubscription> {
    const plan = PLANS[input.sku];
    const customerId = input.providerCustomerId ??
      (await this.stripe.customers.create({ email: input.email, metadata: { cust_id: input.custId } })).id;
    const subscription = await this.stripe.subscriptions.create({
      customer: customerId,
      items: [{ price_data: { currency: CURRENCY, product: this.options.productId, unit_amount: plan.amountCents, recurring: { interval: plan.interval } } }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
      metadata: { cust_id: input.custId, sku: input.sku },
      expand: ['latest_invoice.confirmation_secret'],
    });
    const invoice = subscription.latest_invoice;
    const clientSecret = typeof invoice === 'object' && invoice !== null ? invoice.confirmation_secret?.client_secret : undefined;
    if (clientSecret === undefined) throw new Error(`Stripe subscription ${subscription.id} came back without a confirmation secret`);
    return { subscriptionId: subscription.id, clientToken: clientSecret, providerCustomerId: customerId };
  }

  async confirmSubscription(input: ConfirmSubscriptionInput): Promise<ConfirmResult> {
    if (input.paymentIntentId === null) return { ok: false, message: 'This payment method is not available.' };
    const subscription = await this.stripe.subscriptions.retrieve(input.subscriptionId, { expand: ['latest_invoice.payments'] });
    if (subscription.metadata['cust_id'] !== input.custId) return { ok: false, message: 'This subscription belongs to another customer.' };
    const customerId = idOf(subscription.customer);
    // The Stripe customer get_key made (or reused) for this account, when known, is the subscription's.
    if (customerId === null || (input.providerCustomerId !== undefined && input.providerCustomerId !== null && input.providerCustomerId !== customerId)) {
      return { ok: false, message: 'This subscription belongs to another customer.' };
    }
    const invoice = subscription.latest_invoice;
    const invoiceId = idOf(invoice);
    if (invoiceId === null) return { ok: false, message: 'The subscription has no invoice to pay.' };
    const expected = paymentIntentIdOf(invoice);
    if (expected !== null && expected !== input.paymentIntentId) return { ok: false, message: 'The payment does not belong to this subscription.' };
    // The expanded invoice did not list its payments: ask Stripe which invoice the intent paid, and
    // accept only this subscription's latest one.
    if (expected === null && !(await this.intentPaysInvoice(input.paymentIntentId, invoiceId))) {
      return { ok: false, message: 'The payment does not belong to this subscription.' };
    }
    const intent = await this.stripe.paymentIntents.retrieve(input.paymentIntentId);
    if (idOf(intent.customer) !== customerId) return { ok: false, message: 'The payment belongs to another customer.' };
    if (intent.status !== 'succeeded') {
      return { ok: false, message: intent.last_payment_error?.message ?? `The payment is not complete (${intent.status}).` };
    }
    if (intent.amount !== PLANS[input.sku].amountCents || intent.currency !== CURRENCY) {
      return { ok: false, message: 'The payment amount does not match the plan.' };
    }
    // Right after the client's confirmation the subscription may still read incomplete for a moment;
    // the payment itself has been checked above.
    if (subscription.status !== 'active' && subscription.status !== 'trialing' && subscription.status !== 'incomplete') {
      return { ok: false, message: `The subscription is not active (${subscription.status}).` };
    }
    const periodEnds = subscription.items.data.map((item) => item.current_period_end);
    if (periodEnds.length === 0) return { ok: false, message: 'The subscription has no items.' };
    return { ok: true, expiresAt: Math.min(...periodEnds) * 1000, renewing: !subscription.cancel_at_period_end };
  }

  /** Whether Stripe lists the PaymentIntent among the payments of the invoice (GET /v1/invoice_payments). */
  private async intentPaysInvoice(paymentIntentId: string, invoiceId: string): Promise<boolean> {
    const payments = await this.stripe.invoicePayments.list({ invoice: invoiceId, payment: { type: 'payment_intent', payment_intent: paymentIntentId }, limit: 1 });
    return payments.data.some((payment) => idOf(payment.invoice) === invoiceId && paymentIntentIdOfPayment(payment.payment) === paymentIntentId);
  }
}

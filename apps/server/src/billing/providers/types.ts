import type { PaymentApi } from '../licence.js';
import type { Sku } from '../pricing.js';

/** What get_key asks a provider for: a subscription waiting for its first payment. */
export interface StartSubscriptionInput {
  custId: string;
  email: string;
  sku: Sku;
  /** The provider's customer id remembered from an earlier get_key, if any. */
  providerCustomerId: string | null;
}

export interface StartedSubscription {
  subscriptionId: string;
  /** What the client confirms the payment with (Stripe: the PaymentIntent client secret). */
  clientToken: string;
  providerCustomerId: string | null;
}

/** What checkout_subscription hands a provider once the client has confirmed (or sent a nonce). */
export interface ConfirmSubscriptionInput {
  custId: string;
  sku: Sku;
  subscriptionId: string;
  /** The client-confirmed PaymentIntent id (Stripe path). */
  paymentIntentId: string | null;
  /** The alternate path's payment token (the test provider: a card number). */
  nonce: string | null;
  /** The provider's customer id get_key remembered for this account (Stripe `cus_...`), if any: the subscription and the payment must be that customer's. */
  providerCustomerId?: string | null;
  now: number;
}

export type ConfirmResult =
  | { ok: true; expiresAt: number; renewing: boolean }
  /** message is the provider's own text, shown to the user as is (spec §8). */
  | { ok: false; message: string };

/** One payment provider behind get_key and checkout_subscription. */
export interface PaymentProvider {
  readonly api: PaymentApi;
  /** True for the built-in test provider: no money moves, and every reply says so. */
  readonly testMode: boolean;
  startSubscription(input: StartSubscriptionInput): Promise<StartedSubscription>;
  confirmSubscription(input: ConfirmSubscriptionInput): Promise<ConfirmResult>;
}

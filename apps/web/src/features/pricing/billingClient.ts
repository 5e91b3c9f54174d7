// Purchase calls (apps/server/README.md "Billing"): get_key starts a subscription, checkout_subscription
// completes it with the card (built-in test provider: the card number as `nonce`; Stripe: the
// PaymentIntent the client confirmed with Stripe.js).
import { postJson } from '../../platform/api';
import type { ServerLoginProfile, Sku } from '../account';

export interface PurchaseKey {
  client_token: string;
  subscription_id: string;
  subscription_type: Sku;
  api: string;
  test_mode: boolean;
  publishable_key: string | null;
  amount_cents: number;
  currency: string;
}

export type CheckoutResult =
  | { result: 'success'; test_mode: boolean; purchase: NonNullable<ServerLoginProfile['trial']['purchase']> }
  | { result: 'failed'; error: { message: string }; test_mode: boolean };

export function getKey(custId: string, email: string, subscriptionType: Sku): Promise<PurchaseKey> {
  return postJson<PurchaseKey>('/api/get_key', { cust_id: custId, type: 'stripe', email, subscription_type: subscriptionType });
}

export function checkoutWithCard(args: { custId: string; email: string; sku: Sku; subscriptionId: string; cardNumber: string }): Promise<CheckoutResult> {
  return postJson<CheckoutResult>('/api/checkout_subscription', {
    type: 'stripe',
    sku: args.sku,
    cust_id: args.custId,
    email_id: args.email,
    subscription_id: args.subscriptionId,
    nonce: args.cardNumber.replace(/[\s-]/g, ''),
  });
}

/**
 * Completes a Stripe purchase once Stripe.js has confirmed the subscription's PaymentIntent (spec
 * part 1 §7); the server checks the PaymentIntent and the subscription with Stripe before granting
 * the licence.
 */
export function checkoutWithPaymentIntent(args: { custId: string; email: string; sku: Sku; subscriptionId: string; paymentIntentId: string }): Promise<CheckoutResult> {
  return postJson<CheckoutResult>('/api/checkout_subscription', {
    type: 'stripe',
    sku: args.sku,
    cust_id: args.custId,
    email_id: args.email,
    subscription_id: args.subscriptionId,
    paymentIntent: args.paymentIntentId,
  });
}

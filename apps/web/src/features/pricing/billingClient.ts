// Purchase calls (apps/server/README.md "Billing"): get_key starts a subscription, checkout_subscription
// completes it with the card (built-in test provider: the card number as `nonce`; Stripe: the
// PaymentIntent the client confirmed with Stripe.js).
// Replies are read with the protocol's schemas: a body that is not one throws ReplyShapeError naming
// the endpoint and the field.
import { checkoutResultSchema, parseReply, purchaseKeySchema, type CheckoutResultReply, type PurchaseKeyReply } from '@clearway/protocol';
import { postJson } from '../../platform/api';
import type { Sku } from '../account';

const GET_KEY_PATH = '/api/get_key';
const CHECKOUT_PATH = '/api/checkout_subscription';

/** `POST /api/get_key` (the protocol's purchaseKeySchema): a started subscription to complete. */
export type PurchaseKey = PurchaseKeyReply;

/** `POST /api/checkout_subscription` (the protocol's checkoutResultSchema): success with the purchase, or failed with the reason. */
export type CheckoutResult = CheckoutResultReply;

export async function getKey(custId: string, email: string, subscriptionType: Sku): Promise<PurchaseKey> {
  return parseReply(GET_KEY_PATH, purchaseKeySchema, await postJson<unknown>(GET_KEY_PATH, { cust_id: custId, type: 'stripe', email, subscription_type: subscriptionType }));
}

async function checkout(body: object): Promise<CheckoutResult> {
  return parseReply(CHECKOUT_PATH, checkoutResultSchema, await postJson<unknown>(CHECKOUT_PATH, body));
}

export function checkoutWithCard(args: { custId: string; email: string; sku: Sku; subscriptionId: string; cardNumber: string }): Promise<CheckoutResult> {
  return checkout({
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
  return checkout({
    type: 'stripe',
    sku: args.sku,
    cust_id: args.custId,
    email_id: args.email,
    subscription_id: args.subscriptionId,
    paymentIntent: args.paymentIntentId,
  });
}

import type { PaymentIntentResult, Stripe } from '@stripe/stripe-js';

/** Loads Stripe.js for a publishable key; null when Stripe.js is not available in this environment. */
export type StripeLoader = (publishableKey: string) => Promise<Stripe | null>;

/**
 * The real loader: `@stripe/stripe-js/pure` is imported on demand (nothing loads at app start) and
 * injects https://js.stripe.com/... only when called. It rejects when the script cannot be fetched;
 * a later call tries again. The app uses it unless its services hand in another (`loadStripe`: tests).
 */
export const loadStripeJs: StripeLoader = async (publishableKey) => {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  return loadStripe(publishableKey);
};

/** A payment the provider refused: its message is shown as it came (spec part 1 §8). */
export class PaymentError extends Error {
  override name = 'PaymentError';
}

/** Said when Stripe gives an error without a message. */
const NO_MESSAGE = 'The payment was not completed.';

/**
 * The confirmed PaymentIntent's id from a `confirmCardPayment` result, or a PaymentError with the
 * provider's message. An intent that already succeeded (a retry after the checkout call failed)
 * counts as confirmed: the server checks it with Stripe.
 */
export function paymentIntentIdOf(result: PaymentIntentResult): string {
  if (result.error) {
    const intent = result.error.payment_intent;
    if (intent?.status === 'succeeded') return intent.id;
    throw new PaymentError(result.error.message ?? NO_MESSAGE);
  }
  return result.paymentIntent.id;
}

/** Throws the provider's message for a failed result (the wallet's first, action-less confirmation). */
export function assertConfirmed(result: PaymentIntentResult): asserts result is Extract<PaymentIntentResult, { error?: undefined }> {
  if (result.error) throw new PaymentError(result.error.message ?? NO_MESSAGE);
}

import { randomBytes } from 'node:crypto';
import { periodEnd } from '../pricing.js';
import type { ConfirmResult, ConfirmSubscriptionInput, PaymentProvider, StartedSubscription, StartSubscriptionInput } from './types.js';

/** The decline texts, worded as the card provider words them. */
export const TEST_CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  lostCard: 'Your card was declined.',
  stolenCard: 'Your card was declined.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  authenticationRequired: 'Your card was declined. This transaction requires authentication.',
  incorrectNumber: 'Your card number is incorrect.',
  liveCard: 'Your card was declined. Your request was in test mode, but used a non test card.',
  missingCard: 'Enter a card number to complete the purchase.',
} as const;

type Outcome = { ok: true } | { ok: false; message: string };

/** The usual test card numbers and what each does. */
export const TEST_CARDS: Readonly<Record<string, Outcome>> = {
  '4242424242424242': { ok: true }, // Visa
  '4000056655665556': { ok: true }, // Visa (debit)
  '5555555555554444': { ok: true }, // Mastercard
  '2223003122003222': { ok: true }, // Mastercard (2-series)
  '5200828282828210': { ok: true }, // Mastercard (debit)
  '378282246310005': { ok: true }, // American Express
  '6011111111111117': { ok: true }, // Discover
  '3056930009020004': { ok: true }, // Diners Club
  '3566002020360505': { ok: true }, // JCB
  '4000000000000002': { ok: false, message: TEST_CARD_MESSAGES.declined },
  '4000000000009995': { ok: false, message: TEST_CARD_MESSAGES.insufficientFunds },
  '4000000000009987': { ok: false, message: TEST_CARD_MESSAGES.lostCard },
  '4000000000009979': { ok: false, message: TEST_CARD_MESSAGES.stolenCard },
  '4000000000000069': { ok: false, message: TEST_CARD_MESSAGES.expired },
  '4000000000000127': { ok: false, message: TEST_CARD_MESSAGES.incorrectCvc },
  '4000000000000119': { ok: false, message: TEST_CARD_MESSAGES.processingError },
  '4000002760003184': { ok: false, message: TEST_CARD_MESSAGES.authenticationRequired },
};

/** The Luhn check every real card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** What the test provider does with a card number (spaces and dashes allowed). */
export function testCardOutcome(card: string | null): Outcome {
  if (card === null || card.trim() === '') return { ok: false, message: TEST_CARD_MESSAGES.missingCard };
  const digits = card.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return { ok: false, message: TEST_CARD_MESSAGES.incorrectNumber };
  return TEST_CARDS[digits] ?? { ok: false, message: TEST_CARD_MESSAGES.liveCard };
}

/**
 * The built-in payment provider used when no Stripe key is configured: test mode, no money moves.
 * get_key hands out a `test_...` client token; checkout sends the card number as the nonce (or as
 * paymentIntent) and the usual test card numbers succeed or decline with the provider's wording.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly api = 'test' as const;
  readonly testMode = true;

  async startSubscription(input: StartSubscriptionInput): Promise<StartedSubscription> {
    const id = randomBytes(12).toString('hex');
    return {
      subscriptionId: `test_sub_${id}`,
      clientToken: `test_secret_${id}_${randomBytes(12).toString('hex')}`,
      providerCustomerId: input.providerCustomerId ?? `test_cus_${randomBytes(8).toString('hex')}`,
    };
  }

  async confirmSubscription(input: ConfirmSubscriptionInput): Promise<ConfirmResult> {
    const outcome = testCardOutcome(input.nonce ?? input.paymentIntentId);
    if (!outcome.ok) return outcome;
    return { ok: true, expiresAt: periodEnd(input.sku, input.now), renewing: true };
  }
}

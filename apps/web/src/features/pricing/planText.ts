import type { Sku } from '../account';

/** Texts of the Subscription screen (spec part 1 §2 "Subscription screen", §8, §9). */
export const PRICING_TEXT = {
  notAvailable: 'Subscription Purchase Not Available',
  nativeBody: 'In-app purchase is not offered in this app. Join on the Clearway website to subscribe.',
  performanceBody: 'Purchase is not available in performance mode.',
  turnOffPerformance: 'Turn Off Performance Mode',
  turnOffPerformanceFirst: 'Turn Off Performance Mode First',
  offer: 'Standard Subscription Offer',
  prices: 'Monthly: $14.95, Annual: $144.95',
  benefits: 'All standard features including 3D terrain map, all VFR and IFR charts and the vector map, unlimited downloads, up to 4 devices, priority support.',
  getMonthly: 'Get Monthly Subscription',
  getAnnual: 'Get Annual Subscription',
  switchToAnnual: 'Get Annual Instead',
  switchToMonthly: 'Get Monthly Instead',
  noRefunds: 'Sorry, no refunds',
  completeWithCard: 'Complete Purchase With card',
  paymentFormFailed: 'Could not load the payment form',
  paymentFormLoading: 'Loading the payment form...',
  tryAgain: 'Try Again',
  getTrial: 'Get Free Trial',
  continueTrial: 'Continue With Free Trial',
  logout: 'Logout',
  success: 'Purchase Successful! Continue',
} as const;

export const PLAN_PRICE: Record<Sku, string> = { standard_monthly: '$14.95', standard_annual: '$144.95' };

/**
 * Totals shown in the wallet payment sheet, cents (spec part 1 §9). The spec gives 995 for monthly and
 * 9495 for annual, which differ from the displayed prices ($14.95, $144.95) and from what Stripe
 * charges: the subscription's PaymentIntent carries the plan price (get_key's amount_cents) whatever
 * the sheet shows.
 */
export const WALLET_AMOUNT_CENTS: Record<Sku, number> = { standard_monthly: 995, standard_annual: 9495 };
/** The wallet payment sheet's total label for each plan. */
export const WALLET_LABEL: Record<Sku, string> = { standard_monthly: 'Clearway Standard Monthly', standard_annual: 'Clearway Standard Annual' };
/** Currency and country of the wallet payment request (spec part 1 §9). */
export const WALLET_CURRENCY = 'usd';
export const WALLET_COUNTRY = 'US';

/** The terms shown once a purchase begins (spec part 1 §2). */
export function planTerms(sku: Sku): string[] {
  return sku === 'standard_monthly'
    ? ['Standard Monthly: $14.95 per month.', 'Cancel anytime, or upgrade pro-rated to annual.', 'Renews automatically every month.', `${PRICING_TEXT.noRefunds}.`]
    : ['Standard Annual: $144.95 per year.', 'Cancel anytime, or downgrade pro-rated to monthly.', 'Renews automatically every year.', `${PRICING_TEXT.noRefunds}.`];
}

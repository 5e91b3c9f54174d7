/** The plans of spec part 1 §2 "Subscription screen" and §9 "Business constants". */
export const SKUS = ['standard_monthly', 'standard_annual'] as const;
export type Sku = (typeof SKUS)[number];

export interface Plan {
  sku: Sku;
  /** What the customer is charged per period, in US cents (the displayed price). */
  amountCents: number;
  /** The displayed price, exactly as the spec writes it. */
  display: string;
  /** The label of the account page. */
  label: string;
  interval: 'month' | 'year';
  /**
   * The amount the spec's wallet payment request shows, cents (§9: "995 cents for monthly and 9495
   * cents for annual, which differs from the displayed annual price"). Client-side display only: the
   * server always charges amountCents.
   */
  walletRequestCents: number;
}

export const PLANS: Readonly<Record<Sku, Plan>> = {
  standard_monthly: { sku: 'standard_monthly', amountCents: 1495, display: '$14.95', label: 'Standard Monthly', interval: 'month', walletRequestCents: 995 },
  standard_annual: { sku: 'standard_annual', amountCents: 14495, display: '$144.95', label: 'Standard Annual', interval: 'year', walletRequestCents: 9495 },
};

export const CURRENCY = 'usd';
export const COUNTRY = 'US';

/** The end of one paid period that starts at `from` (calendar month or year, UTC; 31 Jan + 1 month = 28/29 Feb). */
export function periodEnd(sku: Sku, from: number): number {
  const start = new Date(from);
  const end = new Date(from);
  if (PLANS[sku].interval === 'year') {
    end.setUTCFullYear(start.getUTCFullYear() + 1);
    // 29 Feb + 1 year rolls into March; clamp to the last day of February.
    if (end.getUTCMonth() !== start.getUTCMonth()) end.setUTCDate(0);
  } else {
    end.setUTCMonth(start.getUTCMonth() + 1);
    if (end.getUTCMonth() !== (start.getUTCMonth() + 1) % 12) end.setUTCDate(0);
  }
  return end.getTime();
}

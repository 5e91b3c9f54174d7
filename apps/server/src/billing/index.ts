export { billingRoutes, checkoutSchema, getKeySchema, providerFor, STRIPE_WEBHOOK_PATH, WEBHOOK_BODY_LIMIT_BYTES, type BillingRoutesOptions } from './routes.js';
export * from './licence.js';
export { PLANS, SKUS, CURRENCY, COUNTRY, type Plan, type Sku } from './pricing.js';
export type { PaymentProvider } from './providers/types.js';
export { TestPaymentProvider, TEST_CARDS, TEST_CARD_MESSAGES } from './providers/testProvider.js';
export { StripePaymentProvider, createStripeClient } from './providers/stripeProvider.js';
export { ensureLicence, lookupLicenceCode } from './licenceStore.js';
export { CALL_BODY_LIMIT_BYTES, CALL_SIGNED_OUT_ERROR, callBodyErrors, customerBody } from './http.js';

export type { SessionResolver, SessionUser } from './sessionContract.js';
export {
  CustomerMismatchError,
  SESSION_COOKIE,
  SIGNED_OUT_ERROR,
  assertCustomer,
  createSession,
  createSessionResolver,
  customerSessions,
  endCustomerSessions,
  deleteSession,
  deleteSessionsOfEmail,
  requireSession,
  sessionUserOf,
  type SessionHook,
  type SessionSelection,
} from './sessions.js';
export { authRoutes, type AuthRoutesOptions } from './routes.js';
export { AFTER_LOGOUT_PATH, afterLoginPath, noPurchaseLicence, type LicenceCodeLookup } from './licence.js';
export { findCustomer, findOrCreateCustomer, type Customer } from './customers.js';
export { outboxFor, SENT_LINK_PLACEHOLDER, type MailTransport, type OutgoingMail } from './mailer.js';
export { LOGIN_START_LIMIT, PENDING_LOGIN_PURGE_PERIOD_MS, RP_TEXT, pendingLoginPurgeJob } from './relyingParty.js';
export { checkPassword, createUser } from './users.js';
export { hashToken } from './cookies.js';
export { AttemptCounter, type RateLimit } from './rateLimit.js';
export { IDP_TEXT } from './idp/text.js';
export { ATTEMPT_RETENTION_MS, AUTH_EXPIRY_PURGE_PERIOD_MS, authExpiryPurgeJob, deleteExpiredAuthRecords } from './expiredRecords.js';
export { OUTBOX_CLEANUP_PERIOD_MS, OUTBOX_RETENTION_MS, deleteOldOutboxMail, outboxCleanupJob } from './outboxCleanup.js';
export { providerSecrets, storedSecret } from './secrets.js';

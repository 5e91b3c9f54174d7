export type { SessionResolver, SessionUser } from './sessionContract.js';
export {
  CustomerMismatchError,
  SESSION_COOKIE,
  SIGNED_OUT_ERROR,
  assertCustomer,
  createSession,
  createSessionResolver,
  deleteSession,
  requireSession,
  sessionUserOf,
} from './sessions.js';
export { authRoutes, type AuthRoutesOptions } from './routes.js';
export { AFTER_LOGOUT_PATH, afterLoginPath, noPurchaseLicence, type LicenceCodeLookup } from './licence.js';
export { findCustomer, findOrCreateCustomer, type Customer } from './customers.js';
export type { MailTransport, OutgoingMail } from './mailer.js';

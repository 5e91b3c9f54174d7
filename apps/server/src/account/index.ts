export { accountRoutes, type AccountRoutesOptions } from './routes.js';
export { HelpTokens, HELP_TOKEN_PURGE_PERIOD_MS, helpCentrePage, helpTokenPurgeJob, HELP_TOKEN_TYPES, HELP_TOKEN_SECONDS, type HelpTokenType } from './helpCentre.js';
export { profileNamesFromCustomers } from './profileNames.js';
export { ACCOUNT_DELETE_LIMIT, ACCOUNT_DELETE_PATH, ACCOUNT_EXPORT_LIMIT, ACCOUNT_EXPORT_PATH, RECENT_SIGN_IN_MS } from './routes.js';
export { deleteCustomer, liveSubscriptionsOf, stripeCanceller, type CustomerDeletion, type CustomerKeys, type SubscriptionCanceller } from './deletion.js';
export { ACCOUNT_EXPORT_ATTEMPT, ACCOUNT_TEXT, exportFileName, exportOf, type AccountExport, type ExportedRecord } from './export.js';

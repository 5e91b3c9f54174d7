export { accountRoutes, type AccountRoutesOptions } from './routes.js';
export { HelpTokens, helpCentrePage, HELP_TOKEN_TYPES, HELP_TOKEN_SECONDS, type HelpTokenType } from './helpCentre.js';
export { profileNamesFromCustomers } from './profileNames.js';

// Front door of features/account (the account: sign-in session, licence checks, account calls):
// other features import only what is exported here (eslint.config.js feature map).
export { deviceLimitCleared, deviceLimitReached } from './accountSlice';
export { fetchAccount, isNativeBuild, startTrial } from './authClient';
export { CODE_TRIAL_RUNNING, formatDate, hasValidLicence, type ServerLoginProfile, type Sku, skuLabel, toStoredProfile, trialAvailable } from './licence';
export { applyServerProfile, useLogout } from './session';

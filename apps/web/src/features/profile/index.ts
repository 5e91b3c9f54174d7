// Front door of features/profile (the aircraft profile: slice, stored profile and departure time):
// other features import only what is exported here (eslint.config.js feature map).
export { ETD_CHOICES_MIN, etdFromDate, etdFromOffset, etdMs, formatEtd } from './etd';
export { notifyNativeWelcomeComplete } from './nativeWelcome';
export { modelsReloadRequested, PROFILE_LOADING_TEXT, profileLoaded, profileSaved } from './profileSlice';
export { readCurrentProfile, storeProfile, toProfile } from './profileStore';
export { colorName } from './colors';

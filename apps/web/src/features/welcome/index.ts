// Front door of features/welcome (the welcome flags): other features import only what is exported
// here (eslint.config.js feature map).
export { setWelcomeComplete } from './welcomeSlice';

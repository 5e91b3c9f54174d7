// The devices module's front door: other modules import it only from here (eslint.config.js).
export { devicesModule, type DevicesModuleOptions } from './module.js';

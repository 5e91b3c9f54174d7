// The devices module's front door: other modules import it only from here (eslint.config.js).
export { DEVICES_SESSION_ENDED_CLOSE, MAX_DEVICES_SOCKETS_PER_SESSION, devicesModule, type DevicesModuleOptions, type DevicesSettings } from './module.js';
export { Gdl90Bridge, SPEC_DEVICE_TIMEOUTS, type BadInputKind, type BridgeOptions, type DeviceTimeouts } from './bridge.js';
export { simModule, type SimSettings } from './xplane/index.js';

// The simulator link's front door (issue 20).
export { MAX_SIM_SOCKETS_PER_SESSION, SIM_SESSION_ENDED_CLOSE, simModule, type SimModuleOptions, type SimSettings } from './module.js';
export { XPlaneLink } from './link.js';
export { readFms, writeFms } from './fms.js';

// The lifecycle module's front door: other modules import it only from here (eslint.config.js).
export { SHUTDOWN_SIGNALS, SHUTDOWN_TIMEOUT_MS, installShutdown, type ShutdownOptions } from './shutdown.js';

// The jobs module's front door: other modules import it only from here (eslint.config.js).
export { systemClock, type Job, type JobClock, type JobContext } from './job.js';
export type { LeaseClaim, LeaseStore } from './leases.js';
export { InProcessLeases, inProcessLeasesOf } from './inProcessLeases.js';
export { DatabaseLeases } from './databaseLeases.js';
export { JobRunner, leasesFor, type JobLogger, type JobRun, type JobRunnerOptions } from './jobRunner.js';

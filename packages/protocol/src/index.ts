export * from './environments.js';
export * from './endpoints.js';
export * from './clientConfig.js';
export * from './logEntry.js';
export * from './issues.js';
export * from './navdata.js';
export * from './sync.js';
export * from './licence.js';

export * from './version.js';
export * from './merge.js';
export * from './apply.js';

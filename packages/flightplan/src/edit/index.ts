export * from './context.js';
export * from './edits.js';
export * from './directTo.js';

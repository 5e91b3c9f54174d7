export * from './weightBalance.js';
export * from './templates.js';

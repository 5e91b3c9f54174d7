export * from './airac.js';
export * from './channels.js';

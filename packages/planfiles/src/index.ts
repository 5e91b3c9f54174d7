export * from './model.js';
export { readFms, writeFms, type WriteFmsOptions } from './fms.js';

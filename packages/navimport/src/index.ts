export * from './common/diagnostics.js';
export * from './common/progress.js';
export * from './common/lines.js';
export * from './common/sourceFiles.js';
export * from './common/csv.js';
export * from './common/values.js';
export * from './nasr/readNasr.js';

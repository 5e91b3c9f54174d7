export * from './common/diagnostics.js';
export * from './common/progress.js';
export * from './common/lines.js';
export * from './common/sourceFiles.js';

export * from './faaSources.js';
export * from './downloadFile.js';
export * from './extractZipEntry.js';
export * from './updateNavdata.js';
export * from './progressBar.js';
export * from './downloadCommand.js';

// Downloads in the browser on @clearway/download: the storage adapter (OPFS, IndexedDB fallback) and
// the environment (fetch, timers, WebCrypto). Used by the nav database loader; next by region packs,
// plates and weather snapshots.
export { openBrowserPartStore } from './browserPartStore';
export { browserDownloadEnv, browserSha256 } from './browserDownloadEnv';
export { opfsSegments, opfsSegmentFiles } from './opfsSegments';
export { indexedDbSegments } from './indexedDbSegments';

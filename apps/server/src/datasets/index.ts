// Datasets: the downloadable data the server publishes (nav data, and next chart packs, plates and
// weather snapshots), one store and one HTTP answer for all of them (README "Datasets").
export {
  DATASET_NAME_PATTERN,
  DatasetStore,
  fileVersion,
  type DatasetDefinition,
  type DatasetFile,
  type DatasetFileRef,
  type DatasetVariant,
} from './store.js';
export {
  DATASET_CACHE_CONTROL,
  DATASET_INDEX_CACHE_CONTROL,
  sendDatasetFile,
  sendMemory,
  sendTaggedJson,
  sha256Tag,
  type MemoryRepresentation,
  type SendFileOptions,
} from './send.js';
export { datasetIndex, registerDataset, type DatasetIndex, type DatasetRouteOptions } from './register.js';
// The header rules themselves (httpHeaders.ts) are the senders' business; other modules need only
// the ETag of an encoded copy, for bodies they build in memory (nav data overview layers).
export { encodedEtag, type PrecompressedEncoding } from './httpHeaders.js';

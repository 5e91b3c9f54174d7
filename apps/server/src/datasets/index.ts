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
export {
  ENCODING_SUFFIX,
  chooseEncoding,
  encodedEtag,
  headerText,
  ifRangeAllows,
  noneMatchHits,
  parseAcceptEncoding,
  parseRange,
  scanByteRange,
  type ByteRangeSpec,
  type PrecompressedEncoding,
  type RangeRequest,
} from './httpHeaders.js';

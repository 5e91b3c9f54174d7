/**
 * The HTTP header rules of the downloads now live in the dataset module (../datasets/httpHeaders.ts),
 * shared by every dataset; nav data names them from here as before.
 */
export {
  chooseEncoding,
  ifRangeAllows,
  noneMatchHits,
  parseAcceptEncoding,
  parseRange,
  type PrecompressedEncoding,
  type RangeRequest,
} from '../datasets/index.js';

// The imagery index's zod schema, loaded on first use (imageryCache.ts fetchImageryIndex), so zod is
// not in the chunk that draws a stored picture.
export { imageryIndexSchema } from '@clearway/protocol';

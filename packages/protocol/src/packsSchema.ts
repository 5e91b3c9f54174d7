import { z } from 'zod';
import { CHART_REGION_CODE_PATTERN } from './chartRegions.js';
import { sameOriginPathSchema } from './endpointSchemas.js';
import { PACK_KINDS, type PackEntry, type PackIndex, type PackIndexRegion } from './packs.js';

// The pack index's schema, apart from packs.ts so that code which only builds pack paths (the app's
// start-up) does not bring zod along.

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a YYYY-MM-DD date' });
const count = z.number().int().nonnegative();
const zoom = z.number().int().min(0).max(30);

export const packEntrySchema = z.object({
  kind: z.enum(PACK_KINDS),
  cycle: isoDay,
  effective: isoDay,
  expires: isoDay,
  bytes: count,
  sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: 'must be 64 lower-case hex digits' }),
  etag: z.string().regex(/^"[\x21\x23-\x7e]*"$/, { error: 'must be a quoted strong entity tag' }),
  url: z.url({ protocol: /^https?$/ }).or(sameOriginPathSchema),
  tiles: count,
  minZoom: zoom,
  maxZoom: zoom,
}) satisfies z.ZodType<PackEntry>;

const longitude = z.number().min(-180).max(180);
const latitude = z.number().min(-90).max(90);

export const packIndexRegionSchema = z.object({
  code: z.string().regex(CHART_REGION_CODE_PATTERN, { error: 'must be a chart region code (letters, digits, _ or -)' }),
  name: z.string().min(1),
  alaska: z.boolean(),
  bounds: z.tuple([longitude, latitude, longitude, latitude]),
  packs: z.array(packEntrySchema),
}) satisfies z.ZodType<PackIndexRegion>;

/** `GET /packs/index.json`. */
export const packIndexSchema = z.object({
  version: z.number().int().positive(),
  cycles: z.array(isoDay),
  regions: z.array(packIndexRegionSchema),
}) satisfies z.ZodType<PackIndex>;

import { z } from 'zod';
import { CHART_REGION_CODE_PATTERN } from './chartRegions.js';
import { sameOriginPathSchema } from './endpointSchemas.js';
import { DATA_CHANNELS } from './environments.js';
import {
  CORRIDOR_MAX_BUFFER_NM,
  CORRIDOR_MAX_POINTS,
  PACK_KINDS,
  type PackArea,
  type PackAreaRequest,
  type PackEntry,
  type PackIndex,
  type PackIndexRegion,
  type UsStateArea,
} from './packs.js';

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
  channel: z.enum(DATA_CHANNELS),
  cycles: z.array(isoDay),
  regions: z.array(packIndexRegionSchema),
}) satisfies z.ZodType<PackIndex>;

const bounds = z.tuple([longitude, latitude, longitude, latitude]);

/** `POST /packs/areas` body. */
export const packAreaRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), state: z.string().regex(/^[A-Za-z]{2}$/, { error: 'must be a two-letter USPS state code, e.g. NY' }) }).strict(),
  z
    .object({
      type: z.literal('corridor'),
      points: z.array(z.tuple([longitude, latitude]), { error: 'must be a list of [longitude, latitude] pairs' }).min(2, { error: 'needs at least 2 points (one leg)' }).max(CORRIDOR_MAX_POINTS, { error: `takes at most ${CORRIDOR_MAX_POINTS} points` }),
      bufferNm: z.number().positive({ error: 'must be more than 0 nm' }).max(CORRIDOR_MAX_BUFFER_NM, { error: `must be at most ${CORRIDOR_MAX_BUFFER_NM} nm` }),
      name: z.string().max(120).optional(),
    })
    .strict(),
]) satisfies z.ZodType<PackAreaRequest>;

export const usStateAreaSchema = z.object({ code: z.string().regex(/^[A-Z]{2}$/), name: z.string().min(1), bounds }) satisfies z.ZodType<UsStateArea>;

export const packAreaSchema = z.object({
  id: z.string().regex(/^(state-[A-Z]{2}|route-[0-9a-f]{12})$/),
  type: z.enum(['state', 'corridor']),
  name: z.string().min(1),
  cycle: isoDay,
  bounds,
  packs: z.array(packEntrySchema),
}) satisfies z.ZodType<PackArea>;

import { z } from 'zod';
import type { ImageryIndex } from './weatherImagery.js';

// The imagery index's zod schema, apart from weatherImagery.ts so that code which only needs the
// catalogue and paths does not bring zod along (as endpoints.ts / endpointSchemas.ts).

const ms = z.number().int().nonnegative();
const id = z.string().regex(/^[a-z0-9-]+$/);

export const imageryFrameSchema = z.object({
  id: z.string().regex(/^\d+-[0-9a-f]{12}$/),
  path: z.string().regex(/^\/img\/[a-z0-9-]+\/[a-z0-9-]+\/\d+-[0-9a-f]{12}\.(png|gif|jpg|webp)$/),
  issuedAt: ms,
  issuedFrom: z.enum(['last-modified', 'fetched']),
  fetchedAt: ms,
  bytes: z.number().int().positive(),
  etag: z.string().regex(/^"[^"]+"$/),
  contentType: z.enum(['image/png', 'image/gif', 'image/jpeg', 'image/webp']),
});

export const imageryViewStateSchema = z.object({
  id,
  label: z.string(),
  group: z.string().optional(),
  configured: z.boolean(),
  status: z.enum(['not-configured', 'pending', 'ok', 'failing']),
  error: z.string().nullable(),
  lastAttemptAt: ms.nullable(),
  lastSuccessAt: ms.nullable(),
  frames: z.array(imageryFrameSchema),
});

export const imageryProductStateSchema = z.object({
  id,
  title: z.string(),
  kind: z.enum(['still', 'loop']),
  maxFrames: z.number().int().positive(),
  staleAfterMs: ms,
  configured: z.boolean(),
  views: z.array(imageryViewStateSchema),
});

export const imageryIndexSchema = z.object({ products: z.array(imageryProductStateSchema) }) satisfies z.ZodType<ImageryIndex>;

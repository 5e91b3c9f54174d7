import { z } from 'zod';
import { sameOriginPathSchema } from './endpointSchemas.js';
import { DATA_CHANNELS } from './environments.js';
import { NAVDATA_REGION_PATTERN } from './navdataPaths.js';

// The nav data index's schemas (paths and URLs are in navdataPaths.ts, free of zod).

export const navdataRegionSchema = z.string().regex(NAVDATA_REGION_PATTERN, {
  error: 'must be 1 to 40 lower-case letters, digits, - or _',
});

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a YYYY-MM-DD date' });
const byteCount = z.number().int().nonnegative();

/** One artifact a channel offers. */
export const navdataArtifactSchema = z.object({
  region: navdataRegionSchema,
  /** AIRAC cycle id, `YYNN`. */
  cycle: z.string().regex(/^\d{4}$/, { error: 'must be an AIRAC cycle id (YYNN)' }),
  effective: isoDay,
  expires: isoDay,
  /** Artifact format version (the uint32 after the magic); a client skips versions it cannot read. */
  formatVersion: z.number().int().positive(),
  /** Size of the artifact, bytes. */
  bytes: byteCount,
  /** Size of its gzip encoding, bytes, or null when the server has none (the raw file is sent). */
  gzipBytes: byteCount.nullable(),
  /** Strong ETag of the raw artifact, with its quotes, as sent on GET; compare to tell a new build. */
  etag: z.string().regex(/^"[\x21\x23-\x7e]*"$/, { error: 'must be a quoted strong entity tag' }),
  /**
   * Where the artifact is: an absolute URL, or a path on the index's own origin (`/downloads/dev/navdata/us.cwnav`)
   * when the download root is one; resolve it against the index's address.
   */
  url: z.url({ protocol: /^https?$/ }).or(sameOriginPathSchema),
});
export type NavdataArtifact = z.infer<typeof navdataArtifactSchema>;

/** `GET {downloadRoot}/navdata/index.json`: the artifacts of a channel, by region. */
export const navdataIndexSchema = z.object({
  channel: z.enum(DATA_CHANNELS),
  artifacts: z.array(navdataArtifactSchema),
});
export type NavdataIndex = z.infer<typeof navdataIndexSchema>;

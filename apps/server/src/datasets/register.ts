import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { DATASET_CACHE_CONTROL, DATASET_INDEX_CACHE_CONTROL, sendDatasetFile, sendTaggedJson } from './send.js';
import { DatasetStore, type DatasetDefinition, type DatasetFile } from './store.js';

/** The generic index of a dataset's channel: `GET {prefix}/{channel}/index.json`. */
export interface DatasetIndex {
  dataset: string;
  channel: string;
  files: {
    name: string;
    bytes: number;
    sha256: string;
    etag: string;
    contentType: string;
    /** Sizes of the verified precompressed copies. */
    encodings: { br?: number; gzip?: number };
    /** On the index's own origin: `{prefix}/{channel}/{name}`. */
    url: string;
  }[];
}

export interface DatasetRouteOptions<Extra> extends DatasetDefinition<Extra> {
  /** Where the dataset is served, e.g. `/downloads/plates`. */
  prefix: string;
  /** Cache-Control of the files (default `public, max-age=300`). */
  cacheControl?: string;
}

/** The index of a channel's files. */
export function datasetIndex<Extra>(prefix: string, channel: string, files: readonly DatasetFile<Extra>[], dataset: string): DatasetIndex {
  return {
    dataset,
    channel,
    files: files.map((file) => ({
      name: file.name,
      bytes: file.bytes,
      sha256: file.sha256,
      etag: file.etag,
      contentType: file.contentType,
      encodings: Object.fromEntries(file.variants.map((variant) => [variant.encoding, variant.bytes])),
      url: `${prefix}/${encodeURIComponent(channel)}/${encodeURIComponent(file.name)}`,
    })),
  };
}

/**
 * Serves a dataset (chart packs, plates, weather snapshots) in one call:
 * - `GET {prefix}/{channel}/index.json`: DatasetIndex, computed from the files, `no-cache` with an ETag;
 * - `GET`/`HEAD {prefix}/{channel}/{name}`: the file through sendDatasetFile (ETag, 304, ranges,
 *   precompressed copies);
 * - 404 `{error, dataset, channel}` / `{error, dataset, channel, file}` naming what is missing.
 * Returns the store, for whatever else the caller derives from the files.
 */
export function registerDataset<Extra = undefined>(app: FastifyInstance, options: DatasetRouteOptions<Extra>, log: FastifyBaseLogger = app.log): DatasetStore<Extra> {
  const { prefix, cacheControl = DATASET_CACHE_CONTROL, ...definition } = options;
  if (!/^\/[\w/-]*[\w-]$/.test(prefix)) throw new Error(`registerDataset: prefix ${JSON.stringify(prefix)} must start with / and not end with one`);
  const store = new DatasetStore<Extra>(definition, log);
  const unknownChannel = (reply: FastifyReply, channel: string) => reply
    .code(404)
    .header('cache-control', DATASET_INDEX_CACHE_CONTROL)
    .send({ error: `Unknown ${store.name} channel "${channel}"`, dataset: store.name, channel });

  app.get<{ Params: { channel: string } }>(`${prefix}/:channel/index.json`, async (request, reply) => {
    const { channel } = request.params;
    if (!store.hasChannel(channel)) return unknownChannel(reply, channel);
    return sendTaggedJson(request, reply, datasetIndex(prefix, channel, await store.list(channel), store.name));
  });

  app.route<{ Params: { channel: string; file: string } }>({
    // HEAD is its own method here: Fastify's automatic HEAD would read the whole file to drop it.
    method: ['GET', 'HEAD'],
    url: `${prefix}/:channel/:file`,
    handler: async (request, reply) => {
      const { channel, file } = request.params;
      if (!store.hasChannel(channel)) return unknownChannel(reply, channel);
      return sendDatasetFile(request, reply, {
        lookup: () => store.file(channel, file),
        cacheControl,
        notFound: (notFound) => notFound
          .code(404)
          .header('cache-control', DATASET_INDEX_CACHE_CONTROL)
          .send({ error: `No ${store.name} file "${file}" in ${channel}`, dataset: store.name, channel, file }),
      });
    },
  });
  return store;
}

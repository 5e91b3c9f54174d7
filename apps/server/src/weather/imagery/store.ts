import { createHash } from 'node:crypto';
import { imageryFramePath, type ImageryExtension, type ImageryFrame } from '@clearway/protocol';
import type { Database } from '../../db/index.js';

/** A source's validators, sent back as If-None-Match / If-Modified-Since. */
export interface ImageValidators {
  etag?: string;
  lastModified?: string;
}

/** The stored state of one view's source. */
export interface SourceState {
  product: string;
  view: string;
  lastAttemptAt: number | null;
  lastSuccessAt: number | null;
  error: string | null;
  validators: ImageValidators;
}

/** A stored frame with its bytes. */
export interface StoredFrame extends ImageryFrame {
  product: string;
  view: string;
  ext: ImageryExtension;
  sha256: string;
  body: Buffer;
}

/** What a new image did to the view: a new frame, or the latest frame again (same bytes). */
export type AddResult = { added: true; frame: ImageryFrame; dropped: number } | { added: false; frame: ImageryFrame };

type FrameRow = {
  product: string;
  view: string;
  frame_id: string;
  issued_at: number | string;
  issued_from: string;
  fetched_at: number | string;
  content_type: string;
  ext: string;
  bytes: number | string;
  sha256: string;
  etag: string;
};

const HEAD_COLUMNS = ['product', 'view', 'frame_id', 'issued_at', 'issued_from', 'fetched_at', 'content_type', 'ext', 'bytes', 'sha256', 'etag'] as const;

function frameOf(row: FrameRow): ImageryFrame & { product: string; view: string; ext: ImageryExtension; sha256: string } {
  const ext = row.ext as ImageryExtension;
  return {
    product: row.product,
    view: row.view,
    id: row.frame_id,
    path: imageryFramePath(row.product, row.view, row.frame_id, ext),
    issuedAt: Number(row.issued_at),
    issuedFrom: row.issued_from === 'last-modified' ? 'last-modified' : 'fetched',
    fetchedAt: Number(row.fetched_at),
    bytes: Number(row.bytes),
    etag: row.etag,
    contentType: row.content_type as ImageryFrame['contentType'],
    ext,
    sha256: row.sha256,
  };
}

function parseValidators(text: string): ImageValidators {
  try {
    const value = JSON.parse(text) as ImageValidators;
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}

/**
 * The imagery cache in the database (tables weather_image_frames and weather_image_sources, both
 * dialects): every process serves the same frames, and they outlive a restart. A view keeps at most
 * its product's frame count, dropping the oldest issue first.
 */
export class ImageryStore {
  constructor(private readonly db: Database) {}

  /** Every frame without its bytes, oldest issue first within each view. */
  async frames(): Promise<Array<ImageryFrame & { product: string; view: string; sha256: string }>> {
    const rows = await this.db.kysely.selectFrom('weather_image_frames').select(HEAD_COLUMNS).orderBy('issued_at').orderBy('frame_id').execute();
    return rows.map(frameOf);
  }

  async viewFrames(product: string, view: string): Promise<Array<ImageryFrame & { sha256: string }>> {
    const rows = await this.db.kysely
      .selectFrom('weather_image_frames')
      .select(HEAD_COLUMNS)
      .where('product', '=', product)
      .where('view', '=', view)
      .orderBy('issued_at')
      .orderBy('frame_id')
      .execute();
    return rows.map(frameOf);
  }

  /** One frame with its bytes, or null. */
  async frame(product: string, view: string, frameId: string): Promise<StoredFrame | null> {
    const row = await this.db.kysely
      .selectFrom('weather_image_frames')
      .select([...HEAD_COLUMNS, 'body'])
      .where('product', '=', product)
      .where('view', '=', view)
      .where('frame_id', '=', frameId)
      .executeTakeFirst();
    return row === undefined ? null : { ...frameOf(row), body: Buffer.from(row.body) };
  }

  /** Only the ETag of a frame (a conditional request is answered without reading the bytes). */
  async frameEtag(product: string, view: string, frameId: string): Promise<{ etag: string; ext: string } | null> {
    const row = await this.db.kysely
      .selectFrom('weather_image_frames')
      .select(['etag', 'ext'])
      .where('product', '=', product)
      .where('view', '=', view)
      .where('frame_id', '=', frameId)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Keeps an image as the view's newest frame unless its bytes are those of the latest frame, then
   * drops the oldest frames beyond `maxFrames`.
   */
  async add(
    product: string,
    view: string,
    image: { body: Buffer; ext: ImageryExtension; contentType: ImageryFrame['contentType']; issuedAt: number; issuedFrom: ImageryFrame['issuedFrom']; fetchedAt: number },
    maxFrames: number,
  ): Promise<AddResult> {
    const sha256 = createHash('sha256').update(image.body).digest('hex');
    const kept = await this.viewFrames(product, view);
    const latest = kept.at(-1);
    if (latest !== undefined && latest.sha256 === sha256) return { added: false, frame: latest };
    // A source that says an older issue time than the latest frame's (a clock step, a reissue) still
    // gives the newest picture: it is placed after the latest.
    const issuedAt = latest !== undefined && image.issuedAt <= latest.issuedAt ? latest.issuedAt + 1 : image.issuedAt;
    const frameId = `${issuedAt}-${sha256.slice(0, 12)}`;
    const etag = `"wximg-${sha256.slice(0, 32)}"`;
    await this.db.kysely
      .insertInto('weather_image_frames')
      .values({
        product,
        view,
        frame_id: frameId,
        issued_at: issuedAt,
        issued_from: image.issuedFrom,
        fetched_at: image.fetchedAt,
        content_type: image.contentType,
        ext: image.ext,
        bytes: image.body.length,
        sha256,
        etag,
        body: image.body,
      })
      .onConflict((conflict) => conflict.columns(['product', 'view', 'frame_id']).doNothing())
      .execute();
    const all = [...kept, { id: frameId }];
    const drop = all.slice(0, Math.max(0, all.length - Math.max(1, maxFrames))).map((frame) => frame.id);
    if (drop.length > 0) {
      await this.db.kysely.deleteFrom('weather_image_frames').where('product', '=', product).where('view', '=', view).where('frame_id', 'in', drop).execute();
    }
    return {
      added: true,
      dropped: drop.length,
      frame: {
        id: frameId,
        path: imageryFramePath(product, view, frameId, image.ext),
        issuedAt,
        issuedFrom: image.issuedFrom,
        fetchedAt: image.fetchedAt,
        bytes: image.body.length,
        etag,
        contentType: image.contentType,
      },
    };
  }

  async sources(): Promise<SourceState[]> {
    const rows = await this.db.kysely.selectFrom('weather_image_sources').selectAll().execute();
    return rows.map((row) => ({
      product: row.product,
      view: row.view,
      lastAttemptAt: row.last_attempt_at === null ? null : Number(row.last_attempt_at),
      lastSuccessAt: row.last_success_at === null ? null : Number(row.last_success_at),
      error: row.error,
      validators: parseValidators(row.validators),
    }));
  }

  async source(product: string, view: string): Promise<SourceState | null> {
    return (await this.sources()).find((state) => state.product === product && state.view === view) ?? null;
  }

  /** Records a try: a success (error null, new validators) or a failure (validators kept). */
  async recordAttempt(product: string, view: string, outcome: { at: number; error: string | null; validators?: ImageValidators }): Promise<void> {
    const previous = await this.source(product, view);
    const validators = JSON.stringify(outcome.error === null ? (outcome.validators ?? {}) : (previous?.validators ?? {}));
    const row = {
      last_attempt_at: outcome.at,
      last_success_at: outcome.error === null ? outcome.at : (previous?.lastSuccessAt ?? null),
      error: outcome.error,
      validators,
    };
    await this.db.kysely
      .insertInto('weather_image_sources')
      .values({ product, view, ...row })
      .onConflict((conflict) => conflict.columns(['product', 'view']).doUpdateSet(row))
      .execute();
  }
}

/**
 * Weather imagery through the server (issue 17 "Imagery through the server"): the catalogue of the
 * picture products, the index the server serves at `{weatherRoot}/img/index.json` and the paths of
 * the images. Plain values and types only, no zod (the index's schema is weatherImagerySchemas.ts),
 * so the app's start-up bundle does not bring zod along.
 *
 * A product (surface analysis and progs, cloud tops, ...) has one or more views (a forecast hour, a
 * region, a channel); each view is fetched by the server from its own configured source address
 * (WX_IMAGERY_SOURCES) and kept with its issue time. A loop product keeps its last frames (one per
 * issue time); a still product keeps the latest frame only.
 */

/** One picture of a product: a forecast hour, a region, a satellite channel. */
export interface ImageryViewInfo {
  /** Id within its product: lower case letters, digits and dashes. */
  id: string;
  /** What the picker shows, e.g. '12 h', 'Northeast'. */
  label: string;
  /** A second picker level where a product has two (GFA: Clouds or Surface). */
  group?: string;
}

export interface ImageryProductInfo {
  /** Lower case letters, digits and dashes; the first segment of its images' paths. */
  id: string;
  title: string;
  /** still: the latest frame only; loop: the last `maxFrames` frames, played in order. */
  kind: 'still' | 'loop';
  /** Frames kept per view (1 for a still product). */
  maxFrames: number;
  /** How often the server asks the source, seconds (a source entry may set its own). */
  pollSeconds: number;
  /** After this long without a new issue the picture is shown as old, ms. */
  staleAfterMs: number;
  views: readonly ImageryViewInfo[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const REGIONS: readonly ImageryViewInfo[] = [
  { id: 'ne', label: 'Northeast' },
  { id: 'se', label: 'Southeast' },
  { id: 'nc', label: 'North Central' },
  { id: 'sc', label: 'South Central' },
  { id: 'nw', label: 'Northwest' },
  { id: 'sw', label: 'Southwest' },
  { id: 'ak', label: 'Alaska' },
  { id: 'hi', label: 'Hawaii' },
];

const hours = (prefix: string, values: readonly number[], group?: string): ImageryViewInfo[] =>
  values.map((h) => ({ id: `${prefix}${String(h).padStart(2, '0')}`, label: `${h} h`, ...(group === undefined ? {} : { group }) }));

/** Every imagery product the server knows, in menu order. */
export const IMAGERY_PRODUCTS = [
  {
    id: 'surface',
    title: 'Surface analysis and progs',
    kind: 'still',
    maxFrames: 1,
    pollSeconds: 15 * 60,
    staleAfterMs: 6 * HOUR,
    views: [{ id: 'analysis', label: 'Analysis' }, ...hours('prog-', [6, 12, 18, 24, 36, 48, 60, 72])],
  },
  { id: 'tops', title: 'Cloud tops', kind: 'still', maxFrames: 1, pollSeconds: 10 * 60, staleAfterMs: 2 * HOUR, views: [{ id: 'conus', label: 'United States' }] },
  { id: 'radar-composite', title: 'Radar composite', kind: 'still', maxFrames: 1, pollSeconds: 5 * 60, staleAfterMs: 30 * MINUTE, views: [{ id: 'conus', label: 'United States' }] },
  { id: 'radar-regional', title: 'Regional radar', kind: 'loop', maxFrames: 12, pollSeconds: 5 * 60, staleAfterMs: 30 * MINUTE, views: REGIONS },
  {
    id: 'freezing',
    title: 'Freezing levels',
    kind: 'still',
    maxFrames: 1,
    pollSeconds: 30 * 60,
    staleAfterMs: 6 * HOUR,
    views: hours('f', [0, 3, 6, 9, 12]),
  },
  {
    id: 'satellite',
    title: 'Satellite USA',
    kind: 'still',
    maxFrames: 1,
    pollSeconds: 10 * 60,
    staleAfterMs: HOUR,
    views: [
      { id: 'ir', label: 'Infrared' },
      { id: 'vis', label: 'Visible' },
      { id: 'wv', label: 'Water vapour' },
    ],
  },
  {
    id: 'gfa',
    title: 'Graphical forecast (GFA)',
    kind: 'still',
    maxFrames: 1,
    pollSeconds: 30 * 60,
    staleAfterMs: 6 * HOUR,
    views: [...hours('clouds-', [3, 6, 9, 12, 15, 18], 'Clouds'), ...hours('surface-', [3, 6, 9, 12, 15, 18], 'Surface')],
  },
] as const satisfies readonly ImageryProductInfo[];

export type ImageryProductId = (typeof IMAGERY_PRODUCTS)[number]['id'];

/** The app's imagery pages (spec part 1 §2) and the product each shows; `loop` plays the frames. */
export const IMAGERY_PAGES = {
  wx_surface: { product: 'surface', loop: false },
  wx_tops: { product: 'tops', loop: false },
  wx_radar_composite: { product: 'radar-composite', loop: false },
  wx_radar_regional_static: { product: 'radar-regional', loop: false },
  wx_radar_regional_looping: { product: 'radar-regional', loop: true },
  wx_freezing_levels: { product: 'freezing', loop: false },
  wx_satellite_usa: { product: 'satellite', loop: false },
  gfa: { product: 'gfa', loop: false },
} as const satisfies Record<string, { product: ImageryProductId; loop: boolean }>;

export type ImageryPageName = keyof typeof IMAGERY_PAGES;

export function imageryProduct(id: string): ImageryProductInfo | undefined {
  return (IMAGERY_PRODUCTS as readonly ImageryProductInfo[]).find((product) => product.id === id);
}

/** `surface/prog-12`: how a view is named in WX_IMAGERY_SOURCES, in the index and in logs. */
export function imageryKey(product: string, view: string): string {
  return `${product}/${view}`;
}

/** Every `product/view` key of the catalogue, in catalogue order. */
export function imageryKeys(): string[] {
  return (IMAGERY_PRODUCTS as readonly ImageryProductInfo[]).flatMap((product) => product.views.map((view) => imageryKey(product.id, view.id)));
}

/** Image media types the server accepts from a source (checked by their first bytes) and serves. */
export const IMAGERY_MEDIA_TYPES = { png: 'image/png', gif: 'image/gif', jpg: 'image/jpeg', webp: 'image/webp' } as const;
export type ImageryExtension = keyof typeof IMAGERY_MEDIA_TYPES;

/** The index below the weather root. */
export const IMAGERY_INDEX_PATH = '/img/index.json';

/** A frame's image below the weather root: `/img/{product}/{view}/{frame}.{ext}`. */
export function imageryFramePath(product: string, view: string, frame: string, ext: ImageryExtension): string {
  return `/img/${product}/${view}/${frame}.${ext}`;
}

/** One kept image of a view. */
export interface ImageryFrame {
  /** `{issuedAt}-{first 12 hex of the content's SHA-256}`: unique and stable, part of the image's path. */
  id: string;
  /** The image's path below the weather root (imageryFramePath). */
  path: string;
  /** Issue time, ms since the epoch: the source's Last-Modified, else when the server first fetched it. */
  issuedAt: number;
  /** Where issuedAt came from. */
  issuedFrom: 'last-modified' | 'fetched';
  /** When the server stored it, ms since the epoch. */
  fetchedAt: number;
  bytes: number;
  /** Strong ETag of the image (quoted), as the image's reply carries it. */
  etag: string;
  contentType: (typeof IMAGERY_MEDIA_TYPES)[ImageryExtension];
}

/**
 * One view's state: not configured (no source address), never fetched yet (pending), fine, or
 * failing (the last try failed: the kept frames stay and `error` says why).
 */
export interface ImageryViewState {
  id: string;
  label: string;
  group?: string;
  configured: boolean;
  status: 'not-configured' | 'pending' | 'ok' | 'failing';
  /** The last failure, when status is failing. */
  error: string | null;
  /** The last try and the last success (new image or not), ms since the epoch. */
  lastAttemptAt: number | null;
  lastSuccessAt: number | null;
  /** Oldest first; the last is the latest. */
  frames: ImageryFrame[];
}

export interface ImageryProductState {
  id: string;
  title: string;
  kind: 'still' | 'loop';
  maxFrames: number;
  staleAfterMs: number;
  /** Whether any view has a source. */
  configured: boolean;
  views: ImageryViewState[];
}

/** GET {weatherRoot}/img/index.json. */
export interface ImageryIndex {
  products: ImageryProductState[];
}

import { IMAGERY_PRODUCTS, imageryFramePath, type ImageryFrame, type ImageryIndex, type ImageryProductInfo, type ImageryViewState } from '@clearway/protocol';

/** An index with every product of the catalogue, nothing configured (what a server without WX_IMAGERY_SOURCES serves). */
export function emptyIndex(): ImageryIndex {
  return {
    products: (IMAGERY_PRODUCTS as readonly ImageryProductInfo[]).map((product) => ({
      id: product.id,
      title: product.title,
      kind: product.kind,
      maxFrames: product.maxFrames,
      staleAfterMs: product.staleAfterMs,
      configured: false,
      views: product.views.map((view) => ({ id: view.id, label: view.label, ...(view.group === undefined ? {} : { group: view.group }), configured: false, status: 'not-configured', error: null, lastAttemptAt: null, lastSuccessAt: null, frames: [] })),
    })),
  };
}

/** A frame as the server lists it. */
export function frameOf(product: string, view: string, issuedAt: number, hash: string): ImageryFrame {
  const id = `${issuedAt}-${hash.padEnd(12, '0').slice(0, 12)}`;
  return { id, path: imageryFramePath(product, view, id, 'png'), issuedAt, issuedFrom: 'last-modified', fetchedAt: issuedAt + 60_000, bytes: 4, etag: `"${hash}"`, contentType: 'image/png' };
}

/** Sets one view's state in an index (and marks its product configured when the view is). */
export function withView(index: ImageryIndex, product: string, view: string, state: Partial<ImageryViewState>): ImageryIndex {
  return {
    products: index.products.map((p) =>
      p.id !== product
        ? p
        : { ...p, configured: p.configured || state.configured === true, views: p.views.map((v) => (v.id === view ? { ...v, ...state } : v)) },
    ),
  };
}

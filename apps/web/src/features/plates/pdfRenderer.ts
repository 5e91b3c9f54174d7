/**
 * Draws a plate's PDF page on a canvas with pdf.js, loaded on demand (this module and pdfjs-dist
 * are a chunk of their own). The worker is pdf.js's own module, bundled by Vite as a separate
 * file (`?url`), as pdf.js expects.
 */
export interface PlateRenderer {
  /** Opens a PDF; the handle draws its pages. */
  open(bytes: ArrayBuffer): Promise<PlateDocument>;
}

export interface PlateDocument {
  pages: number;
  /** Width and height of a page at scale 1, CSS pixels (PDF points). */
  size(page: number): Promise<{ width: number; height: number }>;
  /** Draws page `page` (1-based) at `scale` on the canvas (sized to fit). */
  draw(page: number, canvas: HTMLCanvasElement, scale: number): Promise<void>;
  close(): void;
}

let loading: Promise<PlateRenderer> | null = null;

/** A render under way that can be cancelled (pdf.js's RenderTask). */
export interface CancellableRender {
  promise: Promise<void>;
  cancel(): void;
}

/** Thrown by a draw that a later draw on the same canvas replaced before it began. */
export class DrawSupersededError extends Error {
  override readonly name = 'DrawSupersededError';
}

interface DrawEntry {
  render: CancellableRender | null;
  done: Promise<void>;
}

/**
 * One draw at a time per canvas, the latest winning. pdf.js refuses a second render() on a canvas
 * whose first has not ended ('Cannot use the same canvas during multiple render() operations'), so a
 * zoom that settled while the previous scale was still drawing lost the newer draw and the plate
 * stayed at the old scale. Now a new draw cancels the one under way, waits for it to end, and then
 * draws; a draw replaced before it began ends with DrawSupersededError. `start` prepares the canvas
 * and starts the render, after `current()` has said the draw is still the latest.
 */
export function createDrawQueue() {
  const latest = new WeakMap<object, DrawEntry>();
  return (canvas: object, start: (current: () => boolean) => Promise<CancellableRender>): Promise<void> => {
    const previous = latest.get(canvas);
    previous?.render?.cancel();
    const entry: DrawEntry = { render: null, done: Promise.resolve() };
    const current = () => latest.get(canvas) === entry;
    entry.done = (async () => {
      await previous?.done.catch(() => undefined);
      if (!current()) throw new DrawSupersededError('A later draw replaced this one');
      entry.render = await start(current);
      if (!current()) entry.render.cancel();
      await entry.render.promise;
    })();
    latest.set(canvas, entry);
    return entry.done;
  };
}

/**
 * pdf.js as a PlateRenderer, loaded once, with one pdf.js worker started here and shared by every
 * document: without it pdf.js starts (and at close ends) a worker per plate, about a third of a warm
 * plate's first draw (bench:plates). Called when the plate screen opens, so the worker is up before
 * a plate is chosen.
 */
export function loadPdfRenderer(): Promise<PlateRenderer> {
  loading ??= (async () => {
    const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    const shared = new pdfjs.PDFWorker();
    await shared.promise;
    const drawOn = createDrawQueue();
    return {
      async open(bytes) {
        const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, worker: shared }).promise;
        return {
          pages: document.numPages,
          async size(page) {
            const viewport = (await document.getPage(page)).getViewport({ scale: 1 });
            return { width: viewport.width, height: viewport.height };
          },
          draw(page, canvas, scale) {
            return drawOn(canvas, async (current) => {
              const pdfPage = await document.getPage(page);
              if (!current()) throw new DrawSupersededError('A later draw replaced this one');
              const ratio = globalThis.devicePixelRatio || 1;
              const viewport = pdfPage.getViewport({ scale: scale * ratio });
              canvas.width = Math.floor(viewport.width);
              canvas.height = Math.floor(viewport.height);
              canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
              canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
              // Opaque: pdf.js paints the page's white paper anyway, and an opaque canvas composites faster.
              const context = canvas.getContext('2d', { alpha: false });
              if (!context) throw new Error('No 2D canvas to draw the plate on');
              return pdfPage.render({ canvasContext: context, viewport });
            });
          },
          close() {
            void document.destroy();
          },
        };
      },
    };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

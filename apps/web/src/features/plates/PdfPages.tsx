import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { serverFetch } from '../../platform/serverFetch';
import { loadPdfRenderer, type PlateRenderer } from './pdfRenderer';

export interface PdfPagesProps {
  /** PDFs on the app's origin, drawn one after the other, every page of each. */
  urls: readonly string[];
  /** For the pages' accessible names, e.g. `SAN FRANCISCO INTL chart supplement`. */
  label: string;
  fetchFn?: typeof fetch;
  loadRenderer?: () => Promise<PlateRenderer>;
}

/**
 * Every page of some PDFs at the width of the box (the plate renderer, pdf.js in its own chunk),
 * inverted with the hue kept by night as the plates are: the FAA chart supplement pages (afd/).
 */
export function PdfPages({ urls, label, fetchFn = serverFetch, loadRenderer = loadPdfRenderer }: PdfPagesProps) {
  const box = useRef<HTMLDivElement | null>(null);
  const night = useTheme().palette.mode === 'dark';
  const [state, setState] = useState<{ key: string; drawn: number; error: string | null }>({ key: '', drawn: 0, error: null });
  const key = urls.join('\n');

  useEffect(() => {
    const host = box.current;
    if (host === null) return undefined;
    let live = true;
    const closers: (() => void)[] = [];
    host.replaceChildren();
    (async () => {
      const renderer = await loadRenderer();
      let drawn = 0;
      for (const url of urls) {
        const response = await fetchFn(url);
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        const doc = await renderer.open(await response.arrayBuffer());
        closers.push(() => doc.close());
        for (let page = 1; page <= doc.pages && live; page++) {
          const size = await doc.size(page);
          const canvas = document.createElement('canvas');
          canvas.setAttribute('role', 'img');
          canvas.setAttribute('aria-label', `${label}, page ${drawn + 1}`);
          canvas.dataset.testid = 'pdf-page';
          canvas.style.display = 'block';
          canvas.style.maxWidth = '100%';
          canvas.style.marginBottom = '8px';
          host.append(canvas);
          // Fit the box's width (at most the page's own width times 2, for a wide tablet).
          const scale = Math.min(2, Math.max(0.25, (host.clientWidth || size.width) / size.width));
          await doc.draw(page, canvas, scale);
          drawn += 1;
          if (live) setState({ key, drawn, error: null });
        }
      }
    })().catch((error: unknown) => live && setState({ key, drawn: 0, error: error instanceof Error ? error.message : String(error) }));
    return () => {
      live = false;
      for (const close of closers) close();
    };
    // `key` stands for `urls`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, label, fetchFn, loadRenderer]);

  const current = state.key === key ? state : null;
  return (
    <Box>
      {current?.error ? <Alert severity="error">Could not draw the supplement pages: {current.error}</Alert> : null}
      {current === null || (current.drawn === 0 && current.error === null) ? <Typography data-testid="pdf-pages-loading">Drawing the pages...</Typography> : null}
      <Box ref={box} data-testid="pdf-pages" data-drawn={current?.drawn ?? 0} sx={{ width: '100%', '& canvas': { filter: night ? 'invert(1) hue-rotate(180deg)' : 'none' } }} />
    </Box>
  );
}

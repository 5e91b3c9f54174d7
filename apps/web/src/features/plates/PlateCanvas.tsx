import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type WheelEvent as ReactWheelEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import NavigationIcon from '@mui/icons-material/Navigation';
import { georefToPage, type PlateGeoref } from '@clearway/protocol';
import type { PlateDocument } from './pdfRenderer';
import type { PlatePosition } from './position';
import { plateRangeRings } from './rangeRings';

/** Zoom, pan (CSS px) and rotation of a plate; zoom 1 fits the plate's width to the view. */
export interface PlateViewState {
  zoom: number;
  x: number;
  y: number;
  rotation: 0 | 90 | 180 | 270;
}

export const FIT_WIDTH: PlateViewState = { zoom: 1, x: 0, y: 0, rotation: 0 };
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 8;

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** The view after zooming by `factor` about the point (cx, cy) of the view, which stays put. */
export function zoomAbout(view: PlateViewState, factor: number, cx: number, cy: number): PlateViewState {
  const zoom = clampZoom(view.zoom * factor);
  const k = zoom / view.zoom;
  return { ...view, zoom, x: cx - (cx - view.x) * k, y: cy - (cy - view.y) * k };
}

export interface PlateCanvasProps {
  document: PlateDocument;
  page: number;
  view: PlateViewState;
  onView: (next: PlateViewState) => void;
  night: boolean;
  georef: PlateGeoref | null;
  position: PlatePosition | null;
}

/** Night mode: inverted, hue kept (a red line stays red, white paper turns black). */
export const NIGHT_FILTER = 'invert(1) hue-rotate(180deg)';

/**
 * One page of a plate: drawn by the renderer at the fit-to-width scale times the zoom (redrawn
 * sharper once zooming pauses), moved by CSS while the fingers move: wheel and pinch zoom about the
 * pointer, one-finger or mouse drag pans, rotation by quarter turns. The ownship is drawn on
 * georeferenced plates at the app's position, turned with the page.
 */
export function PlateCanvas({ document, page, view, onView, night, georef, position }: PlateCanvasProps) {
  const frame = useRef<HTMLDivElement | null>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [frameWidth, setFrameWidth] = useState(0);
  const [pageSize, setPageSize] = useState<{ width: number; height: number } | null>(null);
  const [sharpZoom, setSharpZoom] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const viewRef = useRef(view);
  useEffect(() => {
    viewRef.current = view;
  }, [view]);

  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    const measure = () => setFrameWidth(element.clientWidth || 360);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    let live = true;
    document.size(page).then((size) => live && setPageSize(size), (e: unknown) => live && setError(String(e)));
    return () => {
      live = false;
    };
  }, [document, page]);

  // Redraw sharper after the zoom settles (CSS scaling meanwhile).
  useEffect(() => {
    const timer = setTimeout(() => setSharpZoom(Math.min(Math.max(view.zoom, 1), 4)), 250);
    return () => clearTimeout(timer);
  }, [view.zoom]);

  const turned = view.rotation === 90 || view.rotation === 270;
  const base = pageSize && frameWidth > 0 ? frameWidth / (turned ? pageSize.height : pageSize.width) : 0;

  useEffect(() => {
    const target = canvas.current;
    if (!target || !pageSize || base === 0) return;
    let live = true;
    document.draw(page, target, base * sharpZoom).then(
      () => {
        if (!live) return;
        target.style.width = `${pageSize.width * base}px`;
        target.style.height = `${pageSize.height * base}px`;
        // When the page was last drawn (performance.now(), ms): what the e2e test and bench:plates wait for.
        target.dataset['drawnAt'] = performance.now().toFixed(1);
        setError(null);
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [document, page, pageSize, base, sharpZoom]);

  const local = (event: { clientX: number; clientY: number }) => {
    const rect = frame.current?.getBoundingClientRect();
    return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
  };

  const onWheel = (event: ReactWheelEvent) => {
    const at = local(event);
    onView(zoomAbout(viewRef.current, Math.exp(-event.deltaY * 0.0015), at.x, at.y));
  };

  const onPointerDown = (event: ReactPointerEvent) => {
    (event.target as Element).setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, local(event));
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    const before = pointers.current.get(event.pointerId);
    if (!before) return;
    const now = local(event);
    const others = [...pointers.current.entries()].filter(([id]) => id !== event.pointerId);
    const other = others[0]?.[1];
    if (other) {
      // Pinch: zoom by the change of the fingers' distance about their midpoint, pan with the midpoint.
      const d0 = Math.hypot(before.x - other.x, before.y - other.y);
      const d1 = Math.hypot(now.x - other.x, now.y - other.y);
      const zoomed = d0 > 0 ? zoomAbout(viewRef.current, d1 / d0, (now.x + other.x) / 2, (now.y + other.y) / 2) : viewRef.current;
      onView({ ...zoomed, x: zoomed.x + (now.x - before.x) / 2, y: zoomed.y + (now.y - before.y) / 2 });
    } else {
      onView({ ...viewRef.current, x: viewRef.current.x + now.x - before.x, y: viewRef.current.y + now.y - before.y });
    }
    pointers.current.set(event.pointerId, now);
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    pointers.current.delete(event.pointerId);
  };

  const width = pageSize ? pageSize.width * base : 0;
  const height = pageSize ? pageSize.height * base : 0;
  const boxWidth = turned ? height : width;
  const boxHeight = turned ? width : height;
  const ownship = georef && position ? georefToPage(georef, position.lat, position.lon) : null;
  const ownshipOnPage = ownship !== null && ownship.x >= 0 && ownship.x <= 1 && ownship.y >= 0 && ownship.y <= 1;

  return (
    <Box
      ref={frame}
      data-testid="plate-frame"
      onWheel={onWheel}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      sx={{ position: 'relative', overflow: 'hidden', touchAction: 'none', flex: 1, minHeight: 0, bgcolor: night ? '#000' : '#fff', cursor: 'grab' }}
    >
      <Box
        data-testid="plate-transform"
        data-zoom={view.zoom.toFixed(3)}
        data-rotation={view.rotation}
        sx={{ position: 'absolute', left: 0, top: 0, width: boxWidth, height: boxHeight, transformOrigin: '0 0', transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})` }}
      >
        <Box
          sx={{
            position: 'absolute', left: 0, top: 0, width, height, transformOrigin: '0 0',
            transform: `translate(${boxWidth / 2}px, ${boxHeight / 2}px) rotate(${view.rotation}deg) translate(${-width / 2}px, ${-height / 2}px)`,
          }}
        >
          <canvas ref={canvas} data-testid="plate-canvas" data-night={night ? 'true' : 'false'} style={{ display: 'block', filter: night ? NIGHT_FILTER : 'none' }} />
          {ownshipOnPage && georef && position && width > 0 ? <RangeRings georef={georef} position={position} width={width} height={height} /> : null}
          {ownshipOnPage && ownship ? (
            <NavigationIcon
              data-testid="plate-ownship"
              color="primary"
              sx={{ position: 'absolute', width: 24, height: 24, pointerEvents: 'none', filter: 'drop-shadow(0 0 2px #fff)' }}
              style={{ left: ownship.x * width - 12, top: ownship.y * height - 12, transform: `rotate(${position?.trackDeg ?? 0}deg)` }}
            />
          ) : null}
        </Box>
      </Box>
      {error ? (
        <Typography role="alert" color="error" sx={{ position: 'absolute', left: 8, top: 8 }}>
          {`Could not draw the plate: ${error}`}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Magenta, as charts draw what is not the chart's own; readable on the paper by day and by night. */
const RING_COLOUR = '#b000b0';

/** Range rings around the aircraft on a georeferenced plate (rangeRings.ts), over the page. */
function RangeRings({ georef, position, width, height }: { georef: PlateGeoref; position: PlatePosition; width: number; height: number }) {
  const rings = plateRangeRings(georef, position);
  return (
    <svg data-testid="plate-range-rings" width={width} height={height} style={{ position: 'absolute', left: 0, top: 0, pointerEvents: 'none', overflow: 'visible' }}>
      {rings.map((ring) => (
        <g key={ring.radiusNm} data-testid="plate-range-ring" data-radius-nm={ring.radiusNm}>
          <polyline points={ring.points.map((p) => `${(p.x * width).toFixed(1)},${(p.y * height).toFixed(1)}`).join(' ')} fill="none" stroke={RING_COLOUR} strokeWidth={1.5} strokeDasharray="6 4" />
          <text x={ring.label.x * width} y={ring.label.y * height - 3} fill={RING_COLOUR} fontSize={11} textAnchor="middle" stroke="#fff" strokeWidth={3} paintOrder="stroke">
            {`${ring.radiusNm} NM`}
          </text>
        </g>
      ))}
    </svg>
  );
}

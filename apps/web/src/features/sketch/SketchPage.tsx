// `/app/sketch` (issue 22, spec part 1 §2 Sketch): a drawing surface for clearances and notes. Pen,
// highlighter and eraser with the stylus pressure where the device reports it (PointerEvent.pressure),
// undo / redo / clear, and a C-R-A-F-T template; the drawing is kept in the prefs database on this
// device after every stroke, so it is there after a reload and offline, and the prefs property
// `sketch` is a synced one-value table (SYNC_SINGLETON_TABLES): a save is sent up when online, and a
// drawing synced from another device is read again here.
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useServices } from '../../platform/services';
import { useSyncedTableVersion } from '../../platform/syncedTables';
import { CraftTemplate } from './CraftTemplate';
import {
  addStroke,
  clearSketch,
  DEFAULT_PRESSURE,
  drawSketch,
  drawStroke,
  initialSketchState,
  redo,
  setTemplate,
  toSketchDoc,
  undo,
  type SketchPalette,
  type SketchPoint,
  type SketchState,
  type SketchStroke,
  type SketchTemplate,
  type SketchTool,
} from './sketchModel';

export const SKETCH_TITLE = 'Sketch';
const HIT = { minHeight: 44, minWidth: 44 };

/** The pressure of a pointer event: the stylus's or a pressure screen's, else the default (a mouse reports 0.5, some fingers 0). */
export function pressureOf(event: { pressure?: number; pointerType?: string }): number {
  const p = event.pressure;
  return event.pointerType !== 'mouse' && typeof p === 'number' && p > 0 ? Math.min(1, p) : DEFAULT_PRESSURE;
}

export function SketchPage() {
  const { prefs } = useServices();
  const theme = useTheme();
  const palette: SketchPalette = { ink: theme.palette.text.primary, highlighter: theme.palette.mode === 'dark' ? '#c6a700' : '#ffeb3b' };
  const [state, setState] = useState<SketchState | null>(null);
  const [tool, setTool] = useState<SketchTool>('pen');
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const current = useRef<SketchStroke | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const synced = useSyncedTableVersion('sketch');

  // The stored drawing, read on opening and again whenever a sync brought another device's.
  useEffect(() => {
    let live = true;
    prefs.getProperty('sketch').then(
      (stored) => {
        if (!live) return;
        const doc = toSketchDoc(stored);
        // A sync that only stamped this device's own save (gid, ts) keeps the page's undo history.
        setState((now) => (now && JSON.stringify(now.doc) === JSON.stringify(doc) ? now : initialSketchState(doc)));
      },
      () => live && setState((now) => now ?? initialSketchState()),
    );
    return () => {
      live = false;
    };
  }, [prefs, synced]);

  const loaded = state !== null;
  // The canvas follows its box (phone, tablet, rotation), at the device's pixel ratio.
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const measure = () => setSize({ width: canvas.clientWidth, height: canvas.clientHeight });
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(canvas);
    return () => observer?.disconnect();
  }, [loaded]);

  const context = () => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext?.('2d') ?? null;
    if (ctx && canvas) ctx.setTransform(canvas.width / Math.max(1, size.width), 0, 0, canvas.height / Math.max(1, size.height), 0, 0);
    return ctx;
  };

  // Redraw on every change of the drawing, the size or the theme (night mode draws light ink).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !state) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(size.width * ratio);
    canvas.height = Math.round(size.height * ratio);
    const ctx = context();
    if (ctx) drawSketch(ctx, state.doc, palette, size.width, size.height);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- palette is derived from the theme below
  }, [state, size, theme.palette.mode, theme.palette.text.primary]);

  function change(next: SketchState) {
    setState(next);
    void prefs.setProperty('sketch', next.doc as unknown as { version: number });
  }

  function point(event: ReactPointerEvent<HTMLCanvasElement>): SketchPoint {
    const rect = event.currentTarget.getBoundingClientRect();
    // Tenths of a pixel and hundredths of pressure: what the eye can see, at a third of the bytes synced.
    const round = (v: number, k: number) => Math.round(v * k) / k;
    return { x: round(event.clientX - rect.left, 10), y: round(event.clientY - rect.top, 10), pressure: round(pressureOf(event), 100) };
  }

  function down(event: ReactPointerEvent<HTMLCanvasElement>) {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    current.current = { tool, points: [point(event)] };
  }

  function move(event: ReactPointerEvent<HTMLCanvasElement>) {
    const stroke = current.current;
    if (!stroke) return;
    stroke.points.push(point(event));
    // Draw only the new segment while the pen moves; the whole drawing is redrawn when it lifts.
    const ctx = context();
    if (ctx) drawStroke(ctx, { tool: stroke.tool, points: stroke.points.slice(-2) }, palette);
  }

  function up() {
    const stroke = current.current;
    current.current = null;
    if (stroke && state) change(addStroke(state, stroke));
  }

  if (!state) {
    return (
      <Box data-testid="page-sketch" sx={{ p: 2 }}>
        <Typography variant="h5" component="h1">
          {SKETCH_TITLE}
        </Typography>
      </Box>
    );
  }

  return (
    <Box data-testid="page-sketch" sx={{ display: 'flex', flexDirection: 'column', height: '100%', boxSizing: 'border-box', p: { xs: 1, sm: 2 }, gap: 1 }}>
      <Typography variant="h5" component="h1">
        {SKETCH_TITLE}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <ToggleButtonGroup exclusive size="small" value={tool} onChange={(_e, value: SketchTool | null) => value && setTool(value)} aria-label="Tool">
          <ToggleButton value="pen" sx={HIT}>Pen</ToggleButton>
          <ToggleButton value="highlighter" sx={HIT}>Highlighter</ToggleButton>
          <ToggleButton value="eraser" sx={HIT}>Eraser</ToggleButton>
        </ToggleButtonGroup>
        <Button variant="outlined" sx={HIT} disabled={state.past.length === 0} onClick={() => change(undo(state))}>
          Undo
        </Button>
        <Button variant="outlined" sx={HIT} disabled={state.future.length === 0} onClick={() => change(redo(state))}>
          Redo
        </Button>
        <ToggleButtonGroup exclusive size="small" value={state.doc.template} onChange={(_e, value: SketchTemplate | null) => value && change(setTemplate(state, value))} aria-label="Template">
          <ToggleButton value="blank" sx={HIT}>Blank</ToggleButton>
          <ToggleButton value="craft" sx={HIT}>C-R-A-F-T</ToggleButton>
        </ToggleButtonGroup>
        {/* Destructive, so apart from the others; Undo brings the drawing back. */}
        <Button variant="outlined" color="error" sx={{ ...HIT, ml: 'auto' }} disabled={state.doc.strokes.length === 0} onClick={() => change(clearSketch(state))}>
          Clear
        </Button>
      </Box>
      <Box sx={{ position: 'relative', flex: 1, minHeight: 300, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', overflow: 'hidden' }}>
        {state.doc.template === 'craft' && <CraftTemplate />}
        <canvas
          ref={canvasRef}
          data-testid="sketch-canvas"
          data-strokes={state.doc.strokes.length}
          aria-label="Sketch pad"
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', touchAction: 'none', cursor: 'crosshair' }}
        />
      </Box>
    </Box>
  );
}

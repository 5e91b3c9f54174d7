/**
 * The sketch pad's drawing as data (issue 22, spec part 1 §2 Sketch): strokes of the pen, the
 * highlighter and the eraser, each point with the stylus pressure, and undo / redo / clear as named
 * actions that return a new state (STYLE.md point 12). Kept on the device as a versioned record.
 */

export type SketchTool = 'pen' | 'highlighter' | 'eraser';
export type SketchTemplate = 'blank' | 'craft';

/** A point of a stroke: CSS pixels from the pad's top left, and the pressure 0..1 (0.5 for a mouse or finger without pressure). */
export interface SketchPoint {
  x: number;
  y: number;
  pressure: number;
}

export interface SketchStroke {
  tool: SketchTool;
  points: SketchPoint[];
}

/** The stored drawing (version 1). */
export interface SketchDoc {
  version: 1;
  template: SketchTemplate;
  strokes: SketchStroke[];
}

/** The drawing with its undo and redo history (the history is not stored). */
export interface SketchState {
  doc: SketchDoc;
  past: SketchStroke[][];
  future: SketchStroke[][];
}

/** Undo steps kept. */
export const SKETCH_HISTORY_MAX = 100;
/** Pressure used when the device reports none (PointerEvent gives 0.5 for a pressed mouse button). */
export const DEFAULT_PRESSURE = 0.5;
/** Base widths of each tool, CSS pixels at pressure 0.5. */
export const TOOL_WIDTH_PX: Record<SketchTool, number> = { pen: 2.5, highlighter: 16, eraser: 24 };

export const EMPTY_SKETCH: SketchDoc = { version: 1, template: 'blank', strokes: [] };

export function initialSketchState(doc: SketchDoc = EMPTY_SKETCH): SketchState {
  return { doc, past: [], future: [] };
}

function withStrokes(state: SketchState, strokes: SketchStroke[]): SketchState {
  return { doc: { ...state.doc, strokes }, past: [...state.past, state.doc.strokes].slice(-SKETCH_HISTORY_MAX), future: [] };
}

/** Adds a finished stroke (a stroke without points changes nothing). */
export function addStroke(state: SketchState, stroke: SketchStroke): SketchState {
  if (stroke.points.length === 0) return state;
  return withStrokes(state, [...state.doc.strokes, stroke]);
}

/** Removes every stroke; undoable. */
export function clearSketch(state: SketchState): SketchState {
  if (state.doc.strokes.length === 0) return state;
  return withStrokes(state, []);
}

export function undo(state: SketchState): SketchState {
  const previous = state.past[state.past.length - 1];
  if (previous === undefined) return state;
  return { doc: { ...state.doc, strokes: previous }, past: state.past.slice(0, -1), future: [state.doc.strokes, ...state.future] };
}

export function redo(state: SketchState): SketchState {
  const [next, ...rest] = state.future;
  if (next === undefined) return state;
  return { doc: { ...state.doc, strokes: next }, past: [...state.past, state.doc.strokes], future: rest };
}

export function setTemplate(state: SketchState, template: SketchTemplate): SketchState {
  return { ...state, doc: { ...state.doc, template } };
}

/** Line width of a point, CSS pixels: the tool's width scaled by the pressure (0.5 gives the base width). */
export function widthAt(tool: SketchTool, pressure: number): number {
  const p = Number.isFinite(pressure) && pressure > 0 ? Math.min(1, pressure) : DEFAULT_PRESSURE;
  return TOOL_WIDTH_PX[tool] * (0.4 + 1.2 * p);
}

/** A stored value as a drawing: anything that is not a version 1 drawing reads as an empty one. */
export function toSketchDoc(value: unknown): SketchDoc {
  const v = value as Partial<SketchDoc> | null | undefined;
  if (!v || v.version !== 1 || !Array.isArray(v.strokes)) return EMPTY_SKETCH;
  const strokes = v.strokes.filter((s): s is SketchStroke => !!s && (s.tool === 'pen' || s.tool === 'highlighter' || s.tool === 'eraser') && Array.isArray(s.points));
  return { version: 1, template: v.template === 'craft' ? 'craft' : 'blank', strokes };
}

/** The colours strokes are drawn in, from the theme (night mode draws light ink). */
export interface SketchPalette {
  ink: string;
  highlighter: string;
}

/** What drawing needs of a 2D canvas context. */
export type SketchContext = Pick<CanvasRenderingContext2D, 'beginPath' | 'moveTo' | 'lineTo' | 'stroke' | 'arc' | 'fill' | 'clearRect' | 'save' | 'restore'> & {
  strokeStyle: CanvasRenderingContext2D['strokeStyle'];
  fillStyle: CanvasRenderingContext2D['fillStyle'];
  lineWidth: number;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
  globalAlpha: number;
  globalCompositeOperation: GlobalCompositeOperation;
};

/** Draws one stroke: segment by segment so the width follows the pressure; the eraser clears what is under it. */
export function drawStroke(ctx: SketchContext, stroke: SketchStroke, palette: SketchPalette): void {
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.globalCompositeOperation = stroke.tool === 'eraser' ? 'destination-out' : 'source-over';
  ctx.globalAlpha = stroke.tool === 'highlighter' ? 0.35 : 1;
  const colour = stroke.tool === 'highlighter' ? palette.highlighter : stroke.tool === 'eraser' ? '#000' : palette.ink;
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  const [first, ...rest] = stroke.points;
  if (first && rest.length === 0) {
    ctx.beginPath();
    ctx.arc(first.x, first.y, widthAt(stroke.tool, first.pressure) / 2, 0, Math.PI * 2);
    ctx.fill();
  }
  let previous = first;
  for (const point of rest) {
    ctx.beginPath();
    ctx.lineWidth = widthAt(stroke.tool, point.pressure);
    ctx.moveTo(previous!.x, previous!.y);
    ctx.lineTo(point.x, point.y);
    ctx.stroke();
    previous = point;
  }
  ctx.restore();
}

/** Draws the whole drawing on a cleared canvas of `widthPx` × `heightPx` CSS pixels. */
export function drawSketch(ctx: SketchContext, doc: SketchDoc, palette: SketchPalette, widthPx: number, heightPx: number): void {
  ctx.clearRect(0, 0, widthPx, heightPx);
  for (const stroke of doc.strokes) drawStroke(ctx, stroke, palette);
}

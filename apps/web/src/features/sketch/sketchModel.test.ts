import { describe, expect, it } from 'vitest';
import { addStroke, clearSketch, drawSketch, EMPTY_SKETCH, initialSketchState, redo, setTemplate, SKETCH_HISTORY_MAX, TOOL_WIDTH_PX, toSketchDoc, undo, widthAt, type SketchContext, type SketchStroke } from './sketchModel';

const line = (tool: SketchStroke['tool'], ...pressures: number[]): SketchStroke => ({ tool, points: pressures.map((pressure, i) => ({ x: i * 10, y: 5, pressure })) });

/** A 2D context that records what is drawn (jsdom has no canvas). */
function recordingContext() {
  const calls: string[] = [];
  const ctx = {
    strokeStyle: '', fillStyle: '', lineWidth: 1, lineCap: 'butt', lineJoin: 'miter', globalAlpha: 1, globalCompositeOperation: 'source-over',
    beginPath: () => calls.push('beginPath'),
    moveTo: (x: number, y: number) => calls.push(`moveTo ${x},${y}`),
    lineTo: (x: number, y: number) => calls.push(`lineTo ${x},${y}`),
    stroke(this: { lineWidth: number; globalAlpha: number; globalCompositeOperation: string; strokeStyle: unknown }) { calls.push(`stroke width=${this.lineWidth.toFixed(2)} alpha=${this.globalAlpha} op=${this.globalCompositeOperation} style=${String(this.strokeStyle)}`); },
    arc: (x: number, y: number, r: number) => calls.push(`arc ${x},${y} r=${r.toFixed(2)}`),
    fill: () => calls.push('fill'),
    clearRect: (x: number, y: number, w: number, h: number) => calls.push(`clearRect ${x},${y},${w},${h}`),
    save: () => calls.push('save'),
    restore: () => calls.push('restore'),
  } as unknown as SketchContext;
  return { ctx, calls };
}

describe('sketch actions', () => {
  it('adds strokes, undoes and redoes them, and a new stroke drops the redo', () => {
    let s = initialSketchState();
    s = addStroke(s, line('pen', 0.5, 0.5));
    s = addStroke(s, line('highlighter', 0.5, 0.5));
    expect(s.doc.strokes.map((x) => x.tool)).toEqual(['pen', 'highlighter']);
    s = undo(s);
    expect(s.doc.strokes.map((x) => x.tool)).toEqual(['pen']);
    s = redo(s);
    expect(s.doc.strokes.map((x) => x.tool)).toEqual(['pen', 'highlighter']);
    s = undo(undo(s));
    expect(s.doc.strokes).toEqual([]);
    expect(undo(s)).toBe(s);
    s = addStroke(s, line('eraser', 0.5, 0.5));
    expect(s.future).toEqual([]);
    expect(redo(s)).toBe(s);
  });

  it('clears, and undo brings the drawing back; clearing nothing is not a step', () => {
    let s = addStroke(addStroke(initialSketchState(), line('pen', 0.5)), line('pen', 0.5));
    s = clearSketch(s);
    expect(s.doc.strokes).toEqual([]);
    expect(clearSketch(s)).toBe(s);
    expect(undo(s).doc.strokes).toHaveLength(2);
  });

  it('keeps at most SKETCH_HISTORY_MAX undo steps and ignores empty strokes', () => {
    let s = initialSketchState();
    for (let i = 0; i < SKETCH_HISTORY_MAX + 5; i++) s = addStroke(s, line('pen', 0.5));
    expect(s.past).toHaveLength(SKETCH_HISTORY_MAX);
    expect(addStroke(s, { tool: 'pen', points: [] })).toBe(s);
  });

  it('reads stored drawings of version 1 only, dropping strokes of unknown tools', () => {
    expect(toSketchDoc(undefined)).toEqual(EMPTY_SKETCH);
    expect(toSketchDoc({ version: 2, strokes: [] })).toEqual(EMPTY_SKETCH);
    expect(toSketchDoc({ version: 1, template: 'craft', strokes: [line('pen', 0.5), { tool: 'laser', points: [] }] })).toEqual({ version: 1, template: 'craft', strokes: [line('pen', 0.5)] });
    expect(setTemplate(initialSketchState(), 'craft').doc.template).toBe('craft');
  });
});

describe('sketch drawing', () => {
  it('scales the width with the pressure: the base width at 0.5, wider pressed hard, the default without pressure', () => {
    expect(widthAt('pen', 0.5)).toBeCloseTo(TOOL_WIDTH_PX.pen, 9);
    expect(widthAt('pen', 1)).toBeCloseTo(TOOL_WIDTH_PX.pen * 1.6, 9);
    expect(widthAt('pen', 0.1)).toBeCloseTo(TOOL_WIDTH_PX.pen * 0.52, 9);
    expect(widthAt('pen', 0)).toBe(widthAt('pen', 0.5));
    expect(widthAt('pen', Number.NaN)).toBe(widthAt('pen', 0.5));
  });

  it('draws pen segments in ink, the highlighter translucent, the eraser clearing, a dot for a tap', () => {
    const { ctx, calls } = recordingContext();
    const doc = { version: 1 as const, template: 'blank' as const, strokes: [line('pen', 0.5, 1), line('highlighter', 0.5, 0.5), line('eraser', 0.5, 0.5), line('pen', 0.5)] };
    drawSketch(ctx, doc, { ink: '#fff', highlighter: '#ff0' }, 300, 200);
    expect(calls[0]).toBe('clearRect 0,0,300,200');
    const strokes = calls.filter((c) => c.startsWith('stroke'));
    expect(strokes).toEqual([
      `stroke width=${(TOOL_WIDTH_PX.pen * 1.6).toFixed(2)} alpha=1 op=source-over style=#fff`,
      `stroke width=${TOOL_WIDTH_PX.highlighter.toFixed(2)} alpha=0.35 op=source-over style=#ff0`,
      `stroke width=${TOOL_WIDTH_PX.eraser.toFixed(2)} alpha=1 op=destination-out style=#000`,
    ]);
    expect(calls.filter((c) => c.startsWith('arc'))).toEqual([`arc 0,5 r=${(TOOL_WIDTH_PX.pen / 2).toFixed(2)}`]);
  });
});

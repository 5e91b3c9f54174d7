// The sketch pad in the app (renderApp): strokes drawn with pointer events are kept in the prefs
// database, read back by a new page (a reload), with undo / redo / clear and the C-R-A-F-T template.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, testPrefs } from '../../test/renderApp';
import { pressureOf } from './SketchPage';
import { toSketchDoc } from './sketchModel';

function draw(canvas: HTMLElement, points: [number, number][], pointer: { pointerType?: string; pressure?: number } = {}) {
  const [first, ...rest] = points;
  fireEvent.pointerDown(canvas, { clientX: first![0], clientY: first![1], pointerId: 1, ...pointer });
  for (const [x, y] of rest) fireEvent.pointerMove(canvas, { clientX: x, clientY: y, pointerId: 1, ...pointer });
  fireEvent.pointerUp(canvas, { pointerId: 1 });
}

describe('SketchPage', () => {
  it('keeps the strokes on the device across a reload, with undo, redo, clear and the template', async () => {
    const prefs = testPrefs();
    const first = renderApp('/app/sketch', { prefs });
    const canvas = await screen.findByTestId('sketch-canvas');
    draw(canvas, [[10, 10], [20, 15], [30, 20]]);
    fireEvent.click(screen.getByRole('button', { name: 'Highlighter' }));
    draw(canvas, [[5, 50], [60, 50]]);
    await waitFor(async () => expect(toSketchDoc(await prefs.getProperty('sketch')).strokes.map((s) => [s.tool, s.points.length])).toEqual([['pen', 3], ['highlighter', 2]]));

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(canvas.dataset.strokes).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(canvas.dataset.strokes).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'C-R-A-F-T' }));
    expect(screen.getByTestId('craft-template').textContent).toBe('CClearance limitRRouteAAltitudeFFrequencyTTransponder');
    await waitFor(async () => expect(toSketchDoc(await prefs.getProperty('sketch')).template).toBe('craft'));
    first.unmount();

    // A reload: a new page over the same database shows the same drawing and template.
    renderApp('/app/sketch', { prefs });
    const again = await screen.findByTestId('sketch-canvas');
    expect(again.dataset.strokes).toBe('2');
    expect(screen.getByTestId('craft-template')).toBeTruthy();
    // History is not stored: nothing to undo after a reload, but Clear is, and Undo brings it back.
    expect((screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(again.dataset.strokes).toBe('0');
    await waitFor(async () => expect(toSketchDoc(await prefs.getProperty('sketch')).strokes).toEqual([]));
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    });
    expect(again.dataset.strokes).toBe('2');
  }, 60_000);

  it('takes the stylus pressure, and the default for a mouse or a pointer without pressure', () => {
    expect(pressureOf({ pointerType: 'pen', pressure: 0.9 })).toBe(0.9);
    expect(pressureOf({ pointerType: 'touch', pressure: 0.3 })).toBe(0.3);
    expect(pressureOf({ pointerType: 'mouse', pressure: 0.5 })).toBe(0.5);
    expect(pressureOf({ pointerType: 'mouse', pressure: 1 })).toBe(0.5);
    expect(pressureOf({ pointerType: 'touch', pressure: 0 })).toBe(0.5);
    expect(pressureOf({})).toBe(0.5);
  });
});

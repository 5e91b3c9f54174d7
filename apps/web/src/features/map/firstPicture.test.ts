import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdFirstPicture } from './firstPicture';

/** A map's drawing and loading, as MapLibre's render loop uses them: painter.render per frame. */
class FakeMap {
  drawn: string[] = [];
  repaints = 0;
  isLoaded = false;
  painter = {
    owner: this,
    render(frame: string): string {
      this.owner.drawn.push(frame);
      return `drew ${frame}`;
    },
  };
  loaded(): boolean {
    return this.isLoaded;
  }
  triggerRepaint(): void {
    this.repaints += 1;
  }
  /** One frame of MapLibre's loop: sources update, then the painter draws. */
  frame(name: string): unknown {
    return this.painter.render(name);
  }
}

describe('holdFirstPicture', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws nothing until the map has loaded, then the loaded frame and every frame after', () => {
    const map = new FakeMap();
    holdFirstPicture(map, 4000);
    expect(map.frame('style')).toBeUndefined();
    expect(map.frame('basemap tiles')).toBeUndefined();
    expect(map.drawn).toEqual([]);
    map.isLoaded = true;
    expect(map.frame('airports')).toBe('drew airports');
    // Later frames draw whatever the loading state (a pan loads new tiles).
    map.isLoaded = false;
    expect(map.frame('panning')).toBe('drew panning');
    expect(map.drawn).toEqual(['airports', 'panning']);
    // The cap's timer was cleared by the loaded frame.
    expect(vi.getTimerCount()).toBe(0);
    expect(map.repaints).toBe(0);
  });

  it('draws what it has after the cap when a source never finishes loading, and asks for that frame', () => {
    const map = new FakeMap();
    holdFirstPicture(map, 4000);
    expect(map.frame('waiting')).toBeUndefined();
    vi.advanceTimersByTime(4000);
    expect(map.repaints).toBe(1);
    expect(map.frame('partial')).toBe('drew partial');
    expect(map.drawn).toEqual(['partial']);
  });

  it('releases on request, with or without asking for a frame, once', () => {
    const map = new FakeMap();
    const release = holdFirstPicture(map, 4000);
    release(false);
    expect(map.repaints).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(map.frame('after release')).toBe('drew after release');
    release();
    expect(map.repaints).toBe(0);

    const other = new FakeMap();
    holdFirstPicture(other, 4000)();
    expect(other.repaints).toBe(1);
    expect(other.frame('now')).toBe('drew now');
  });
});

import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { nextSelectable, useCombobox } from './useCombobox';

interface Row {
  name: string;
  selectable: boolean;
}
const row = (name: string, selectable = true): Row => ({ name, selectable });
const key = (k: string) => ({ key: k, preventDefault: vi.fn() });

function setup(options: Row[]) {
  const onEnter = vi.fn();
  const hook = renderHook(({ rows }) => useCombobox({ options: rows, isSelectable: (r) => r.selectable, onEnter }), { initialProps: { rows: options } });
  const press = (k: string) => {
    const event = key(k);
    act(() => hook.result.current.onKeyDown(event));
    return event;
  };
  return { hook, onEnter, press };
}

describe('nextSelectable', () => {
  it('skips rows that cannot be picked and wraps; stays put when none can', () => {
    const rows = [row('a', false), row('b'), row('c', false), row('d')];
    const ok = (r: Row) => r.selectable;
    expect(nextSelectable(rows, ok, -1, 1)).toBe(1);
    expect(nextSelectable(rows, ok, 1, 1)).toBe(3);
    expect(nextSelectable(rows, ok, 3, 1)).toBe(1);
    expect(nextSelectable(rows, ok, -1, -1)).toBe(3);
    expect(nextSelectable([row('x', false)], ok, -1, 1)).toBe(-1);
  });
});

describe('useCombobox', () => {
  it('arrow keys open the list and move over selectable rows; Enter picks the active row', () => {
    const rows = [row('Error', false), row('KSFO'), row('KSBP')];
    const { hook, onEnter, press } = setup(rows);
    expect(hook.result.current.expanded).toBe(false);
    const down = press('ArrowDown');
    expect(down.preventDefault).toHaveBeenCalled();
    expect(hook.result.current.expanded).toBe(true);
    expect(hook.result.current.active).toBe(1);
    press('ArrowDown');
    expect(hook.result.current.active).toBe(2);
    press('ArrowDown');
    expect(hook.result.current.active).toBe(1);
    press('ArrowUp');
    expect(hook.result.current.active).toBe(2);
    press('Enter');
    expect(onEnter).toHaveBeenCalledWith(rows[2]);
  });

  it('Enter with no active row submits the text (undefined); Escape closes and forgets the active row', () => {
    const rows = [row('KSFO')];
    const { hook, onEnter, press } = setup(rows);
    press('Enter');
    expect(onEnter).toHaveBeenCalledWith(undefined);
    press('ArrowDown');
    expect(hook.result.current.active).toBe(0);
    press('Escape');
    expect(hook.result.current.open).toBe(false);
    expect(hook.result.current.active).toBe(-1);
  });

  it('is not expanded without rows, even when open; reset opens with no active row', () => {
    const { hook, press } = setup([]);
    act(() => hook.result.current.show());
    expect(hook.result.current.open).toBe(true);
    expect(hook.result.current.expanded).toBe(false);
    press('ArrowDown');
    expect(hook.result.current.active).toBe(-1);
    hook.rerender({ rows: [row('KSFO')] });
    act(() => hook.result.current.setActive(0));
    act(() => hook.result.current.reset());
    expect(hook.result.current.expanded).toBe(true);
    expect(hook.result.current.active).toBe(-1);
  });

  it('Enter after the rows went away picks nothing stale', () => {
    const rows = [row('KSBP')];
    const { hook, onEnter, press } = setup(rows);
    press('ArrowDown');
    expect(hook.result.current.active).toBe(0);
    hook.rerender({ rows: [] });
    press('Enter');
    expect(onEnter).toHaveBeenCalledWith(undefined);
  });
});

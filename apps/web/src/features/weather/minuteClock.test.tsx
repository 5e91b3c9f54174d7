import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AGE_TICK_MS } from './age';
import { useMinuteClock } from './minuteClock';

function Clock({ id }: { id: string }) {
  return <span data-testid={id}>{useMinuteClock()}</span>;
}

describe('useMinuteClock', () => {
  afterEach(() => vi.useRealTimers());

  it('runs one timer for every component, moves each minute, and stops when the last one goes', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const view = render(<><Clock id="a" /><Clock id="b" /></>);
    expect(vi.getTimerCount()).toBe(1);
    expect(screen.getByTestId('a').textContent).toBe('1700000000000');
    act(() => vi.advanceTimersByTime(AGE_TICK_MS));
    expect(screen.getByTestId('a').textContent).toBe(String(1_700_000_000_000 + AGE_TICK_MS));
    expect(screen.getByTestId('b').textContent).toBe(screen.getByTestId('a').textContent);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { ErrorBoundary } from './ErrorBoundary';
import { LAZY_RETRY_DELAY_MS, retryingLazy, type RetryingLazyComponent } from './retryingLazy';

function Loaded({ text }: { text: string }) {
  return <p>{text}</p>;
}

/** A loader that fails its first `failures` calls, counting them, and the waits asked of it. */
function flakyLoader(failures: number) {
  const calls = { loads: 0, waits: [] as number[] };
  const load = async (): Promise<{ default: ComponentType<{ text: string }> }> => {
    calls.loads += 1;
    if (calls.loads <= failures) throw new Error(`chunk missing (${calls.loads})`);
    return { default: Loaded };
  };
  const wait = async (ms: number) => {
    calls.waits.push(ms);
  };
  return { calls, Component: retryingLazy(load, wait) };
}

function show(Component: RetryingLazyComponent<{ text: string }>, key: number) {
  return (
    <ErrorBoundary key={key} onError={Component.forgetFailure} fallback={(error) => <p role="alert">failed: {error.message}</p>}>
      <Suspense fallback={<p>Loading...</p>}>
        <Component text="the page" />
      </Suspense>
    </ErrorBoundary>
  );
}

describe('retryingLazy', () => {
  it('tries a failed load once more after a short wait and shows the component, passing its props', async () => {
    const { calls, Component } = flakyLoader(1);
    render(show(Component, 0));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(calls).toEqual({ loads: 2, waits: [LAZY_RETRY_DELAY_MS] });
  });

  it('hands a load that failed twice to the error boundary, then loads afresh on the next mount', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls, Component } = flakyLoader(2);
    const { rerender } = render(show(Component, 0));
    expect((await screen.findByRole('alert')).textContent).toBe('failed: chunk missing (2)');
    expect(calls.loads).toBe(2);
    // The page opened again: a new boundary mounts the component, which loads once more.
    rerender(show(Component, 1));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(calls.loads).toBe(3);
    // Loaded now: later mounts use the loaded code without loading again.
    rerender(show(Component, 2));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(calls.loads).toBe(3);
  });

  it('loads once for any number of mounts when the first load works', async () => {
    const { calls, Component } = flakyLoader(0);
    render(
      <>
        {show(Component, 0)}
        {show(Component, 1)}
      </>,
    );
    expect(await screen.findAllByText('the page')).toHaveLength(2);
    expect(calls.loads).toBe(1);
  });
});

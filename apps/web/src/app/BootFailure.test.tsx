// Start-up fails on the routing worker's init time-out (spec part 1 §8): the text and a Retry.
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../store';
import { bootFailed } from '../store/bootSlice';
import { ROUTING_INIT_TIMEOUT_MESSAGE } from '../worker/facade';
import { BootFailure } from './BootFailure';

describe('boot failure', () => {
  it("shows nothing until boot fails, then the spec's text and a Retry that starts again", () => {
    const store = makeStore();
    const onRetry = vi.fn();
    render(
      <Provider store={store}>
        <BootFailure onRetry={onRetry} />
      </Provider>,
    );
    expect(screen.queryByTestId('boot-failure')).toBeNull();
    act(() => {
      store.dispatch(bootFailed(ROUTING_INIT_TIMEOUT_MESSAGE));
    });
    expect(screen.getByRole('alert').textContent).toContain('RoutingWorkerFacade initialization timeout');
    expect(screen.getByTestId('boot-failure-message').textContent).toBe('RoutingWorkerFacade initialization timeout');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

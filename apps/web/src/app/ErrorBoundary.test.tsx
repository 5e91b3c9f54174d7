import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Provider } from 'react-redux';
import { ErrorBoundary } from '../platform/ErrorBoundary';
import { Shell } from './Shell';
import { ServicesContext } from '../platform/services';
import { makeStore } from '../store';
import { settleSignals, testPrefs } from '../test/renderApp';

function Boom(): never {
  throw new Error('kaboom');
}

describe('error boundary', () => {
  it('shows exactly "Something went wrong." when rendering fails', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong.');
    // The reason, out of sight, for whoever reads the element (a failing test prints it).
    expect(screen.getByRole('alert').dataset.error).toBe('Error: kaboom');
  });

  it('catches a failing page inside the shell and keeps the top bar', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = makeStore();
    settleSignals(store);
    const router = createMemoryRouter([{ path: '/app', element: <Shell />, children: [{ path: 'boom', element: <Boom /> }] }], {
      initialEntries: ['/app/boom'],
    });
    render(
      <Provider store={store}>
        <ServicesContext value={{ prefs: testPrefs(), applyUpdate: () => undefined, appVersion: '1' }}>
          <RouterProvider router={router} />
        </ServicesContext>
      </Provider>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong.');
    expect(screen.getByTestId('top-bar')).toBeTruthy();
  });
});

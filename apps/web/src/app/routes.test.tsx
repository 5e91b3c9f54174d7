import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../test/renderApp';
import { PAGES } from '../platform/pages';
import { makeStore } from '../store';
import { setOnline, setWelcomeComplete } from '../features/welcome/welcomeSlice';

describe('routes', () => {
  it.each(PAGES.map((p) => [p.name, p.title] as const))('/app/%s shows its page', async (name, title) => {
    renderApp(`/app/${name}`);
    // Pages loaded on demand show 'Loading...' under {test id}-loading until their code has loaded.
    await waitFor(() => expect(screen.getByTestId(`page-${name}`).querySelector('h1')?.textContent).toBe(title));
    expect(screen.getByTestId('top-bar-title').textContent).toBe(title);
  });

  it.each(['/app/no_such_page', '/somewhere/else', '/app/map1/extra'])('%s shows the fallback page', async (path) => {
    renderApp(path);
    expect((await screen.findByTestId('page-fallback')).textContent).toContain('Page Not Found');
  });

  it('/app goes to map view one', async () => {
    const { router } = renderApp('/app');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/map1'));
  });

  it.each(['/', '/index.html', '/index_pt.html'])('%s goes to the profile welcome, replacing the entry, until the welcome is complete', async (path) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/aircraft_profile_welcome'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('/ goes to map view one once the welcome is complete, or when offline', async () => {
    const done = makeStore();
    done.dispatch(setWelcomeComplete(true));
    const first = renderApp('/', { store: done });
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/app/map1'));
    first.unmount();

    const offline = makeStore();
    offline.dispatch(setOnline(false));
    const second = renderApp('/index.html', { store: offline });
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/app/map1'));
  });
});

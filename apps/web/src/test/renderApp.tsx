import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/App';
import { appRoutes } from '../app/routes';
import type { AppServices } from '../platform/services';
import { PrefsDb } from '../db/prefs';
import { makeStore, type AppStore } from '../store';
import { signalSettled } from '../store/readinessSlice';

let dbCounter = 0;

/** A prefs database of its own for one test. */
export function testPrefs(now?: () => number): PrefsDb {
  dbCounter += 1;
  return new PrefsDb({ name: `prefs-test-${dbCounter}-${Math.random().toString(36).slice(2)}`, now });
}

/** Marks the nav database and service worker signals settled (MapHost settles the map itself). */
export function settleSignals(store: AppStore): void {
  store.dispatch(signalSettled({ signal: 'navDb', state: 'unavailable', reason: 'test' }));
  store.dispatch(signalSettled({ signal: 'serviceWorker', state: 'unavailable', reason: 'test' }));
}

export interface RenderAppOptions {
  store?: AppStore;
  prefs?: PrefsDb;
  services?: Partial<AppServices>;
  /** Settle the readiness signals first (default true). */
  settled?: boolean;
}

/** Renders the whole app at a path with a memory router. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const prefs = options.prefs ?? testPrefs();
  const store = options.store ?? makeStore({ prefs });
  if (options.settled ?? true) settleSignals(store);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const services: AppServices = { prefs, applyUpdate: () => undefined, appVersion: '1.2.3', ...options.services };
  const utils = render(<App store={store} router={router} services={services} />);
  return { ...utils, router, store, prefs };
}

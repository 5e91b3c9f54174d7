// First: zod, loaded later, must find its no-eval setting before it makes any schema (CSP).
import './app/zodWithoutEval';
import '@fontsource/roboto/latin-300.css';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { PrefsDb } from './db/prefs';
import { AirportDb } from './db/airport';
import { dexieArtifactStore } from './features/navdata/artifactStore';
import { RoutingWorkerFacade } from './worker/facade';
import { createRoutingWorkerEndpoint } from './worker/routingWorker';
import { makeStore, type AppStore } from './store';
import { updateWaiting } from './store/appUpdateSlice';
import { App } from './app/App';
import { boot } from './app/boot';
import { firstPictureWait } from './platform/readiness';
import { installAdvice, readInstallEnvironment, rememberInstallSkipped } from './app/install/installDetection';
import { createAppRouter } from './app/routes';
import { startLandingWatch } from './features/plates';
import { linkRoutingToReceiver } from './features/inflight/receiverLink';
import { showSignInConnectionScreen } from './app/SignInConnectionScreen';
import { APP_VERSION } from './platform/services';
import { browserConnectivity } from './platform/connectivity';
import { StoreTheme } from './app/StoreTheme';
import { followDeviceColorScheme } from './features/settings';
import { randomUuid } from './app/uuid';
import { createServiceWorkerController } from './sw/register';
import { preloadMap } from './features/map/MapHost';
import { serverFetch } from './platform/serverFetch';
import type { NavigatorLike } from './app/deviceProbes';
import { startTelemetry } from './platform/telemetry';

/** A screen shown before the app mounts, in the app's Day/Night theme (the device's until the pilot chose). */
function themedBy(store: AppStore): (screen: ReactNode) => ReactNode {
  return (screen) => (
    <Provider store={store}>
      <StoreTheme>{screen}</StoreTheme>
    </Provider>
  );
}

/** Shows the install page and resolves when the visitor continues without installing. */
async function offerInstall(root: Root, themed: (screen: ReactNode) => ReactNode): Promise<void> {
  const advice = installAdvice(readInstallEnvironment(window));
  if (!advice.show) return;
  const { default: InstallPage } = await import('./app/install/InstallPage');
  await new Promise<void>((resolve) => {
    const onContinue = () => {
      rememberInstallSkipped(window.localStorage);
      resolve();
    };
    root.render(themed(<InstallPage advice={advice} onContinue={onContinue} />));
  });
}

async function main(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const prefs = new PrefsDb();
  const store = makeStore({ prefs, online: navigator.onLine });
  // Logging, error reporting (window, console, workers: before any worker is made) and analytics.
  const telemetry = startTelemetry({ store, prefs, version: APP_VERSION });
  // Night on a device in dark mode from the first screen, until the pilot uses the Day/Night switch.
  followDeviceColorScheme(store.dispatch);
  const themed = themedBy(store);
  const serviceWorker = createServiceWorkerController({
    enabled: import.meta.env.PROD,
    version: APP_VERSION,
    onWaiting: () => store.dispatch(updateWaiting()),
  });
  // One wait for the map's first picture, made when boot first asks: boot's background work and profile sync share it.
  const firstPicture = firstPictureWait(store);
  const routing = new RoutingWorkerFacade({ createEndpoint: createRoutingWorkerEndpoint });
  const root = createRoot(container);
  const installOffered = offerInstall(root, themed);
  // The configuration check (zod) loads beside the main bundle instead of inside it.
  const configRequest = import('./app/clientConfig').then(({ loadClientConfig }) =>
    loadClientConfig({ fetch: serverFetch, origin: window.location.origin, appVersion: APP_VERSION }),
  );
  // The first map starts now, beside boot; it needs the configuration only for the airport overview.
  preloadMap(configRequest.then((loaded) => loaded.config));
  const booting = boot({
    store,
    prefs,
    clock: () => performance.now(),
    fontsReady: document.fonts?.ready,
    storage: navigator.storage,
    loadConfig: () => configRequest,
    serviceWorker,
    randomUUID: () => randomUuid(),
    routing,
    linkReceiver: () => linkRoutingToReceiver(routing),
    navData: { fetch: serverFetch, store: dexieArtifactStore(new AirportDb()) },
    firstPicture,
    device: { navigator: navigator as NavigatorLike, landingSearch: window.location.search, fetch: serverFetch, now: () => Date.now() },
    signIn: {
      fetch: serverFetch,
      navigate: (path) => window.location.assign(path),
      // After the install page (if shown), which uses the same root.
      connectionNeeded: async (reason) => {
        await installOffered;
        await showSignInConnectionScreen(root, reason, themed);
      },
    },
  });

  await installOffered;
  try {
    await booting;
  } catch (error) {
    console.error('[boot] start-up failed', error);
  }
  const connectivity = browserConnectivity();
  // The route's vertical profile reads the 3D map's terrain tiles; the pack code loads when first asked.
  const terrainTile = (z: number, x: number, y: number, signal: AbortSignal) => import('./features/map/packs/terrainTiles').then((m) => m.readTerrainTile(z, x, y, signal));
  const services = { prefs, applyUpdate: () => serviceWorker.applyUpdate(), appVersion: APP_VERSION, routing, firstPicture: firstPicture(), connectivity, terrainTile };
  // Signed in: the weather channel starts after the map's first picture, beside the airport database
  // (spec part 1 §4 "... and starts the weather channel"); its code is a chunk of its own.
  void services.firstPicture
    .then(() => import('./features/weather'))
    .then(({ startWeather }) => {
      const config = store.getState().config.config;
      if (config) startWeather({ config, fetch: serverFetch, connectivity });
    })
    .catch((error: unknown) => console.error('[boot] the weather channel could not start', error));
  const router = createAppRouter();
  telemetry.watchPages(router);
  // After landing at the route's destination the airport diagram opens by itself (features/plates landing.ts).
  startLandingWatch({ store, open: (path) => void router.navigate(path) });
  root.render(<App store={store} router={router} services={services} />);
}

void main();

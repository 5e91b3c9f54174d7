import type { FboSnapshot } from '@clearway/protocol';
import { currentWeatherStore, type WeatherStore } from '../weather';
import type { RoutingWorkerFacade } from '../../worker/facade';
import type { WindsInput } from '../../worker/winds';
import type { AppStore } from '../../store';
import { windsLoaded } from './routeSlice';

type Routing = Pick<RoutingWorkerFacade, 'call'>;

/** The part of the weather store the feed reads (features/weather's WeatherStore). */
export type WindsWeatherStore = Pick<WeatherStore, 'entry' | 'subscribe' | 'want'>;

export interface WindsFeedDeps {
  store: Pick<AppStore, 'dispatch' | 'getState' | 'subscribe'>;
  routing: Routing;
  /** The app's weather store, or null while there is none (default: features/weather's installed one). */
  weather?: () => WindsWeatherStore | null;
  log?: Pick<Console, 'warn'>;
}

export interface WindsFeed {
  /** Settles when the bulletins in hand have reached the worker (tests). */
  settled(): Promise<void>;
  stop(): void;
}

/** The `setWinds` parameters of an `fbo` snapshot: the bulletins as issued, nothing else. */
export function windsInputOf(snapshot: FboSnapshot): WindsInput {
  return {
    cycle: snapshot.cycle,
    bulletins: snapshot.bulletins.map(({ forecastHours, year, month, raw }) => ({ forecastHours, year, month, raw })),
  };
}

/**
 * Hands the routing worker the FB winds (issue 16 "Navlog and optimizer"): the `fbo` snapshot's
 * bulletins go to the worker (`setWinds`) once it is initialised and again whenever a new fbo cycle
 * arrives (or a new worker starts); the weather store is looked for at start and on each store
 * change until one is installed. Each answer (the bulletins the worker holds) goes to the store as
 * `windsLoaded`, which re-plans the current route (routeEffects.ts). A failed hand-over is logged and
 * tried again with the next cycle or worker.
 */
export function startWindsFeed({ store, routing, weather = currentWeatherStore, log = console }: WindsFeedDeps): WindsFeed {
  let attached: WindsWeatherStore | null = null;
  let unsubscribeWeather: () => void = () => undefined;
  /** The cycle the worker holds (undefined: nothing sent to this worker yet). */
  let sent: number | null | undefined;
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;
  let workerUp = store.getState().navData.worker === 'initialized';

  const push = (): Promise<void> => {
    chain = chain.then(async () => {
      if (stopped || !workerUp || !attached) return;
      const snapshot = attached.entry('fbo').snapshot;
      if (!snapshot || snapshot.cycle === sent) return;
      try {
        const info = await routing.call('setWinds', windsInputOf(snapshot));
        sent = snapshot.cycle;
        for (const problem of info.problems) log.warn(`[winds] ${problem}`);
        if (!stopped) store.dispatch(windsLoaded(info));
      } catch (error) {
        log.warn('[winds] the routing worker did not take the FB bulletins', error);
      }
    });
    return chain;
  };

  const attach = (): void => {
    const found = weather();
    if (!found || found === attached) return;
    unsubscribeWeather();
    attached = found;
    unsubscribeWeather = found.subscribe((type) => {
      if (type === 'fbo') void push();
    });
    void found.want('fbo').then(push, () => undefined);
    void push();
  };

  attach();
  const unsubscribeStore = store.subscribe(() => {
    // The weather store is installed once the configuration is in (features/weather startWeather):
    // looked for on every store change until found (no timer).
    if (!attached) attach();
    const up = store.getState().navData.worker === 'initialized';
    if (up === workerUp) return;
    workerUp = up;
    // A new worker holds no winds.
    if (!up) sent = undefined;
    else {
      attach();
      void push();
    }
  });

  return {
    settled: () => chain,
    stop() {
      stopped = true;
      unsubscribeStore();
      unsubscribeWeather();
    },
  };
}

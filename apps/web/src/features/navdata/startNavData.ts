import { signalSettled } from '../../store/readinessSlice';
import { onServiceWorkerMessage } from '../../sw/messages';
import { loadNavDatabase, type NavDataLoaderDeps, type NavDataOutcome } from './loader';
import { NAV_DATABASE_SLOW } from './texts';

/** Spec part 2 §8: "Database load timeout at 120 s: logged, boot continues". */
export const NAV_DATA_OVERALL_TIMEOUT_MS = 120_000;

/**
 * Runs the nav database load in the background and settles the navDb readiness signal (the loading chip's):
 * 'ready' once loaded, 'unavailable' with the reason otherwise. If it takes longer than 120 s the
 * time-out is logged and the signal settles 'unavailable' so the app can be used; the load goes on
 * and, if it finishes, the signal turns 'ready'. Resolves with the load's outcome.
 */
export function startNavDatabase(deps: NavDataLoaderDeps, overallTimeoutMs = NAV_DATA_OVERALL_TIMEOUT_MS): Promise<NavDataOutcome> {
  const { dispatch, log = console } = deps;
  let finished = false;
  const slow = setTimeout(() => {
    if (finished) return;
    log.warn(`[navdata] ${NAV_DATABASE_SLOW}`);
    dispatch(signalSettled({ signal: 'navDb', state: 'unavailable', reason: NAV_DATABASE_SLOW }));
  }, overallTimeoutMs);
  return loadNavDatabase(deps).then((outcome) => {
    finished = true;
    clearTimeout(slow);
    if (outcome.state === 'loaded') {
      const { cycle, region } = outcome.header;
      dispatch(signalSettled({ signal: 'navDb', state: 'ready', reason: `Cycle ${cycle} (${region})` }));
    } else {
      dispatch(signalSettled({ signal: 'navDb', state: 'unavailable', reason: outcome.reason }));
    }
    followOtherTabs(deps, outcome.state === 'loaded' ? outcome.header.cycle : null);
    return outcome;
  });
}

/**
 * When another tab downloads a new airport database (the service worker's airportdb_downloaded,
 * spec part 2 §7), this tab loads it from storage into its routing worker, without a page reload.
 * A message about the cycle already loaded, or one while a load runs, is ignored.
 */
function followOtherTabs(deps: NavDataLoaderDeps, loadedCycle: string | null): void {
  let cycle = loadedCycle;
  let loading = false;
  onServiceWorkerMessage((message) => {
    if (message.type !== 'airportdb_downloaded' || message.cycle === cycle || loading) return;
    loading = true;
    (deps.log ?? console).info(`[navdata] another tab downloaded cycle ${message.cycle}: loading it`);
    void loadNavDatabase(deps)
      .then((outcome) => {
        if (outcome.state === 'loaded') cycle = outcome.header.cycle;
      })
      .finally(() => {
        loading = false;
      });
  }, deps.messages);
}

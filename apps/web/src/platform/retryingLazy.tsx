import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** How long a failed load waits before its one retry, ms: a network blip or a server mid-deploy. */
export const LAZY_RETRY_DELAY_MS = 500;

/** Waits a while; tests pass their own. */
export type Wait = (ms: number) => Promise<void>;

const realWait: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A component loaded on demand, and how its error boundary lets a failed load be tried again. */
export type RetryingLazyComponent<P extends object> = ComponentType<P> & {
  /**
   * Forgets a load that failed, so the next mount loads afresh. Call it from the error boundary that
   * caught the failure (ErrorBoundary onError: after React committed the error); while the boundary
   * still renders the component a fresh load would start over and over.
   */
  forgetFailure: () => void;
};

/**
 * React.lazy for code that may fail to load: a chunk missing from the offline cache, a network blip.
 * A failed load is tried once more after LAZY_RETRY_DELAY_MS; when that fails too, the error goes to
 * the nearest error boundary, which calls forgetFailure so that the next mount (the page opened
 * again, the drawer reopened) loads afresh. React.lazy alone keeps a failed load for the life of the tab.
 */
export function retryingLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, wait: Wait = realWait): RetryingLazyComponent<P> {
  let failed = false;
  const make = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      load()
        .catch(async () => {
          await wait(LAZY_RETRY_DELAY_MS);
          return load();
        })
        .catch((error: unknown) => {
          failed = true;
          throw error;
        }),
    );
  let current = make();
  function RetryingLazy(props: P) {
    const Loaded = current;
    return <Loaded {...props} />;
  }
  return Object.assign(RetryingLazy, {
    forgetFailure: () => {
      if (!failed) return;
      failed = false;
      current = make();
    },
  });
}

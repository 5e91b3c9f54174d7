/**
 * The fetch the app's server clients use (api.ts, client config, account, sync, nav data, weather):
 * the browser's fetch, and a request that fails with a network error (a TypeError; not an abort, not
 * an HTTP error reply) is told to whoever listens, which is the connectivity service
 * (connectivity.ts): it probes the server at once, so the offline badge follows the app's own
 * requests without wrapping the global fetch.
 */

const listeners = new Set<() => void>();

/** Called on each request to the server that failed with a network error; returns the removal. */
export function onServerUnreachable(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a fetch failure is the network's (fetch rejects with a TypeError), not an abort. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/** `fetchFn` that reports its network failures to `onServerUnreachable` listeners; results and errors pass through. */
export function reportingFetch(fetchFn: typeof fetch): typeof fetch {
  return async (input, init) => {
    try {
      return await fetchFn(input, init);
    } catch (error) {
      if (isNetworkFailure(error)) for (const listener of [...listeners]) listener();
      throw error;
    }
  };
}

/** The browser's fetch (looked up at each call, so tests may replace it), reporting network failures. */
export const serverFetch: typeof fetch = reportingFetch((input, init) => globalThis.fetch(input, init));

/**
 * The page's side of the service worker's own messages (spec part 2 §7 "In: SW_STALE_DETECTED,
 * SW_ACTIVATED, get_router"; part 1 §4 "a stale worker triggers a reload; the page reloads once per
 * version after the controller changes (150 ms delay; deferred message wait 30 s)").
 *
 * - `SW_STALE_DETECTED` (version): the worker found that this page runs another build than its own
 *   (public/sw-messages.js compares the version a page sends); the page reloads, once per version.
 * - `SW_ACTIVATED` (version): a worker of that version was activated; when it is not this page's
 *   version the page reloads once for it (after SW_RELOAD_DELAY_MS).
 * - `get_router`: the worker asks where this page is; the page answers `{type: 'router', path}`.
 * - Messages to the worker (performance mode, the page's version) wait up to 30 s for a controlling
 *   worker (the first install); later than that they are dropped with an info log line.
 */

/** How long a message to the worker waits for a controlling worker (spec part 1 §4). */
export const SW_MESSAGE_WAIT_MS = 30_000;
/** The reload delay after a new worker takes over (spec part 1 §4: 150 ms). */
export const SW_CHANNEL_RELOAD_DELAY_MS = 150;
/** sessionStorage key: the version this tab last reloaded for, so it reloads once per version. */
export const SW_RELOADED_FOR_KEY = 'clearway_sw_reloaded_for';

/** Messages the worker sends to the page. */
export type WorkerToPageMessage = { type: 'SW_STALE_DETECTED'; version: string } | { type: 'SW_ACTIVATED'; version: string } | { type: 'get_router' };

/** Messages the page sends to its worker (public/sw-messages.js reads them). */
export type PageToWorkerMessage = { type: 'client_version'; version: string } | { type: 'performance_mode'; on: boolean } | { type: 'router'; path: string };

export function isWorkerToPageMessage(data: unknown): data is WorkerToPageMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, version } = data as { type?: unknown; version?: unknown };
  if (type === 'get_router') return true;
  return (type === 'SW_STALE_DETECTED' || type === 'SW_ACTIVATED') && typeof version === 'string';
}

/** What of `navigator.serviceWorker` the channel uses (a fake in tests). */
export interface ChannelContainer {
  readonly controller: { postMessage(message: unknown): void } | null;
  addEventListener(type: 'message' | 'controllerchange', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message' | 'controllerchange', listener: (event: MessageEvent) => void): void;
}

export interface WorkerChannelOptions {
  container: ChannelContainer;
  /** This page's build version (APP_VERSION). */
  version: string;
  reload: () => void;
  /** The page's path for get_router (location.pathname + search). */
  path: () => string;
  /** sessionStorage (once-per-version reload guard); without it the guard lives in memory. */
  session?: Pick<Storage, 'getItem' | 'setItem'> | null;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  log?: Pick<Console, 'info' | 'warn'>;
}

export interface WorkerChannel {
  /** Posts to the controlling worker, or waits up to 30 s for one; resolves false when dropped. */
  post(message: PageToWorkerMessage): Promise<boolean>;
  /** Reloads once for `version` (after the 150 ms delay); false when this tab already did. */
  reloadOnceFor(version: string): boolean;
  dispose(): void;
}

export function createWorkerChannel(options: WorkerChannelOptions): WorkerChannel {
  const { container, version, log = console } = options;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let memoryGuard: string | null = null;
  const waiting = new Set<{ message: PageToWorkerMessage; done: (sent: boolean) => void; timer: unknown }>();

  const reloadOnceFor = (target: string): boolean => {
    let already: string | null = memoryGuard;
    try {
      already = options.session?.getItem(SW_RELOADED_FOR_KEY) ?? memoryGuard;
    } catch {
      // Storage refused: the in-memory guard still stops a loop within this page.
    }
    if (already === target) {
      if (memoryGuard !== target) log.warn(`[sw] already reloaded once for version ${target}; not again`);
      return false;
    }
    memoryGuard = target;
    try {
      options.session?.setItem(SW_RELOADED_FOR_KEY, target);
    } catch {
      // See above.
    }
    setTimer(() => options.reload(), SW_CHANNEL_RELOAD_DELAY_MS);
    return true;
  };

  const send = (message: PageToWorkerMessage): boolean => {
    const controller = container.controller;
    if (!controller) return false;
    try {
      controller.postMessage(message);
      return true;
    } catch (error) {
      log.warn('[sw] could not post to the service worker', error);
      return false;
    }
  };

  const flush = () => {
    for (const entry of [...waiting]) {
      if (send(entry.message)) {
        clearTimer(entry.timer);
        waiting.delete(entry);
        entry.done(true);
      }
    }
  };

  const onMessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (!isWorkerToPageMessage(data)) return;
    if (data.type === 'get_router') {
      const reply = { type: 'router', path: options.path() } as const;
      const port = event.ports?.[0];
      if (port) port.postMessage(reply);
      else void send(reply);
      return;
    }
    if (data.version === version) return;
    log.info(`[sw] ${data.type} for version ${data.version} (this page runs ${version}): reloading`);
    reloadOnceFor(data.version);
  };

  container.addEventListener('message', onMessage);
  container.addEventListener('controllerchange', flush);

  return {
    post(message) {
      if (send(message)) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const entry = {
          message,
          done: resolve,
          timer: setTimer(() => {
            waiting.delete(entry);
            // Info, not a warning: a first install on a slow network may take longer (nothing is lost).
            log.info(`[sw] no service worker took control within ${SW_MESSAGE_WAIT_MS / 1000} s; ${message.type} not sent`);
            resolve(false);
          }, SW_MESSAGE_WAIT_MS),
        };
        waiting.add(entry);
      });
    },
    reloadOnceFor,
    dispose() {
      container.removeEventListener('message', onMessage);
      container.removeEventListener('controllerchange', flush);
      for (const entry of waiting) {
        clearTimer(entry.timer);
        entry.done(false);
      }
      waiting.clear();
    },
  };
}

/** A registration as far as staleRegistrations reads it. */
export interface RegistrationLike {
  scope: string;
  active?: { scriptURL: string } | null;
  waiting?: { scriptURL: string } | null;
  installing?: { scriptURL: string } | null;
}

/**
 * The registrations to unregister (spec part 1 §4 "Registration unregisters any worker whose script
 * address differs from the current versioned one"), each with why. A scope holds one registration:
 * in the current one (`current.scope`) a worker of another script address is the older version,
 * replaced in place by registering `scriptUrl` (the browser treats the new address as an update), so
 * it is left alone. Every registration under another scope is removed: one whose script address
 * differs is the spec's case; one with the same address would still answer that scope's requests a
 * second time.
 */
export function staleRegistrations<R extends RegistrationLike>(registrations: readonly R[], current: Pick<RegistrationLike, 'scope'>, scriptUrl: string): { registration: R; reason: string }[] {
  const stale: { registration: R; reason: string }[] = [];
  for (const r of registrations) {
    if (r.scope === current.scope) continue;
    const scripts = [r.active, r.waiting, r.installing].flatMap((w) => (w ? [w.scriptURL] : []));
    const other = scripts.find((url) => url !== scriptUrl);
    stale.push({ registration: r, reason: other !== undefined ? `script ${other} is not ${scriptUrl}` : `scope ${r.scope} is not ${current.scope}` });
  }
  return stale;
}

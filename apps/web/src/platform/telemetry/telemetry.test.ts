// startTelemetry as main.tsx wires it: the real store, the real IndexedDB queues (fake-indexeddb),
// window-like events and a Worker class as the browser would fire them, and the network as the edge.
import { afterEach, describe, expect, it } from 'vitest';
import { endpointsForOrigin, logEntrySchema, type ClientConfig } from '@clearway/protocol';
import { makeStore } from '../../store';
import { configLoaded } from '../../store/configSlice';
import { eventually } from '../../test/eventually';
import { ERRORS_PER_MINUTE, ANALYTICS_FLUSH_INTERVAL_MS, LOG_REPLAY_INTERVAL_MS } from './limits';
import { TelemetryDb } from './queueStore';
import { log, startTelemetry, track, type Telemetry, type TelemetryDeps } from './index';

const ORIGIN = 'http://127.0.0.1:8080';
const config = (env: ClientConfig['env'], remoteLogging: boolean): ClientConfig => ({ env, version: '1', dataChannel: 'dev', remoteLogging, endpoints: endpointsForOrigin(ORIGIN) });

/** A Worker stand-in: an EventTarget made with the constructor's arguments, as the page's Worker is. */
class StubWorker extends EventTarget {
  constructor(readonly url: string | URL, readonly options?: WorkerOptions) {
    super();
  }
}

interface Sent {
  url: string;
  body: unknown;
  keepalive: boolean | undefined;
}

const running: { telemetry: Telemetry; db: TelemetryDb }[] = [];
afterEach(async () => {
  for (const { telemetry, db } of running.splice(0)) {
    telemetry.stop();
    await db.delete();
  }
});

function start(options: { env?: ClientConfig['env']; remoteLogging?: boolean; signedIn?: boolean; status?: number; sendTimeoutMs?: number } = {}) {
  const store = makeStore();
  if (options.env !== undefined) store.dispatch(configLoaded({ config: config(options.env, options.remoteLogging ?? true), source: 'server' }));
  if (options.signedIn !== false) store.dispatch({ type: 'account/signedIn', payload: { cust_id: 'cust_7', email: 'p@example.com', full_name: 'P' } });
  const target = new EventTarget();
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  const printed: unknown[][] = [];
  const host = {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
    console: { error: (...args: unknown[]) => printed.push(args), warn: (...args: unknown[]) => printed.push(args) },
    Worker: StubWorker as unknown as typeof Worker,
    navigator: { userAgent: 'TestAgent/1.0' },
    document,
  };
  const sent: Sent[] = [];
  const status = { value: options.status ?? 201 };
  // While set, a request is never answered (it ends only when aborted).
  const hang = { value: false };
  const timers: { fn: () => void; ms: number }[] = [];
  const db = new TelemetryDb(`telemetry-start-${Math.random().toString(36).slice(2)}`);
  const telemetry = startTelemetry({
    store,
    prefs: { getProperty: (async () => 'dev-uuid') as TelemetryDeps['prefs']['getProperty'] },
    version: '2.0.0',
    host: host as unknown as TelemetryDeps['host'],
    fetch: async (input, init) => {
      sent.push({ url: String(input), body: JSON.parse(String(init?.body)), keepalive: init?.keepalive });
      if (hang.value) {
        return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      }
      return new Response('{}', { status: status.value });
    },
    every: (fn, ms) => {
      timers.push({ fn, ms });
      return () => undefined;
    },
    db,
    ...(options.sendTimeoutMs === undefined ? {} : { sendTimeoutMs: options.sendTimeoutMs }),
  });
  running.push({ telemetry, db });
  const tick = (ms: number) => timers.filter((timer) => timer.ms === ms).forEach((timer) => timer.fn());
  const logsSent = () => sent.filter((request) => request.url.includes('/elk/'));
  const analyticsSent = () => sent.filter((request) => request.url.endsWith('/api/analytics'));
  return { store, host, document, printed, sent, status, hang, telemetry, tick, logsSent, analyticsSent };
}

const errorEvent = (error: Error) => new ErrorEvent('error', { error, message: error.message, filename: `${ORIGIN}/assets/index.js`, lineno: 1, colno: 2 });

describe('startTelemetry', () => {
  it('an uncaught error reaches the log sink once, as a valid entry, keepalive; the same error written by the error boundary is not sent again', async () => {
    const { host, printed, logsSent, telemetry } = start({ env: 'qa' });
    // The first replay looks at the queue a previous page left; sends go straight out after it.
    await telemetry.logger.replay();
    const boom = new Error('boom');
    host.dispatchEvent(errorEvent(boom));
    await eventually(() => expect(logsSent()).toHaveLength(1));
    const [request] = logsSent();
    const day = new Date().toISOString().slice(0, 10);
    expect(request?.url).toBe(`${ORIGIN}/elk/pwa_logs_${day}/_doc/`);
    expect(request?.keepalive).toBe(true);
    const entry = logEntrySchema.parse(request?.body);
    expect(entry).toMatchObject({ level: 'error', message: 'Uncaught Error: boom', version: '2.0.0', os: 'TestAgent/1.0', uuid: 'dev-uuid', env: 'qa', cust_id: 'cust_7' });
    expect(entry.stack).toBe(boom.stack);
    // React and the app's error boundary write the caught error with console.error.
    host.console.error('Rendering failed', boom, '\n    at Page');
    expect(printed).toEqual([['Rendering failed', boom, '\n    at Page']]);
    // A later, different error arrives; between the two nothing else was sent.
    host.dispatchEvent(errorEvent(new Error('marker')));
    await eventually(() => expect(logsSent()).toHaveLength(2));
    expect(logsSent().map((sent) => (sent.body as { message: string }).message)).toEqual(['Uncaught Error: boom', 'Uncaught Error: marker']);
  });

  it('reports unhandled rejections, console errors and warnings, and worker errors', async () => {
    const { host, logsSent, telemetry } = start({ env: 'beta' });
    await telemetry.logger.replay();
    host.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new TypeError('nope') }));
    host.console.warn('[weather] stale snapshot');
    const worker = new host.Worker('/assets/routing.worker.js', { type: 'module', name: 'routing' });
    worker.dispatchEvent(new ErrorEvent('error', { message: 'Uncaught RangeError: bad index', filename: '/assets/routing.worker.js', lineno: 10, colno: 3 }));
    await eventually(() => expect(logsSent()).toHaveLength(3));
    expect(logsSent().map((request) => [(request.body as { level: string }).level, (request.body as { message: string }).message])).toEqual([
      ['error', 'Unhandled rejection: TypeError: nope'],
      ['warn', '[weather] stale snapshot'],
      ['error', 'Worker error (routing): Uncaught RangeError: bad index'],
    ]);
    expect((logsSent()[2]?.body as { stack: string }).stack).toBe('at /assets/routing.worker.js:10:3');
  });

  it(`forwards at most ${ERRORS_PER_MINUTE} errors a minute`, async () => {
    const { host, logsSent, telemetry } = start({ env: 'qa' });
    await telemetry.logger.replay();
    for (let i = 0; i < ERRORS_PER_MINUTE + 5; i += 1) host.dispatchEvent(errorEvent(new Error(`error ${i}`)));
    await eventually(() => expect(logsSent()).toHaveLength(ERRORS_PER_MINUTE));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logsSent()).toHaveLength(ERRORS_PER_MINUTE);
    expect(telemetry.budget.dropped).toBe(5);
  });

  it('forwards no log entry where the environment has no remote logging (prod), but still records analytics', async () => {
    const { host, sent, logsSent, analyticsSent, tick } = start({ env: 'prod', remoteLogging: false });
    host.dispatchEvent(errorEvent(new Error('in prod')));
    log('warn', 'also in prod');
    tick(LOG_REPLAY_INTERVAL_MS);
    tick(ANALYTICS_FLUSH_INTERVAL_MS);
    await eventually(() => expect(analyticsSent()).toHaveLength(1));
    expect(logsSent()).toEqual([]);
    expect(sent).toHaveLength(1);
  });

  it('entries made before the configuration wait in the queue and are sent when it says forward', async () => {
    const { store, logsSent } = start({});
    log('error', 'during boot');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logsSent()).toEqual([]);
    store.dispatch(configLoaded({ config: config('qa', true), source: 'server' }));
    await eventually(() => expect(logsSent().map((request) => (request.body as { message: string }).message)).toEqual(['during boot']));
  });

  it('a send that is never answered is given up after the time-out: the entry waits in the queue and the next replay sends it', async () => {
    const { hang, tick, logsSent } = start({ env: 'qa', sendTimeoutMs: 50 });
    hang.value = true;
    log('error', 'never answered');
    // The first entry of a page waits in the queue for a replay (an older page's may be there).
    tick(LOG_REPLAY_INTERVAL_MS);
    await eventually(() => expect(logsSent()).toHaveLength(1));
    // Given up after 50 ms; the network answers again and the 30 s replay sends the queued entry.
    await new Promise((resolve) => setTimeout(resolve, 120));
    hang.value = false;
    tick(LOG_REPLAY_INTERVAL_MS);
    await eventually(() => expect(logsSent().map((request) => (request.body as { message: string }).message)).toEqual(['never answered', 'never answered']));
  });

  it('analytics: app_open and page views go to POST /api/analytics every 30 s, when back online and when the tab is visible again', async () => {
    const { host, document, analyticsSent, tick, telemetry, status } = start({ env: 'qa' });
    const listeners: ((state: { location: { pathname: string } }) => void)[] = [];
    const router = { state: { location: { pathname: '/app/map1' } }, subscribe: (listener: (typeof listeners)[number]) => (listeners.push(listener), () => undefined) };
    telemetry.watchPages(router);
    listeners.forEach((listener) => listener({ location: { pathname: '/app/route' } }));
    listeners.forEach((listener) => listener({ location: { pathname: '/app/route' } }));
    track('route_saved', { waypoints: 3 });
    tick(ANALYTICS_FLUSH_INTERVAL_MS);
    await eventually(() => expect(analyticsSent()).toHaveLength(1));
    const body = analyticsSent()[0]?.body as { uuid: string; version: string; env: string; events: { name: string; props?: unknown }[] };
    expect({ uuid: body.uuid, version: body.version, env: body.env }).toEqual({ uuid: 'dev-uuid', version: '2.0.0', env: 'qa' });
    expect(body.events.map((event) => [event.name, event.props])).toEqual([
      ['app_open', undefined],
      ['page_view', { path: '/app/map1' }],
      ['page_view', { path: '/app/route' }],
      ['route_saved', { waypoints: 3 }],
    ]);
    // Offline (the server unreachable: 503) the event stays; 'online' and 'visible' send it.
    status.value = 503;
    track('offline_event');
    tick(ANALYTICS_FLUSH_INTERVAL_MS);
    await eventually(() => expect(analyticsSent()).toHaveLength(2));
    status.value = 200;
    host.dispatchEvent(new Event('online'));
    await eventually(() => expect(analyticsSent()).toHaveLength(3));
    expect((analyticsSent()[2]?.body as { events: { name: string }[] }).events.map((event) => event.name)).toEqual(['offline_event']);
    track('after_hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await eventually(() => expect(analyticsSent()).toHaveLength(4));
  });

  it('analytics wait while signed out and go once the pilot signs in', async () => {
    const { store, analyticsSent, tick } = start({ env: 'qa', signedIn: false });
    tick(ANALYTICS_FLUSH_INTERVAL_MS);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(analyticsSent()).toEqual([]);
    store.dispatch({ type: 'account/signedIn', payload: { cust_id: 'cust_9', email: 'q@example.com', full_name: '' } });
    await eventually(() => expect(analyticsSent()).toHaveLength(1));
  });

  it('stop() puts the console and Worker back', () => {
    const { host, telemetry } = start({ env: 'qa' });
    const wrapped = host.console.error;
    telemetry.stop();
    expect(host.console.error).not.toBe(wrapped);
    expect(host.Worker).toBe(StubWorker);
  });
});

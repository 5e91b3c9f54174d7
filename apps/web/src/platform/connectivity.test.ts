import { describe, expect, it } from 'vitest';
import { createConnectivity, probeServer, PROBE_TIMEOUT_MS, RECHECK_MS, type ConnectivityTimers } from './connectivity';

/** Timers run by hand: `advance(ms)` fires what falls due, in order. */
function manualTimers() {
  let nowMs = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: ConnectivityTimers = {
    setTimeout: (callback, ms) => {
      const id = nextId++;
      pending.set(id, { at: nowMs + ms, callback });
      return id;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  const advance = (ms: number) => {
    const until = nowMs + ms;
    for (;;) {
      const due = [...pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      nowMs = due[1].at;
      due[1].callback();
    }
    nowMs = until;
  };
  return { timers, advance, pendingCount: () => pending.size };
}

/** A probe whose answers the test gives: each call waits until `answer(true|false)`. */
function manualProbe() {
  const calls: { signal: AbortSignal; resolve: (answered: boolean) => void }[] = [];
  const probe = (signal: AbortSignal) => new Promise<boolean>((resolve) => calls.push({ signal, resolve }));
  return { probe, calls };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(initiallyOnline = true) {
  const events = new EventTarget();
  let browserOnline = initiallyOnline;
  const clock = manualTimers();
  const probe = manualProbe();
  const service = createConnectivity({ events, browserOnline: () => browserOnline, probe: probe.probe, timers: clock.timers });
  const changes: string[] = [];
  service.subscribe(() => changes.push(service.state()));
  return { service, events, clock, probe, changes, setBrowserOnline: (v: boolean) => (browserOnline = v) };
}

describe('connectivity', () => {
  it("goes offline at once on the browser's offline event, and online again only when the server answers", async () => {
    const { service, events, probe, changes } = setup();
    expect(service.state()).toBe('online');
    events.dispatchEvent(new Event('offline'));
    expect(service.state()).toBe('offline');
    events.dispatchEvent(new Event('online'));
    expect(probe.calls).toHaveLength(1);
    expect(service.state()).toBe('offline');
    probe.calls[0]?.resolve(true);
    await flush();
    expect(service.state()).toBe('online');
    expect(changes).toEqual(['offline', 'online']);
  });

  it('stays offline when the online event comes but the server does not answer, and tries again every RECHECK_MS', async () => {
    const { service, events, probe, clock } = setup();
    events.dispatchEvent(new Event('offline'));
    events.dispatchEvent(new Event('online'));
    probe.calls[0]?.resolve(false);
    await flush();
    expect(service.state()).toBe('offline');
    clock.advance(RECHECK_MS - 1);
    expect(probe.calls).toHaveLength(1);
    clock.advance(1);
    expect(probe.calls).toHaveLength(2);
    probe.calls[1]?.resolve(true);
    await flush();
    expect(service.state()).toBe('online');
  });

  it('after a failed request, a probe unanswered within PROBE_TIMEOUT_MS means offline (Wi-Fi without internet)', async () => {
    const { service, probe, clock } = setup();
    service.reportFailure();
    service.reportFailure();
    expect(probe.calls).toHaveLength(1);
    clock.advance(PROBE_TIMEOUT_MS);
    expect(probe.calls[0]?.signal.aborted).toBe(true);
    // The late answer does not count.
    probe.calls[0]?.resolve(true);
    await flush();
    expect(service.state()).toBe('offline');
  });

  it('after a failed request the server answering keeps it online', async () => {
    const { service, probe, changes } = setup();
    service.reportFailure();
    probe.calls[0]?.resolve(true);
    await flush();
    expect(service.state()).toBe('online');
    expect(changes).toEqual([]);
  });

  it('starts offline when the browser has no network, and does not probe until it says it has one', async () => {
    const { service, probe, clock, setBrowserOnline } = setup(false);
    expect(service.state()).toBe('offline');
    clock.advance(RECHECK_MS * 3);
    expect(probe.calls).toHaveLength(0);
    setBrowserOnline(true);
    clock.advance(RECHECK_MS);
    expect(probe.calls).toHaveLength(1);
  });

  it('stops listening and probing when stopped', () => {
    const { service, events, probe, clock } = setup();
    service.stop();
    events.dispatchEvent(new Event('offline'));
    expect(service.state()).toBe('online');
    service.reportFailure();
    expect(probe.calls).toHaveLength(0);
    expect(clock.pendingCount()).toBe(0);
  });
});

describe('probeServer', () => {
  it("counts the server's JSON as an answer and a captive portal's HTML page as none", async () => {
    const signal = new AbortController().signal;
    const asked: string[] = [];
    const reply = (type: string) => (async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response('{}', { status: 503, headers: { 'content-type': type } });
    }) as typeof fetch;
    expect(await probeServer(signal, reply('application/json; charset=utf-8'))).toBe(true);
    expect(await probeServer(signal, reply('text/html'))).toBe(false);
    expect(asked).toEqual(['/healthz', '/healthz']);
  });
});

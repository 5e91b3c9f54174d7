import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointsForOrigin } from '@clearway/protocol';
import { startVersionPoll } from './versionPoll';
// Loaded here so the poll's on-demand import of it is settled at once under fake timers.
import './clientConfig';

afterEach(() => {
  vi.useRealTimers();
});

function configReply(version: string): Response {
  return new Response(JSON.stringify({ env: 'localhost', version, dataChannel: 'dev', remoteLogging: false, endpoints: endpointsForOrigin('http://127.0.0.1:8080') }), { status: 200 });
}

const quiet = { info: vi.fn(), warn: vi.fn() };

describe('startVersionPoll', () => {
  it('asks /api/config every interval and reports a new server version once', async () => {
    vi.useFakeTimers();
    const versions = ['1.0.0', '1.1.0', '1.1.0'];
    const fetchFn = vi.fn(async () => configReply(versions.shift() ?? '1.1.0'));
    const seen: string[] = [];
    const stop = startVersionPoll({ fetch: fetchFn as unknown as typeof fetch, knownVersion: '1.0.0', onNewVersion: (c) => seen.push(c.version), intervalMs: 1000, log: quiet });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchFn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchFn).toHaveBeenCalledWith('/api/config', expect.objectContaining({ cache: 'no-store' }));
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchFn).toHaveBeenCalledTimes(3);
    expect(seen).toEqual(['1.1.0']);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchFn).toHaveBeenCalledTimes(3);
  });

  it('stays quiet offline and when the server cannot be reached, and asks again on coming online', async () => {
    vi.useFakeTimers();
    let online = false;
    const events = new EventTarget();
    const fetchFn = vi.fn(async (): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    });
    const onNewVersion = vi.fn();
    const stop = startVersionPoll({
      fetch: fetchFn as unknown as typeof fetch,
      knownVersion: '1.0.0',
      onNewVersion,
      intervalMs: 1000,
      events: events as unknown as Window,
      isOnline: () => online,
      log: quiet,
    });
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetchFn).not.toHaveBeenCalled();
    online = true;
    fetchFn.mockImplementation(async () => configReply('2.0.0'));
    events.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(onNewVersion).toHaveBeenCalledWith(expect.objectContaining({ version: '2.0.0' }));
    stop();
  });
});

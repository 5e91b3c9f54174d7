import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageContainer } from '../../sw/messages';
import { DownloadsClient } from './downloadsClient';
import { REGION_STATE } from './regionState';
import type { StoredPack } from './packStore';
import type { DownloaderReply, DownloaderRequest, PackChunk } from './protocol';

/** The background downloader as the page sees it: what it was asked, and replies sent on cue. */
class FakeWorker extends EventTarget {
  static last: FakeWorker | null = null;
  readonly asked: DownloaderRequest[] = [];
  constructor() {
    super();
    FakeWorker.last = this;
  }
  postMessage(request: DownloaderRequest): void {
    this.asked.push(request);
  }
  reply(data: DownloaderReply): void {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

/** navigator.serviceWorker as far as the messages go: what this tab posts, and messages from other tabs. */
function serviceWorker() {
  const target = new EventTarget();
  const posted: unknown[] = [];
  const container: MessageContainer & { fromOtherTab(data: unknown): void } = {
    controller: { postMessage: (message) => posted.push(message) },
    addEventListener: (type, listener) => target.addEventListener(type, listener as EventListener),
    removeEventListener: (type, listener) => target.removeEventListener(type, listener as EventListener),
    fromOtherTab: (data) => target.dispatchEvent(new MessageEvent('message', { data })),
  };
  return { container, posted };
}

function storedPacks(initial: StoredPack[] = []) {
  let packs = initial;
  return {
    list: vi.fn(async () => packs),
    subscribe: () => () => undefined,
    set(next: StoredPack[]) {
      packs = next;
    },
  };
}

const chunk = (cycle: string): PackChunk => ({ kind: 'vfr', cycle, expires: '2026-12-24', url: `/packs/${cycle}/New_York.vfr.pmtiles`, bytes: 1000, sha256: 'b'.repeat(64), etag: `"${cycle}"` });
const stored = (cycle: string): StoredPack => ({ region: 'New_York', kind: 'vfr', cycle, bytes: 1000, sha256: 'a'.repeat(64), expires: '2026-10-29' });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function started(packs = storedPacks()) {
  const sw = serviceWorker();
  const client = new DownloadsClient({ messages: sw.container, packs });
  client.subscribe(() => undefined);
  await flush();
  const worker = FakeWorker.last!;
  worker.reply({ type: 'ready' });
  return { client, worker, ...sw, packs };
}

describe('DownloadsClient and the service worker messages (spec part 2 §7)', () => {
  it('tells the other tabs download_complete when the downloader is done, download_deleted when a delete is confirmed', async () => {
    const { client, worker, posted } = await started();
    expect(await client.download('New_York', 'New York', '2026-09-03', [chunk('2026-09-03')])).toBeNull();
    expect(worker.asked.at(-1)).toMatchObject({ type: 'download', chart: 'New_York', directory: '2026-09-03' });
    worker.reply({ type: 'progress', chart: 'New_York', pct: 50, rem: 1, bytes: 500, totalBytes: 1000 });
    expect(posted).toEqual([]);
    worker.reply({ type: 'done', chart: 'New_York' });
    expect(client.getSnapshot().regions['New_York']?.state).toBe(REGION_STATE.DOWNLOADED);
    // A first download replaces nothing: no change_cycle.
    expect(posted).toEqual([{ type: 'download_complete', db: 'New_York' }]);
    client.delete('New_York');
    expect(posted).toHaveLength(1);
    worker.reply({ type: 'delete_confirmed', chart: 'New_York' });
    expect(posted).toEqual([
      { type: 'download_complete', db: 'New_York' },
      { type: 'download_deleted', db: 'New_York' },
    ]);
  });

  it('tells change_cycle with the new cycle when a download replaced an older cycle on the device', async () => {
    const { client, worker, posted } = await started(storedPacks([stored('2026-07-09')]));
    expect(client.getSnapshot().stored).toHaveLength(1);
    expect(await client.download('New_York', 'New York', '2026-09-03', [chunk('2026-09-03')])).toBeNull();
    worker.reply({ type: 'done', chart: 'New_York' });
    expect(posted).toEqual([
      { type: 'download_complete', db: 'New_York' },
      { type: 'change_cycle', cycle: '2026-09-03' },
    ]);
  });

  it('a failed download tells nothing', async () => {
    const { client, worker, posted } = await started();
    await client.download('New_York', 'New York', '2026-09-03', [chunk('2026-09-03')]);
    worker.reply({ type: 'failed', chart: 'New_York', error: 'The server answered 500' });
    expect(client.getSnapshot().regions['New_York']).toMatchObject({ state: REGION_STATE.ERROR, error: 'The server answered 500' });
    expect(posted).toEqual([]);
  });

  it("follows another tab's download and delete on settled rows, re-reads the stored packs, and leaves a row this tab is downloading alone", async () => {
    const { client, worker, container, packs } = await started();
    const stateOf = (code: string) => client.getSnapshot().regions[code]?.state ?? null;
    // Downloaded in another tab: this tab never saw the region.
    packs.set([stored('2026-09-03')]);
    container.fromOtherTab({ type: 'download_complete', db: 'New_York' });
    expect(stateOf('New_York')).toBe(REGION_STATE.DOWNLOADED);
    await flush();
    expect(client.getSnapshot().stored).toEqual([stored('2026-09-03')]);
    // Deleted in another tab: the row this tab showed as downloaded follows.
    packs.set([]);
    container.fromOtherTab({ type: 'download_deleted', db: 'New_York' });
    expect(stateOf('New_York')).toBe(REGION_STATE.DELETED);
    await flush();
    expect(client.getSnapshot().stored).toEqual([]);
    // A row in ERROR here becomes downloaded when another tab got it.
    await client.download('Seattle', 'Seattle', '2026-09-03', [chunk('2026-09-03')]);
    worker.reply({ type: 'failed', chart: 'Seattle', error: 'cut' });
    container.fromOtherTab({ type: 'download_complete', db: 'Seattle' });
    expect(client.getSnapshot().regions['Seattle']).toMatchObject({ state: REGION_STATE.DOWNLOADED, error: null });
    // This tab's own download under way is not overridden.
    await client.download('Chicago', 'Chicago', '2026-09-03', [chunk('2026-09-03')]);
    worker.reply({ type: 'progress', chart: 'Chicago', pct: 10, rem: 5, bytes: 100, totalBytes: 1000 });
    const before = stateOf('Chicago');
    container.fromOtherTab({ type: 'download_deleted', db: 'Chicago' });
    container.fromOtherTab({ type: 'download_complete', db: 'Chicago' });
    expect(stateOf('Chicago')).toBe(before);
    // change_cycle re-reads the stored packs.
    const reads = packs.list.mock.calls.length;
    container.fromOtherTab({ type: 'change_cycle', cycle: '2026-10-29' });
    await flush();
    expect(packs.list.mock.calls.length).toBe(reads + 1);
  });
});

// The sketch pad as a synced one-value table (issue 22; SYNC_SINGLETON_TABLES 'sketch'): the shell's
// sync brings another device's drawing to the page, and a stroke drawn here goes up to the server.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointsForOrigin, type ClientConfig } from '@clearway/protocol';
import { PrefsDb } from '../../db/prefs';
import { makeStore } from '../../store';
import { configLoaded } from '../../store/configSlice';
import { fakeAccountServer, serverProfile, TEST_USER } from '../../test/account';
import { FakeSyncServer } from '../../test/sync/fakeSyncServer';
import { renderApp, testPrefs } from '../../test/renderApp';
import { toStoredProfile } from '../account';
import { SyncClient } from './syncClient';

afterEach(() => {
  vi.unstubAllGlobals();
});

class FakeSocket {
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  constructor(readonly url: string) {}
  close() {}
}

function draw(canvas: HTMLElement, points: [number, number][]) {
  const [first, ...rest] = points;
  fireEvent.pointerDown(canvas, { clientX: first![0], clientY: first![1], pointerId: 1 });
  for (const [x, y] of rest) fireEvent.pointerMove(canvas, { clientX: x, clientY: y, pointerId: 1 });
  fireEvent.pointerUp(canvas, { pointerId: 1 });
}

const strokeCount = (value: unknown): number => ((value as { strokes?: unknown[] } | undefined)?.strokes ?? []).length;

describe('sketch sync', () => {
  it('is a synced table: a drawing saved on another device arrives here and is drawn; a stroke drawn here is sent up', async () => {
    // Another device drew two strokes on the C-R-A-F-T template; the server has them.
    const sync = new FakeSyncServer(Date.now);
    const other = new PrefsDb({ name: `sketch-other-${Math.random().toString(36).slice(2)}` });
    const strokes = [{ tool: 'pen', points: [{ x: 1, y: 1, pressure: 0.5 }, { x: 9, y: 9, pressure: 0.5 }] }, { tool: 'highlighter', points: [{ x: 5, y: 5, pressure: 0.5 }] }];
    await other.setProperty('sketch', { version: 1, template: 'craft', strokes });
    const otherClient = new SyncClient({ db: other, endpoint: 'http://x/api', custId: TEST_USER.cust_id, uuid: 'other', fetch: sync.fetch, now: Date.now, isOnline: () => true });
    await otherClient.request('sketch');

    const account = fakeAccountServer(TEST_USER, 2);
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => (String(input).endsWith('/sync_profile') ? sync.fetch(input, init) : account.fetch(input, init)));
    const prefs = testPrefs();
    await prefs.setProperty('login_profile', toStoredProfile(serverProfile(TEST_USER, 2)));
    await prefs.setProperty('uuid', 'this-device');
    const store = makeStore({ prefs });
    const config: ClientConfig = { env: 'localhost', version: '0.1.0', dataChannel: 'dev', remoteLogging: false, endpoints: endpointsForOrigin('http://127.0.0.1:8080') };
    store.dispatch(configLoaded({ config, source: 'server' }));
    renderApp('/app/sketch', { prefs, store });
    const canvas = await screen.findByTestId('sketch-canvas');
    await waitFor(() => expect(canvas.dataset.strokes).toBe('2'), { timeout: 10_000 });
    expect(screen.getByTestId('craft-template')).toBeTruthy();

    // A third stroke drawn here reaches the other device through the server.
    draw(canvas, [[10, 10], [40, 40]]);
    await waitFor(async () => {
      await otherClient.request('sketch');
      expect(strokeCount(await other.getProperty('sketch'))).toBe(3);
    }, { timeout: 10_000 });
    // The sync's answer to this device's own save (gid and ts stamped) keeps the undo history.
    await waitFor(() => expect(store.getState().sync.versions.sketch).toBeGreaterThanOrEqual(2));
    expect((screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(false);
    expect(canvas.dataset.strokes).toBe('3');
    other.close();
    await other.delete();
  }, 60_000);
});

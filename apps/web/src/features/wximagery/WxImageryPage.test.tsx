import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { endpointsForOrigin } from '@clearway/protocol';
import { WxDb } from '../../db/wx';
import { configLoaded } from '../../store/configSlice';
import { makeStore } from '../../store';
import { renderApp, testPrefs } from '../../test/renderApp';
import { resetImageryMemory } from './useImagery';
import { emptyIndex, frameOf, withView } from './testIndex';

const ORIGIN = 'http://127.0.0.1:8080';
const ISSUED = Date.UTC(2026, 10, 25, 11, 0);
const NOW = ISSUED + 3 * 3_600_000 + 5 * 60_000;

/** The app at a path with the server's config, the given imagery index and images. */
function renderAt(path: string, index: unknown, images: Record<string, number[]>) {
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    requests.push(url);
    if (url === `${ORIGIN}/wx/img/index.json`) return new Response(JSON.stringify(index), { headers: { etag: '"ix"' } });
    const image = images[url.slice(`${ORIGIN}/wx`.length)];
    if (image !== undefined) return new Response(new Uint8Array(image));
    throw new TypeError('Failed to fetch');
  });
  const prefs = testPrefs();
  const store = makeStore({ prefs });
  store.dispatch(configLoaded({ config: { env: 'localhost', version: '1', dataChannel: 'dev', remoteLogging: false, endpoints: endpointsForOrigin(ORIGIN) }, source: 'server' }));
  return { ...renderApp(path, { store, prefs }), requests };
}

beforeEach(async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
  let n = 0;
  vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: () => `blob:frame-${++n}`, revokeObjectURL: () => undefined, canParse: URL.canParse }));
  const wx = new WxDb();
  await wx.open();
  await wx.tiles.clear();
  await wx.stats.clear();
  wx.close();
});

afterEach(() => {
  resetImageryMemory();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('weather imagery pages', () => {
  it('shows the picture with its issue time and age; a view without a source says plainly it is not configured', async () => {
    const frame = frameOf('surface', 'analysis', ISSUED, 'abc1');
    const index = withView(emptyIndex(), 'surface', 'analysis', { configured: true, status: 'ok', lastAttemptAt: NOW, lastSuccessAt: NOW, frames: [frame] });
    renderAt('/app/wx_surface', index, { [frame.path]: [0x89, 0x50, 0x4e, 0x47] });
    const image = await screen.findByTestId('wximagery-image', undefined, { timeout: 5_000 });
    expect(image.getAttribute('data-frame-id')).toBe(frame.id);
    expect(image.getAttribute('alt')).toBe('Surface analysis and progs, Analysis, issued 25 Nov 11:00Z');
    expect(screen.getByTestId('wximagery-issued').textContent).toBe('Issued 25 Nov 11:00Z · 3 h old');
    fireEvent.click(screen.getByTestId('wximagery-view-prog-24'));
    expect((await screen.findByTestId('wximagery-not-configured')).textContent).toBe(
      'Surface analysis and progs, 24 h is not configured on this server: it has no source address for this product, so there is no picture to show.',
    );
    expect(screen.queryByTestId('wximagery-image')).toBeNull();
  });

  it('a failing source shows its last image with its age and the reason; a product never configured says so', async () => {
    const frame = frameOf('tops', 'conus', ISSUED, 'abc2');
    const index = withView(emptyIndex(), 'tops', 'conus', { configured: true, status: 'failing', error: 'the source answered HTTP 503', lastAttemptAt: NOW, lastSuccessAt: ISSUED, frames: [frame] });
    const { router } = renderAt('/app/wx_tops', index, { [frame.path]: [1, 2, 3] });
    expect((await screen.findByTestId('wximagery-failing', undefined, { timeout: 5_000 })).textContent).toBe(
      'Cloud tops could not be updated (the source answered HTTP 503). Showing the last image, issued 25 Nov 11:00Z (3 h old).',
    );
    expect((await screen.findByTestId('wximagery-image')).getAttribute('data-frame-id')).toBe(frame.id);
    await act(() => router.navigate('/app/gfa'));
    expect((await screen.findByTestId('wximagery-not-configured')).textContent).toBe(
      'Graphical forecast (GFA), Clouds 3 h is not configured on this server: it has no source address for this product, so there is no picture to show.',
    );
  });

  it('a loop plays its frames in order, pauses and steps', async () => {
    const frames = [1, 2, 3].map((n) => frameOf('radar-regional', 'ne', ISSUED + n * 300_000, `abc${n}`));
    const index = withView(emptyIndex(), 'radar-regional', 'ne', { configured: true, status: 'ok', frames });
    renderAt('/app/wx_radar_regional_looping', index, Object.fromEntries(frames.map((f) => [f.path, [1]])));
    const position = () => screen.getByTestId('wximagery-loop-position').textContent;
    await vi.waitFor(() => expect(position()).toBe('Frame 3 of 3'), { timeout: 5_000 });
    // The newest frame stays three steps (1.5 s at normal speed), then the loop starts again.
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(position()).toBe('Frame 1 of 3');
    expect(screen.getByTestId('wximagery-image').getAttribute('data-frame-id')).toBe(frames[0]!.id);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(position()).toBe('Frame 2 of 3');
    fireEvent.click(screen.getByTestId('wximagery-loop-play'));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(position()).toBe('Frame 2 of 3');
    fireEvent.click(screen.getByTestId('wximagery-loop-back'));
    expect(position()).toBe('Frame 1 of 3');
  });
});

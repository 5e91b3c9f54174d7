// The loading screen covers the page only until the map is drawn; then a chip over the map says what
// is still loading, with the nav database's download progress (issue 27 point 10).
import { ThemeProvider } from '@mui/material/styles';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../store';
import { signalSettled } from '../store/readinessSlice';
import { navDataLoadStarted, navDataProgress } from '../features/navdata/navDataSlice';
import { LoadingChip, LoadingScreen, loadingState, navDataProgressText } from './LoadingScreen';
import { themeFor } from './theme';

function renderLoading(dark = false, onMap = true) {
  const store = makeStore();
  render(
    <Provider store={store}>
      <ThemeProvider theme={themeFor(dark)}>
        <LoadingScreen onMap={onMap} />
        <LoadingChip onMap={onMap} />
      </ThemeProvider>
    </Provider>,
  );
  return store;
}

/** [r, g, b, a] of a computed colour, rgb(...) or rgba(...). */
function rgba(colour: string): [number, number, number, number] {
  const [r = 0, g = 0, b = 0, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b, a];
}

/** WCAG 2 contrast ratio of a (possibly translucent) text colour over an opaque background. */
function contrast(text: string, background: string): number {
  const [br, bg, bb] = rgba(background);
  const [tr, tg, tb, ta] = rgba(text);
  const over = [tr * ta + br * (1 - ta), tg * ta + bg * (1 - ta), tb * ta + bb * (1 - ta)];
  const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
    const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const [hi = 0, lo = 0] = [luminance(over), luminance([br, bg, bb])].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('loading screen and loading chip', () => {
  it('covers the page with "Loading Map..." until the map has settled, then the chip takes over', () => {
    const store = renderLoading();
    expect(screen.getByTestId('loading-message').textContent).toBe('Loading Map...');
    expect(screen.queryByTestId('loading-chip')).toBeNull();

    act(() => {
      store.dispatch(signalSettled({ signal: 'map', state: 'ready' }));
    });
    expect(screen.queryByTestId('loading-screen')).toBeNull();
    expect(screen.getByTestId('loading-chip').dataset.signal).toBe('navDb');
    expect(screen.getByTestId('loading-chip-message').textContent).toBe('Loading Nav Database...');
  });

  it('never covers a page other than the map: the chip says "Loading Map..." there instead', () => {
    const store = renderLoading(false, false);
    expect(screen.queryByTestId('loading-screen')).toBeNull();
    expect(screen.getByTestId('loading-chip').dataset.signal).toBe('map');
    expect(screen.getByTestId('loading-chip-message').textContent).toBe('Loading Map...');
    expect(getComputedStyle(screen.getByTestId('loading-chip')).pointerEvents).toBe('none');
    act(() => {
      store.dispatch(signalSettled({ signal: 'map', state: 'ready' }));
    });
    expect(screen.getByTestId('loading-chip-message').textContent).toBe('Loading Nav Database...');
  });

  it('shows the download progress on the chip when the size is known, then "Getting Offline Ready...", then nothing', () => {
    const store = renderLoading();
    act(() => {
      store.dispatch(signalSettled({ signal: 'map', state: 'ready' }));
      store.dispatch(navDataLoadStarted({ channel: 'dev', region: 'us' }));
    });
    // Before the size is known: the message and a spinner, no figure.
    expect(screen.queryByTestId('loading-progress')).toBeNull();
    expect(screen.queryByRole('progressbar', { hidden: true })).toBeTruthy();

    act(() => {
      store.dispatch(navDataProgress({ receivedBytes: 7_340_032, totalBytes: 10_485_760 }));
    });
    expect(screen.getByTestId('loading-progress').textContent).toBe('70% (3.0 MB left)');
    const bar = screen.getByRole('progressbar', { hidden: true });
    expect(bar.getAttribute('aria-valuenow')).toBe('70');

    act(() => {
      store.dispatch(signalSettled({ signal: 'navDb', state: 'ready' }));
    });
    expect(screen.getByTestId('loading-chip').dataset.signal).toBe('serviceWorker');
    expect(screen.getByTestId('loading-chip-message').textContent).toBe('Getting Offline Ready...');
    expect(screen.queryByTestId('loading-progress')).toBeNull();

    act(() => {
      store.dispatch(signalSettled({ signal: 'serviceWorker', state: 'unavailable', reason: 'no service worker' }));
    });
    expect(screen.queryByTestId('loading-chip')).toBeNull();
    expect(screen.queryByTestId('loading-screen')).toBeNull();
  });

  it('lets touches through to the map and keeps clear of the phone edges', () => {
    const store = renderLoading();
    act(() => {
      store.dispatch(signalSettled({ signal: 'map', state: 'ready' }));
    });
    const chip = getComputedStyle(screen.getByTestId('loading-chip'));
    expect(chip.pointerEvents).toBe('none');
    expect(chip.position).toBe('absolute');
    expect(chip.maxWidth).toBe('calc(100% - 32px)');
    // The message is never cut: on a narrow phone the progress wraps under it.
    expect(getComputedStyle(screen.getByTestId('loading-chip-message')).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(screen.getByTestId('loading-chip-message').parentElement!).flexWrap).toBe('wrap');
  });

  it.each([
    ['day', false],
    ['night', true],
  ])('is readable in the %s theme: message and progress 4.5:1 or more on the chip', (_name, dark) => {
    const store = renderLoading(dark);
    act(() => {
      store.dispatch(signalSettled({ signal: 'map', state: 'ready' }));
      store.dispatch(navDataProgress({ receivedBytes: 1_048_576, totalBytes: 4_194_304 }));
    });
    const background = getComputedStyle(screen.getByTestId('loading-chip')).backgroundColor;
    expect(rgba(background)[3]).toBe(1);
    expect(getComputedStyle(screen.getByTestId('loading-chip')).backgroundImage).toBe('none');
    for (const id of ['loading-chip-message', 'loading-progress']) {
      expect(contrast(getComputedStyle(screen.getByTestId(id)).color, background)).toBeGreaterThanOrEqual(4.5);
    }
    // The night chip is dark, the day chip light: it follows the theme rather than glaring at night.
    const [r, g, b] = rgba(background);
    expect((r + g + b) / 3 < 128).toBe(dark);
  });

  it('decides screen and chip from the three signals', () => {
    const pending = { state: 'pending', reason: null } as const;
    const done = { state: 'ready', reason: null } as const;
    expect(loadingState({ map: pending, navDb: done, serviceWorker: done }, true)).toEqual({ screen: true, chip: null });
    expect(loadingState({ map: pending, navDb: pending, serviceWorker: pending }, false)).toEqual({ screen: false, chip: 'map' });
    for (const onMap of [true, false]) {
      expect(loadingState({ map: done, navDb: pending, serviceWorker: pending }, onMap)).toEqual({ screen: false, chip: 'navDb' });
      expect(loadingState({ map: done, navDb: done, serviceWorker: pending }, onMap)).toEqual({ screen: false, chip: 'serviceWorker' });
      expect(loadingState({ map: done, navDb: done, serviceWorker: done }, onMap)).toEqual({ screen: false, chip: null });
    }
    expect(navDataProgressText(42, null)).toBe('42%');
  });
});

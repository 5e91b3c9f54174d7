import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { createConnectivity } from '../platform/connectivity';
import { BRAND_DARK, dayTheme, nightTheme } from './theme';
import { OfflineBadge, OFFLINE_BADGE_TEXT } from './OfflineBadge';

/** WCAG contrast ratio of two `rgb(r, g, b)` / `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const channels = (c: string) => (c.startsWith('#') ? [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) : (c.match(/\d+/g) ?? []).slice(0, 3).map(Number));
  const luminance = (c: string) => {
    const [r = 0, g = 0, b = 0] = channels(c).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function service() {
  const events = new EventTarget();
  const connectivity = createConnectivity({
    events,
    browserOnline: () => true,
    probe: async () => true,
    timers: { setTimeout: () => 0, clearTimeout: () => undefined },
  });
  return { events, connectivity };
}

describe('OfflineBadge', () => {
  it('appears when the connection is lost and goes when the server answers again', async () => {
    const { events, connectivity } = service();
    render(<OfflineBadge service={connectivity} />);
    expect(screen.queryByTestId('offline-badge')).toBeNull();
    act(() => {
      events.dispatchEvent(new Event('offline'));
    });
    const badge = screen.getByTestId('offline-badge');
    expect(badge.textContent).toBe(OFFLINE_BADGE_TEXT);
    expect(badge.getAttribute('role')).toBe('status');
    // Not a control: nothing in it takes focus or a tap.
    expect(badge.querySelector('button, a, [tabindex]')).toBeNull();
    await act(async () => {
      events.dispatchEvent(new Event('online'));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.queryByTestId('offline-badge')).toBeNull();
  });

  it('reads at 4.5:1 or better by day and by night, with no bright fill at night', () => {
    const { events, connectivity } = service();
    events.dispatchEvent(new Event('offline'));
    const { unmount } = render(
      <ThemeProvider theme={nightTheme}>
        <OfflineBadge service={connectivity} />
      </ThemeProvider>,
    );
    const night = getComputedStyle(screen.getByTestId('offline-badge'));
    // Transparent on the night bar (BRAND_DARK, theme.ts): the text is measured against the bar.
    expect(night.backgroundColor).toBe('rgba(0, 0, 0, 0)');
    expect(contrast(night.color, BRAND_DARK)).toBeGreaterThanOrEqual(4.5);
    unmount();
    render(
      <ThemeProvider theme={dayTheme}>
        <OfflineBadge service={connectivity} />
      </ThemeProvider>,
    );
    const day = getComputedStyle(screen.getByTestId('offline-badge'));
    expect(contrast(day.color, day.backgroundColor)).toBeGreaterThanOrEqual(4.5);
  });
});

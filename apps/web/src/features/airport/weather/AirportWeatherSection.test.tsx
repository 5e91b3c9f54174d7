// The weather panel's place on the airport page when its code cannot be loaded (a chunk missing from
// the offline cache): the page says so in the panel, and the next airport opened loads it afresh.
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AirportSummary } from '@clearway/navdb';

/** Whether the panel's code loads; the mocked module throws while it is false. */
const chunk = vi.hoisted(() => ({ available: false, loads: 0 }));

vi.mock('./AirportWeather', () => {
  chunk.loads += 1;
  if (!chunk.available) throw new Error('Failed to fetch dynamically imported module: /assets/AirportWeather.js');
  return { default: ({ airportCode }: { airportCode: string }) => <p data-testid="weather-panel">Weather of {airportCode}</p> };
});

const { AirportWeatherSection } = await import('./AirportWeatherSection');

const summary = (code: string): AirportSummary =>
  ({ code, icao: code, name: code, latDeg: 37.6, lonDeg: -122.4 }) as unknown as AirportSummary;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AirportWeatherSection', () => {
  it('shows a failed load in the panel, and the next airport loads the panel afresh', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(<AirportWeatherSection summary={summary('KSFO')} airport={null} />);
    expect(await screen.findByText(/^The weather could not be shown: .+/, undefined, { timeout: 3000 })).toBeTruthy();
    // Tried once more before giving up.
    expect(chunk.loads).toBe(2);
    expect(warn).toHaveBeenCalledWith('The airport weather panel failed', expect.any(Error));

    chunk.available = true;
    vi.resetModules();
    rerender(<AirportWeatherSection summary={summary('KOAK')} airport={null} />);
    await waitFor(() => expect(screen.getByTestId('weather-panel').textContent).toBe('Weather of KOAK'));
    expect(screen.queryByText(/could not be shown/)).toBeNull();
  });
});

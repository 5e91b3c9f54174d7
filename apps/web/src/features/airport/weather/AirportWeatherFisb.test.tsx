// The airport page's weather with a METAR and TAF received over ADS-B only (no internet copy): the
// real weather store (fake weather root answering 404) with FIS-B merged in, as startWeather installs it.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeWeatherRoot } from '../../../test/weather/snapshots';
import { createWeatherStore, FisbWeatherHolder, ingestFisbProducts, installWeatherStore, withFisbWeather } from '../../weather';
import AirportWeather from './AirportWeather';

const ROOT = 'http://127.0.0.1:8080/wx';
let uninstall: (() => void) | null = null;
afterEach(() => {
  uninstall?.();
  uninstall = null;
});

describe('airport weather from FIS-B', () => {
  it('shows the ADS-B METAR and TAF with an "ADS-B" source chip', async () => {
    const root = fakeWeatherRoot(ROOT);
    const holder = new FisbWeatherHolder();
    const store = withFisbWeather(createWeatherStore({ fetch: root.fetch, root: () => ROOT, log: { info: () => undefined, warn: () => undefined } }), holder);
    uninstall = installWeatherStore(store);
    const receivedAt = Date.UTC(2020, 9, 30, 8, 52);
    // As the devices socket hands them over (DeviceFisbProduct); KIND is placed by its FB station (IND) without a stations snapshot.
    await ingestFisbProducts(
      [
        { productId: 413, kind: 'METAR', location: 'KIND', text: 'METAR KIND 300854Z 33010KT 10SM SCT018 03/01 A3008 RMK AO2=' },
        { productId: 413, kind: 'TAF', location: 'KIND', text: 'TAF KIND 300520Z 3006/3106 33012KT P6SM BKN025 FM301800 32010KT P6SM SCT040=' },
      ],
      receivedAt,
      { into: holder, store: null },
    );
    render(<AirportWeather airportCode="KIND" place={{ ids: ['KIND', 'IND'], latDeg: 39.717, lonDeg: -86.294 }} runways={[]} magVarDeg={null} />);
    expect((await screen.findByTestId('metar-source')).textContent).toBe('ADS-B');
    expect(screen.getByTestId('metar-raw').textContent).toContain('KIND 300854Z 33010KT 10SM SCT018 03/01 A3008 RMK AO2');
    expect(screen.getByTestId('taf-source').textContent).toBe('ADS-B');
  });
});

// The airport weather panel with real reports: the shared AWC METAR cache file (KSFO, KSQL, KHAF,
// KTYL, KNTU) and a real NWS TAF product (TAFHKY), decoded as the server and the app do. Runway
// figures are worked by hand in the comments: angle = wind − runway heading (true), headwind =
// speed × cos(angle), crosswind = speed × sin(angle), positive from the right.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { decodeAwcMetarCsv, decodeTafProduct, type RunwayLike } from '@clearway/weather';
import type { MetarEntry, TafEntry } from '@clearway/protocol';
import metarCsv from '../../../../../../../shared/data/weather/metar/metars.cache-2025-01-27T2225Z.csv?raw';
import tafHky from '../../../../../../../shared/data/weather/products/pyiem-nws-text/TAF/TAFHKY.txt?raw';
import { formatWeatherAge, isWeatherStale } from '../../weather';
import { AirportWeatherView, type AirportWeatherViewProps } from './AirportWeatherView';
import { NEAREST_STATION_MAX_NM, pickStation } from './stationPick';

const FILE_TIME = Date.UTC(2025, 0, 27, 22, 25);
const decoded = decodeAwcMetarCsv(metarCsv, FILE_TIME);
/** Every report of the file as the server's METAR snapshot carries it. */
const STATIONS: MetarEntry[] = decoded.rows.flatMap((row) =>
  row.metar && row.metar.timeMs !== null && row.lat !== null && row.lon !== null && /^[A-Z0-9]{3,5}$/.test(row.metar.station)
    ? [{ id: row.metar.station, lat: row.lat, lon: row.lon, time: row.metar.timeMs, raw: row.metar.raw, cat: row.metar.flightCategory, wind: null, visSm: null, ceilingFt: null, cover: null }]
    : [],
);
const station = (id: string): MetarEntry => {
  const found = STATIONS.find((s) => s.id === id);
  if (!found) throw new Error(`${id} is not in the shared METAR file`);
  return found;
};

// KSFO as the FAA national files give it: position and variation from APT_BASE (14°E), runways from
// APT_RWY with no runway-end records (no true headings).
const KSFO = { ids: ['KSFO', 'SFO'], latDeg: 37.61880555, lonDeg: -122.37541666 };
const SFO_RUNWAYS: RunwayLike[] = ['01L/19R', '01R/19L', '10L/28R', '10R/28L'].map((id) => ({
  id,
  ends: id.split('/').map((e) => ({ id: e, trueHeadingDeg: null, latDeg: null, lonDeg: null })),
}));

function view(props: Partial<AirportWeatherViewProps> & Pick<AirportWeatherViewProps, 'metar' | 'nowMs'>) {
  return render(
    <AirportWeatherView
      airportCode="KSFO"
      taf={null}
      metarStatus="ready"
      tafStatus="ready"
      runways={SFO_RUNWAYS}
      magVarDeg={14}
      formatAge={formatWeatherAge}
      isStale={isWeatherStale}
      {...props}
    />,
  );
}

function row(endId: string) {
  const r = screen.getByTestId(`runway-wind-${endId}`);
  return {
    heading: within(r).getByTestId('heading').textContent,
    along: within(r).getByTestId('along').textContent,
    across: within(r).getByTestId('across').textContent,
    favoured: r.getAttribute('data-favoured'),
  };
}

describe('AirportWeatherView with the shared METAR file', () => {
  it('KSFO: raw and decoded METAR, VFR in green, 12 min old, runway components worked by hand', () => {
    const ksfo = station('KSFO');
    expect(ksfo.raw).toBe('KSFO 272156Z 09003KT 10SM CLR 14/02 A3014 RMK AO2 SLP207 T01390022');
    view({ metar: pickStation(STATIONS, KSFO), nowMs: ksfo.time + 12 * 60_000 });

    expect(screen.getByTestId('metar-raw').textContent).toBe(ksfo.raw);
    expect(screen.getByTestId('metar-station').textContent).toBe('KSFO');
    expect(screen.getByTestId('metar-time').textContent).toBe('27 Jan 21:56Z');
    const facts = screen.getByTestId('metar-decoded');
    expect(within(facts).getByTestId('metar-decoded-wind').textContent).toBe('Wind090° true at 3 kt');
    expect(within(facts).getByTestId('metar-decoded-visibility').textContent).toBe('Visibility10 SM');
    expect(within(facts).getByTestId('metar-decoded-sky').textContent).toBe('SkyClear below 12,000 ft');
    expect(within(facts).getByTestId('metar-decoded-temperature').textContent).toBe('Temperature13.9 °C, dew point 2.2 °C');
    expect(within(facts).getByTestId('metar-decoded-altimeter').textContent).toBe('Altimeter30.14 inHg (1020.7 hPa)');
    expect(within(facts).getByTestId('metar-decoded-remarks').textContent).toBe('RemarksAO2 SLP207 T01390022');
    expect(within(facts).queryByTestId('metar-decoded-weather')).toBeNull();

    // 10 SM, no cloud: VFR, the spec's green (part 2 §9), the file's own flight_category too.
    const badge = screen.getByTestId('metar-category');
    expect(badge.textContent).toBe('VFR');
    expect(getComputedStyle(badge).backgroundColor).toBe('rgb(0, 128, 0)');
    expect(decoded.rows.find((r) => r.metar?.station === 'KSFO')?.awcFlightCategory).toBe('VFR');

    const age = screen.getByTestId('metar-age');
    expect(age.textContent).toBe('12 min old');
    expect(age.getAttribute('data-stale')).toBe('false');

    // Headings from the runway numbers (magnetic) + 14°E: 01 → 024, 10 → 114, 19 → 204, 28 → 294 true.
    // Wind 090/3:
    //   10L/10R: 090 − 114 = −24°: head 3 cos 24° = 2.74 → 3; cross 3 sin −24° = −1.22 → 1 from the left.
    //   01L/01R: 090 − 024 = 66°: head 3 cos 66° = 1.22 → 1; cross 3 sin 66° = 2.74 → 3 from the right.
    //   19L/19R: 090 − 204 = −114°: head 3 cos 114° = −1.22 → 1 tail; cross 3 sin −114° = −2.74 → 3 from the left.
    //   28L/28R: 090 − 294 ≡ 156°: head 3 cos 156° = −2.74 → 3 tail; cross 3 sin 156° = 1.22 → 1 from the right.
    expect(row('10L')).toEqual({ heading: '≈114°T', along: '3 kt head', across: '1 kt from left', favoured: 'true' });
    expect(row('10R')).toEqual({ heading: '≈114°T', along: '3 kt head', across: '1 kt from left', favoured: 'true' });
    expect(row('01L')).toEqual({ heading: '≈024°T', along: '1 kt head', across: '3 kt from right', favoured: 'false' });
    expect(row('19R')).toEqual({ heading: '≈204°T', along: '1 kt tail', across: '3 kt from left', favoured: 'false' });
    expect(row('28L')).toEqual({ heading: '≈294°T', along: '3 kt tail', across: '1 kt from right', favoured: 'false' });
    expect(screen.getAllByTestId('runway-favoured')).toHaveLength(2);
    expect(screen.getByTestId('runway-heading-note').textContent).toContain('variation 14°E');
    expect(screen.getByTestId('taf-none').textContent).toBe('No TAF for KSFO or a station within 50 nm.');
  });

  it('past the hourly interval the age turns to the stale style', () => {
    const ksfo = station('KSFO');
    view({ metar: pickStation(STATIONS, KSFO), nowMs: ksfo.time + 61 * 60_000 });
    const age = screen.getByTestId('metar-age');
    expect(age.textContent).toBe('1 h old · stale');
    expect(age.getAttribute('data-stale')).toBe('true');
  });

  it('a field with no METAR shows the nearest reporting station and its distance', () => {
    // Without KSFO the nearest reporting station is Half Moon Bay, KHAF (37.5136, −122.5 in the file):
    // Δlat 0.10521° = 6.31 nm south, Δlon 0.12458° × cos 37.57° × 60 = 5.92 nm west: √(6.31² + 5.92²) = 8.66 nm
    // (KSQL 8.83 nm and KOAK 9.01 nm are next).
    const withoutSfo = STATIONS.filter((s) => s.id !== 'KSFO');
    const picked = pickStation(withoutSfo, KSFO);
    expect(picked?.entry.id).toBe('KHAF');
    expect(picked?.distanceNm).toBeCloseTo(8.66, 1);
    view({ metar: picked, nowMs: station('KHAF').time + 5 * 60_000 });
    expect(screen.getByTestId('metar-station').textContent).toBe('KHAF, 9 nm');
    expect(screen.getByTestId('metar-nearest').textContent).toBe('KSFO reports no METAR: the nearest station that does is KHAF, 9 nm.');
    expect(screen.getByTestId('runway-winds').textContent).toContain("nearest station’s METAR (KHAF, 9 nm");
    // KHAF 30008KT on 28L (294 true): 300 − 294 = 6°: head 8 cos 6° = 7.96 → 8; cross 8 sin 6° = 0.84 → 1 from the right.
    expect(row('28L')).toMatchObject({ along: '8 kt head', across: '1 kt from right', favoured: 'true' });
    // Nothing within the limit: none.
    expect(pickStation(withoutSfo, { ids: ['XXXX'], latDeg: 0, lonDeg: -140 }, NEAREST_STATION_MAX_NM)).toBeNull();
  });

  it('calm (KSQL 00000KT): every component 0 kt, no end favoured', () => {
    const ksql = station('KSQL');
    expect(ksql.raw).toContain(' 00000KT ');
    view({ metar: { entry: ksql, own: true, distanceNm: 0 }, nowMs: ksql.time + 60_000, airportCode: 'KSQL' });
    expect(row('10L')).toMatchObject({ along: '0 kt', across: '0 kt', favoured: 'false' });
    expect(screen.queryAllByTestId('runway-favoured')).toHaveLength(0);
    expect(screen.getByTestId('runway-winds').textContent).toContain('Calm: no end favoured.');
    expect(within(screen.getByTestId('metar-decoded')).getByTestId('metar-decoded-wind').textContent).toBe('WindCalm');
  });

  it('variable wind (KNTU VRB06KT): no components, none favoured', () => {
    const kntu = station('KNTU');
    expect(kntu.raw).toContain(' VRB06KT ');
    view({ metar: { entry: kntu, own: true, distanceNm: 0 }, nowMs: kntu.time + 60_000, airportCode: 'KNTU' });
    expect(row('19L')).toMatchObject({ along: 'Variable', across: 'Variable', favoured: 'false' });
    expect(screen.getByTestId('runway-winds').textContent).toContain('Variable wind: no components, no end favoured.');
    expect(within(screen.getByTestId('metar-decoded')).getByTestId('metar-decoded-wind').textContent).toBe('WindVariable at 6 kt');
  });

  it('gusts and a variable sector (KTYL 20013G25KT 160V220) on a runway 18/36 with true headings', () => {
    const ktyl = station('KTYL');
    expect(ktyl.raw).toContain(' 20013G25KT 160V220 ');
    const runways: RunwayLike[] = [{ id: '18/36', ends: [{ id: '18', trueHeadingDeg: 180, latDeg: null, lonDeg: null }, { id: '36', trueHeadingDeg: 360, latDeg: null, lonDeg: null }] }];
    view({ metar: { entry: ktyl, own: true, distanceNm: 0 }, nowMs: ktyl.time + 60_000, airportCode: 'KTYL', runways, magVarDeg: null });
    // 18: 200 − 180 = 20°: head 13 cos 20° = 12.22 → 12, gust 25 cos 20° = 23.49 → 23; cross 13 sin 20° = 4.45 → 4
    // from the right, gust 25 sin 20° = 8.55 → 9. Sector 160..220 holds neither 090 nor 270; its edges are
    // 20° and 40° off: 25 sin 40° = 16.07 → up to 16 kt.
    expect(row('18')).toEqual({ heading: '180°T', along: '12 kt head (gust 23)', across: '4 kt from right (gust 9)up to 16 kt as it varies', favoured: 'true' });
    // 36: 200 − 360 = −160°: head 13 cos 160° = −12.22 → 12 tail (gust 23 tail); cross 13 sin −160° = −4.45 → 4 from the left.
    expect(row('36')).toEqual({ heading: '360°T', along: '12 kt tail (gust 23 tail)', across: '4 kt from left (gust 9)up to 16 kt as it varies', favoured: 'false' });
    expect(within(screen.getByTestId('metar-decoded')).getByTestId('metar-decoded-wind').textContent).toBe('Wind200° true at 13 kt gusting 25 kt, varying 160° to 220°');
    expect(screen.queryByTestId('runway-heading-note')).toBeNull();
  });
});

describe('AirportWeatherView with a real TAF (TAFHKY)', () => {
  // The product's heading 140501 in January 2025 (the weather package's TAF tests use the same month).
  const taf = decodeTafProduct(tafHky, Date.UTC(2025, 0, 15)).tafs[0]!;
  const entry: TafEntry = { id: 'KHKY', lat: 35.74, lon: -81.39, issued: taf.issuedMs!, validFrom: taf.validFromMs, validTo: taf.validToMs, raw: taf.raw };

  it('raw, every period with its times, and the conditions at 18:00Z with the PROB30 group possible', () => {
    const now = Date.UTC(2025, 0, 14, 18);
    view({ metar: null, taf: { entry, own: true, distanceNm: 0 }, nowMs: now, airportCode: 'KHKY', runways: [] });
    expect(screen.getByTestId('taf-raw').textContent).toBe(taf.raw);
    expect(taf.raw.startsWith('TAF AMD KHKY 140501Z 1405/1424 VRB03KT 2SM BR VCSH OVC002 TEMPO 1405/1407')).toBe(true);
    const periods = screen.getAllByTestId('taf-period');
    expect(periods.map((p) => p.getAttribute('data-kind'))).toEqual(['BASE', 'TEMPO', 'FM', 'FM', 'PROB', 'FM']);
    expect(within(periods[1]!).getByText('Temporarily 14 Jan 05:00Z to 14 Jan 07:00Z (TEMPO)')).toBeTruthy();
    expect(within(periods[1]!).getByText('Visibility 1/4 SM')).toBeTruthy();
    expect(within(periods[1]!).getByText('Sky Sky obscured, vertical visibility 100 ft')).toBeTruthy();
    expect(within(periods[2]!).getByText('From 14 Jan 07:00Z (FM)')).toBeTruthy();
    expect(within(periods[2]!).getByText('Weather light showers of rain; mist')).toBeTruthy();
    expect(within(periods[4]!).getByText('30% probability 14 Jan 17:00Z to 14 Jan 21:00Z (PROB30)')).toBeTruthy();
    expect(within(periods[4]!).getByText('Weather thunderstorm with rain; mist')).toBeTruthy();
    expect(screen.getByTestId('metar-none').textContent).toBe('No METAR for KHKY or a station within 50 nm.');

    // 18:00Z: FM141700 prevails (22005KT 6SM -SHRA BR OVC024: ceiling 2,400 ft → MVFR); PROB30 1417/1421
    // is in force (4SM TSRA BR OVC015CB: MVFR).
    const nowBox = screen.getByTestId('taf-now');
    expect(nowBox.textContent).toContain('Conditions now (14 Jan 18:00Z)');
    expect(within(nowBox).getByText('Wind 220° true at 5 kt')).toBeTruthy();
    expect(within(nowBox).getByText('Visibility 6 SM')).toBeTruthy();
    expect(within(nowBox).getByText('Sky Overcast 2,400 ft (ceiling)')).toBeTruthy();
    expect(screen.getByTestId('taf-now-category').textContent).toBe('MVFR');
    expect(getComputedStyle(screen.getByTestId('taf-now-category')).backgroundColor).toBe('rgb(255, 165, 0)');
    const possible = screen.getAllByTestId('taf-now-possible');
    expect(possible).toHaveLength(1);
    expect(possible[0]!.textContent).toContain('Possible: 30% probability 14 Jan 17:00Z to 14 Jan 21:00Z (PROB30)');
    expect(possible[0]!.textContent).toContain('Visibility 4 SM');
    // Issued 14 Jan 05:01Z, 12 h 59 min before: past the 6-hour interval.
    expect(screen.getByTestId('taf-age').textContent).toBe('12 h old · stale');
  });

  it('at 06:00Z the base forecast (LIFR) prevails with the TEMPO group possible; after the validity, says so', () => {
    const first = view({ metar: null, taf: { entry, own: true, distanceNm: 0 }, nowMs: Date.UTC(2025, 0, 14, 6), airportCode: 'KHKY', runways: [] });
    // BASE VRB03KT 2SM BR VCSH OVC002: ceiling 200 ft → LIFR (magenta); TEMPO 1405/1407 in force.
    expect(screen.getByTestId('taf-now-category').textContent).toBe('LIFR');
    expect(getComputedStyle(screen.getByTestId('taf-now-category')).backgroundColor).toBe('rgb(255, 0, 255)');
    expect(screen.getAllByTestId('taf-now-possible')[0]!.textContent).toContain('Temporarily 14 Jan 05:00Z to 14 Jan 07:00Z (TEMPO)');
    expect(screen.getByTestId('taf-age').textContent).toBe('59 min old');
    first.unmount();

    view({ metar: null, taf: { entry, own: true, distanceNm: 0 }, nowMs: Date.UTC(2025, 0, 15, 1), airportCode: 'KHKY', runways: [] });
    expect(screen.getByTestId('taf-now').textContent).toBe('Not valid now: the TAF covers 14 Jan 05:00Z to 15 Jan 00:00Z.');
  });
});

import { useMemo, useState } from 'react';
import { Box, TextField, Typography } from '@mui/material';
import type { Feature, FeatureCollection, Point } from 'geojson';
import type { LayerSpecification } from '@maplibre/maplibre-gl-style-spec';
import type { MetarEntry } from '@clearway/protocol';
import { useWeatherSnapshot } from '../weather';
import { CATEGORY_COLOURS, STATION_OUTLINE, metarLines, type FlightCategoryKey, type MapTheme } from '../map';
import { CATEGORY_LABELS, CATEGORY_ORDER, categoryCounts, categoryOf, stationList } from './flightRules';
import { useDrawnAt, useMapTheme, useToggleSet } from './hooks';
import { WX_SOURCE } from './wxMapStyle';
import { Chips, Decoded, Swatch, WxItem, WxPage } from './WxPage';
import { WxMap } from './WxMap';

/** Stations listed at once; typing an id narrows the list. */
export const LIST_LIMIT = 150;

function layers(theme: MapTheme): LayerSpecification[] {
  const colours = CATEGORY_COLOURS[theme];
  return [{
    id: 'wx-stations',
    type: 'circle',
    source: WX_SOURCE,
    // The worse category on top where symbols overlap.
    layout: { 'circle-sort-key': ['match', ['get', 'cat'], 'LIFR', 4, 'IFR', 3, 'MVFR', 2, 'VFR', 1, 0] },
    paint: {
      'circle-color': ['match', ['get', 'cat'], 'VFR', colours.VFR, 'MVFR', colours.MVFR, 'IFR', colours.IFR, 'LIFR', colours.LIFR, colours.NONE],
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, 3, 6, 5, 9, 8],
      'circle-stroke-color': STATION_OUTLINE[theme],
      'circle-stroke-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 8, 1.5],
    },
  }];
}

/**
 * Flight Rules (/app/wx_flightrules): the flight category of every METAR station in the spec's colours
 * (part 2 §9 "VFR green, MVFR orange, IFR dark red, LIFR magenta"; lighter tints at night, as the
 * map's METAR layer), the categories switched on and off, and the stations listed worst first.
 */
export function FlightRulesPage() {
  const view = useWeatherSnapshot('metar');
  const theme = useMapTheme();
  const [drawnAt, onDrawn] = useDrawnAt();
  const [categories, toggle] = useToggleSet<FlightCategoryKey>(CATEGORY_ORDER);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const stations = useMemo(() => view.snapshot?.stations ?? [], [view.snapshot]);
  const counts = useMemo(() => categoryCounts(stations), [stations]);
  const data = useMemo((): FeatureCollection => ({
    type: 'FeatureCollection',
    features: stations.flatMap((station, i): Feature<Point>[] => (categories.has(categoryOf(station))
      ? [{ type: 'Feature', geometry: { type: 'Point', coordinates: [station.lon, station.lat] }, properties: { i, cat: categoryOf(station) } }]
      : [])),
  }), [stations, categories]);
  const list = useMemo(() => {
    const found = stationList(stations, categories, query, LIST_LIMIT);
    // A station picked on the map is listed even beyond the limit.
    const picked = selected === null ? undefined : stations[selected];
    if (picked && selected !== null && !found.items.some((entry) => entry.i === selected)) found.items.unshift({ i: selected, item: picked });
    return found;
  }, [stations, categories, query, selected]);
  const colours = CATEGORY_COLOURS[theme];
  // The hook's clock (brought up to date once a minute).
  const now = (view.cycle ?? 0) + (view.ageMs ?? 0);

  return (
    <WxPage
      name="wx_flightrules"
      title="Flight Rules"
      view={view}
      summary={`${stations.length.toLocaleString('en-US')} stations`}
      shown={data.features.length}
      drawnAt={drawnAt}
      filters={(
        <>
          <Chips
            label="Flight categories shown"
            testId="wx-filter-category"
            options={CATEGORY_ORDER.map((key) => ({ key, text: `${CATEGORY_LABELS[key]} ${counts[key].toLocaleString('en-US')}`, swatch: colours[key] }))}
            isOn={(key) => categories.has(key)}
            onToggle={toggle}
          />
          <TextField
            size="small"
            label="Station"
            placeholder="e.g. KSFO"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'wx-station-search', autoCapitalize: 'characters', spellCheck: false } }}
            sx={{ width: 200, '& .MuiInputBase-root': { minHeight: 44 } }}
          />
        </>
      )}
      map={(
        <WxMap
          theme={theme}
          data={data}
          layers={layers(theme)}
          clickLayers={['wx-stations']}
          geometry="point"
          selected={selected}
          onPick={setSelected}
          onDrawn={onDrawn}
          label="Map of flight categories at reporting stations"
        />
      )}
      list={(
        <>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 1.5, pt: 1 }} data-testid="wx-list-count">
            {list.total > list.items.length
              ? `${list.items.length} of ${list.total.toLocaleString('en-US')} stations, worst first: type a station to find it`
              : `${list.total.toLocaleString('en-US')} stations, worst first`}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {list.items.map(({ i, item }) => (
              <StationItem key={i} i={i} station={item} colour={colours[categoryOf(item)]} open={selected === i} onToggle={() => setSelected(selected === i ? null : i)} now={now} />
            ))}
          </Box>
        </>
      )}
    />
  );
}

function StationItem({ i, station, colour, open, onToggle, now }: { i: number; station: MetarEntry; colour: string; open: boolean; onToggle: () => void; now: number }) {
  const [line, observed] = metarLines(station, now);
  // The line without the category it starts with (the headline has it).
  const conditions = (line ?? '').replace(/^(VFR|MVFR|IFR|LIFR|category unknown)(, )?/, '') || 'No conditions decoded';
  return (
    <WxItem
      id={`wx-station-${i}`}
      testId="wx-item"
      open={open}
      onToggle={onToggle}
      marker={<Swatch colour={colour} />}
      headline={`${station.id} · ${CATEGORY_LABELS[categoryOf(station)]}`}
      secondary={conditions}
      details={() => <Decoded rows={[['Category', CATEGORY_LABELS[categoryOf(station)]], ['Conditions', conditions], ['Observed', observed ?? '']]} raw={station.raw} />}
    />
  );
}

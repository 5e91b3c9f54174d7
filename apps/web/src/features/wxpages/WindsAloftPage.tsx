import { useMemo, useState } from 'react';
import { Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { Feature, FeatureCollection, Point } from 'geojson';
import type { LayerSpecification } from '@maplibre/maplibre-gl-style-spec';
import { FB_STATION_POSITIONS } from '@clearway/weather';
import { useWeatherSnapshot } from '../weather';
import { BARB_COLOUR, STATION_OUTLINE, barbImageName, type MapTheme } from '../map';
import { dayTime } from './format';
import { useDrawnAt, useMapTheme } from './hooks';
import { WEATHER_LEVELS_FT, decodeFbo, forecastPeriods, levelCoverage, levelName, stationLine, tempText, windText, windsAtLevel, type LevelCoverage } from './winds';
import { WX_SOURCE } from './wxMapStyle';
import { Chips, Decoded, WxItem, WxPage } from './WxPage';
import { WxMap } from './WxMap';

/** The level shown first: 12,000 ft, a level every US bulletin gives. */
export const DEFAULT_LEVEL_FT = 12_000;

function layers(theme: MapTheme): LayerSpecification[] {
  return [
    {
      id: 'wx-winds-barbs',
      type: 'symbol',
      source: WX_SOURCE,
      filter: ['!=', ['get', 'barb'], ''],
      layout: {
        'icon-image': ['get', 'barb'],
        'icon-rotate': ['get', 'dir'],
        'icon-rotation-alignment': 'map',
        'icon-anchor': 'bottom',
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
      paint: { 'icon-color': BARB_COLOUR[theme] },
    },
    {
      id: 'wx-winds-stations',
      type: 'circle',
      source: WX_SOURCE,
      paint: {
        // Interpolated values hollow, as-issued filled.
        'circle-color': ['case', ['get', 'interpolated'], STATION_OUTLINE[theme], BARB_COLOUR[theme]],
        'circle-stroke-color': BARB_COLOUR[theme],
        'circle-stroke-width': 1.5,
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, 3, 7, 5],
      },
    },
  ];
}

/** The option text of a level: as issued, interpolated, both, or no forecast. */
function levelOption(coverage: LevelCoverage): string {
  const name = levelName(coverage.levelFt);
  if (coverage.bulletin === 0 && coverage.interpolated === 0) return `${name} (no forecast)`;
  if (coverage.bulletin === 0) return `${name} (interpolated)`;
  if (coverage.interpolated > 0) return `${name} (partly interpolated)`;
  return name;
}

/**
 * Winds Aloft (/app/wx_winds_aloft): winds and temperatures at one of the spec's weather levels (part
 * 2 §9) from the FB bulletins, as barbs on the map and a list by station. Levels the bulletins give
 * are shown as issued; levels between two of them are interpolated (said in the level's name, on
 * each station, and hollow on the map); levels outside them have no forecast and cannot be chosen.
 */
export function WindsAloftPage() {
  const view = useWeatherSnapshot('fbo');
  const theme = useMapTheme();
  const [drawnAt, onDrawn] = useDrawnAt();
  const bulletins = useMemo(() => decodeFbo(view.snapshot), [view.snapshot]);
  const periods = useMemo(() => forecastPeriods(bulletins), [bulletins]);
  const [periodChoice, setPeriod] = useState<number | null>(null);
  const period = periodChoice !== null && periods.includes(periodChoice as 6) ? periodChoice : (periods[0] ?? 6);
  const coverage = useMemo(() => levelCoverage(bulletins, period, FB_STATION_POSITIONS), [bulletins, period]);
  const [levelFt, setLevel] = useState<number>(DEFAULT_LEVEL_FT);
  const [selected, setSelected] = useState<number | null>(null);
  const rows = useMemo(() => windsAtLevel(bulletins, period, levelFt, FB_STATION_POSITIONS), [bulletins, period, levelFt]);
  const interpolated = rows.filter((row) => row.wind.source === 'interpolated').length;
  const data = useMemo((): FeatureCollection => ({
    type: 'FeatureCollection',
    features: rows.map((row, i): Feature<Point> => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [row.lon, row.lat] },
      properties: { i, barb: row.wind.dirDeg === null ? '' : barbImageName(row.wind.kt) ?? '', dir: row.wind.dirDeg ?? 0, interpolated: row.wind.source === 'interpolated' },
    })),
  }), [rows]);
  const issued = [...new Set(bulletins.map((b) => b.decoded.bulletin.levels.join(',')))]
    .map((levels) => levels.split(',').map(Number).map((ft) => ft.toLocaleString('en-US')).join(', '));
  const validity = bulletins
    .filter((b) => b.forecastHours === period && b.window)
    .map((b) => `${b.product} valid ${dayTime(b.window?.validMs ?? 0)}, for use ${dayTime(b.window?.startMs ?? 0).split(' ')[2]} to ${dayTime(b.window?.endMs ?? 0).split(' ')[2]}`);

  return (
    <WxPage
      name="wx_winds_aloft"
      title="Winds Aloft"
      view={view}
      summary={`${bulletins.length} bulletins`}
      shown={rows.length}
      drawnAt={drawnAt}
      filters={(
        <Stack useFlexGap spacing={0.5}>
          {periods.length > 1 && (
            <Chips label="Forecast" testId="wx-filter-period" options={periods.map((p) => ({ key: p, text: `${p} h forecast` }))} isOn={(p) => p === period} onToggle={(p) => setPeriod(p)} />
          )}
          <TextField
            select
            size="small"
            label="Level"
            value={String(levelFt)}
            onChange={(event) => {
              setLevel(Number(event.target.value));
              setSelected(null);
            }}
            slotProps={{ htmlInput: { 'data-testid': 'wx-level' } }}
            sx={{ width: 260, '& .MuiInputBase-root': { minHeight: 44 } }}
          >
            {coverage.map((c) => (
              <MenuItem key={c.levelFt} value={String(c.levelFt)} disabled={c.bulletin + c.interpolated === 0} sx={{ minHeight: 44 }} data-testid={`wx-level-${c.levelFt}`}>
                {levelOption(c)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
      note={(
        <Typography variant="caption" color="text.secondary" component="p" data-testid="wx-levels-note" sx={{ maxWidth: 720 }}>
          {`The bulletins give ${issued.map((l) => `${l} ft`).join('; ')}. The other weather levels (${WEATHER_LEVELS_FT.length} in all) are interpolated between the two levels either side; below the lowest and above the highest nothing is forecast.`}
          {validity.length > 0 && <Box component="span" sx={{ display: 'block' }}>{validity.join('. ')}.</Box>}
        </Typography>
      )}
      map={(
        <WxMap
          theme={theme}
          data={data}
          layers={layers(theme)}
          clickLayers={['wx-winds-stations', 'wx-winds-barbs']}
          geometry="point"
          selected={selected}
          onPick={setSelected}
          barbs
          onDrawn={onDrawn}
          label={`Map of winds aloft at ${levelName(levelFt)}`}
        />
      )}
      list={(
        <Box data-testid="wx-winds" data-level={levelFt} data-interpolated={interpolated}>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 1.5, pt: 1 }} data-testid="wx-list-count">
            {rows.length === 0
              ? `No forecast at ${levelName(levelFt)}.`
              : `${rows.length} stations at ${levelName(levelFt)}${interpolated === 0 ? ', as issued' : interpolated === rows.length ? ', all interpolated' : `, ${interpolated} interpolated`}`}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {rows.map((row, i) => (
              <WxItem
                key={`${row.product}-${row.id}`}
                id={`wx-wind-${i}`}
                testId="wx-item"
                open={selected === i}
                onToggle={() => setSelected(selected === i ? null : i)}
                headline={`${row.id} · ${windText(row.wind)} · ${tempText(row.wind.tempC)}`}
                secondary={row.wind.source === 'interpolated'
                  ? `Interpolated between ${levelName(row.wind.lowerFt)} and ${levelName(row.wind.upperFt)}`
                  : `As issued (${row.product})`}
                details={() => (
                  <Decoded
                    rows={[
                      ['Station', row.id],
                      ['Level', levelName(levelFt)],
                      ['Wind', windText(row.wind)],
                      ['Temperature', tempText(row.wind.tempC)],
                      ['Source', row.wind.source === 'interpolated' ? `Interpolated between ${levelName(row.wind.lowerFt)} and ${levelName(row.wind.upperFt)} of ${row.product}` : `${row.product} as issued`],
                    ]}
                    raw={stationLine(bulletins[row.bulletin]?.raw ?? '', row.id)}
                  />
                )}
              />
            ))}
          </Box>
        </Box>
      )}
    />
  );
}

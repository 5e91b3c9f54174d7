import { useMemo, useState } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import type { Feature, FeatureCollection, Point } from 'geojson';
import type { LayerSpecification } from '@maplibre/maplibre-gl-style-spec';
import type { PirepEntry } from '@clearway/protocol';
import { useWeatherSnapshot } from '../weather';
import { PIREP_COLOURS, altitudeText, type MapTheme } from '../map';
import { dayTime } from './format';
import { useDrawnAt, useMapTheme } from './hooks';
import { addPirepSymbols, pirepSymbolName, type PirepHazard } from './pirepSymbols';
import { ALTITUDE_BANDS, pirepCounts, pirepDecodedLines, pirepList, reportsIcing, reportsTurbulence, type AltitudeBand, type PirepFilter } from './pireps';
import { WX_SOURCE } from './wxMapStyle';
import { Chips, Decoded, WxItem, WxPage } from './WxPage';
import { WxMap } from './WxMap';

const hazardOf = (report: PirepEntry): PirepHazard => (reportsTurbulence(report) ? 'turb' : reportsIcing(report) ? 'ice' : 'other');

const LAYERS: LayerSpecification[] = [{
  id: 'wx-pireps',
  type: 'symbol',
  source: WX_SOURCE,
  layout: {
    'icon-image': ['get', 'symbol'],
    'icon-allow-overlap': true,
    'icon-ignore-placement': true,
    // Urgent reports on top, then turbulence, then icing.
    'symbol-sort-key': ['get', 'rank'],
    'icon-size': ['interpolate', ['linear'], ['zoom'], 3, 0.75, 7, 1],
  },
}];

const FILTERS: { key: PirepFilter; text: string }[] = [
  { key: 'all', text: 'All' },
  { key: 'urgent', text: 'Urgent' },
  { key: 'turbulence', text: 'Turbulence' },
  { key: 'icing', text: 'Icing' },
];

/**
 * PIREPs (/app/wx_pireps): pilot reports on the map with the turbulence and icing symbols, urgent
 * reports (UUA) ringed in red and listed first; filtered by what they report and altitude band; a
 * tap shows the report decoded field by field with its text.
 */
export function PirepsPage() {
  const view = useWeatherSnapshot('pirep');
  const theme = useMapTheme();
  const [drawnAt, onDrawn] = useDrawnAt();
  const [what, setWhat] = useState<PirepFilter>('all');
  const [band, setBand] = useState<AltitudeBand>('all');
  const [selected, setSelected] = useState<number | null>(null);
  const reports = useMemo(() => view.snapshot?.reports ?? [], [view.snapshot]);
  const counts = useMemo(() => pirepCounts(reports), [reports]);
  const list = useMemo(() => pirepList(reports, { what, band }), [reports, what, band]);
  const data = useMemo((): FeatureCollection => ({
    type: 'FeatureCollection',
    features: list.map(({ i, item }): Feature<Point> => {
      const hazard = hazardOf(item);
      return {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [item.lon, item.lat] },
        properties: { i, symbol: pirepSymbolName(item.urgent, hazard), rank: (item.urgent ? 3 : 0) + (hazard === 'turb' ? 2 : hazard === 'ice' ? 1 : 0) },
      };
    }),
  }), [list]);
  const now = (view.cycle ?? 0) + (view.ageMs ?? 0);

  return (
    <WxPage
      name="wx_pireps"
      title="PIREPs"
      view={view}
      summary={`${reports.length} reports, ${counts.urgent} urgent`}
      shown={list.length}
      drawnAt={drawnAt}
      filters={(
        <Stack useFlexGap spacing={0.5}>
          <Chips label="Reports shown" testId="wx-filter-what" options={FILTERS.map((f) => ({ key: f.key, text: `${f.text} ${counts[f.key]}` }))} isOn={(key) => key === what} onToggle={setWhat} />
          <Chips label="Altitude" testId="wx-filter-band" options={ALTITUDE_BANDS.map((b) => ({ key: b.key, text: b.label }))} isOn={(key) => key === band} onToggle={setBand} />
        </Stack>
      )}
      map={(
        <WxMap
          theme={theme}
          data={data}
          layers={LAYERS}
          clickLayers={['wx-pireps']}
          geometry="point"
          selected={selected}
          onPick={setSelected}
          images={(map, t) => addPirepSymbols(map, t)}
          onDrawn={onDrawn}
          label="Map of pilot reports"
        />
      )}
      list={list.length === 0
        ? <Typography variant="body2" color="text.secondary" sx={{ p: 1.5 }} data-testid="wx-list-none">No reports of this kind at this altitude.</Typography>
        : (
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {list.map(({ i, item }) => <PirepItem key={i} i={i} report={item} theme={theme} open={selected === i} onToggle={() => setSelected(selected === i ? null : i)} now={now} />)}
          </Box>
        )}
    />
  );
}

function PirepItem({ i, report, theme, open, onToggle, now }: { i: number; report: PirepEntry; theme: MapTheme; open: boolean; onToggle: () => void; now: number }) {
  const hazard = hazardOf(report);
  const colours = PIREP_COLOURS[theme];
  const what = [
    reportsTurbulence(report) ? `${report.turb} turbulence` : null,
    reportsIcing(report) ? `${report.icing} icing` : null,
  ].filter(Boolean).join(', ') || 'No turbulence or icing';
  const station = /^\s*([A-Z0-9]{3,4})\s+UU?A\b/.exec(report.raw)?.[1];
  // Minutes since the report; none when its time is after the snapshot's clock (a report dated ahead).
  const ageMin = Math.round((now - report.time) / 60_000);
  return (
    <WxItem
      id={`wx-pirep-${i}`}
      testId="wx-item"
      open={open}
      onToggle={onToggle}
      marker={(
        <Box
          component="span"
          aria-hidden
          sx={{ width: 16, height: 16, flexShrink: 0, borderRadius: '50%', bgcolor: report.urgent ? colours.urgent : hazard === 'turb' ? colours.turbulence : hazard === 'ice' ? colours.icing : colours.other, outline: report.urgent ? 3 : 0, outlineColor: colours.urgent, outlineOffset: 2 }}
        />
      )}
      headline={(
        <>
          {report.urgent && <Box component="strong" data-testid="wx-urgent" sx={{ color: 'error.main', mr: 0.75 }}>URGENT</Box>}
          {`${station ?? 'PIREP'} · ${report.altFt === null ? 'altitude not given' : altitudeText(report.altFt)}${report.aircraft ? ` · ${report.aircraft}` : ''}`}
        </>
      )}
      secondary={`${what} · ${dayTime(report.time)}${ageMin >= 0 && ageMin < 48 * 60 ? `, ${ageMin < 60 ? `${ageMin} min` : `${Math.floor(ageMin / 60)} h`} ago` : ''}`}
      details={() => <Decoded rows={pirepDecodedLines(report)} raw={report.raw} />}
    />
  );
}

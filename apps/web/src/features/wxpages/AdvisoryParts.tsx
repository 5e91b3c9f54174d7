import { Box, MenuItem, TextField, Typography } from '@mui/material';
import type { Feature, FeatureCollection, Polygon } from 'geojson';
import type { LayerSpecification } from '@maplibre/maplibre-gl-style-spec';
import type { AdvisoryEntry } from '@clearway/protocol';
import { HAZARD_COLOURS, advisoryLines, type MapTheme } from '../map';
import { KIND_NAMES, hazardClassOf, hazardName, type Group } from './advisories';
import { advisoryTense, altitudesText, validityText } from './format';
import { WEATHER_LEVELS_FT, levelName } from './winds';
import { WX_SOURCE } from './wxMapStyle';
import { Decoded, Swatch, WxItem } from './WxPage';

/** The SIGMET and G-AIRMET pages' shared pieces: areas on the map, grouped list, altitude choice. */

export function advisoryData(advisories: readonly AdvisoryEntry[], shown: (advisory: AdvisoryEntry, i: number) => boolean): FeatureCollection {
  const features: Feature<Polygon>[] = [];
  advisories.forEach((advisory, i) => {
    if (!shown(advisory, i)) return;
    features.push({
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [advisory.polygon.map(([lon, lat]) => [lon, lat])] },
      properties: { i, hazard: hazardClassOf(advisory), sigmet: advisory.kind !== 'G_AIRMET' && advisory.kind !== 'CONVECTIVE_OUTLOOK' },
    });
  });
  return { type: 'FeatureCollection', features };
}

export function advisoryLayers(theme: MapTheme): LayerSpecification[] {
  const c = HAZARD_COLOURS[theme];
  const colour = ['match', ['get', 'hazard'], 'convective', c.convective, 'turbulence', c.turbulence, 'icing', c.icing, 'ifr', c.ifr, 'mountain', c.mountain, c.other] as unknown as string;
  return [
    { id: 'wx-areas-fill', type: 'fill', source: WX_SOURCE, paint: { 'fill-color': colour, 'fill-opacity': 0.16, 'fill-antialias': false } },
    { id: 'wx-areas-line', type: 'line', source: WX_SOURCE, paint: { 'line-color': colour, 'line-width': ['case', ['get', 'sigmet'], 2.2, 1.4], 'line-opacity': 0.95 } },
  ];
}

export const ADVISORY_CLICK_LAYERS = ['wx-areas-fill'];

/** The altitude filter: any, or one of the spec's weather levels. */
export function AltitudeSelect({ value, onChange }: { value: number | null; onChange: (ft: number | null) => void }) {
  return (
    <TextField
      select
      size="small"
      label="At altitude"
      value={value === null ? 'any' : String(value)}
      onChange={(event) => onChange(event.target.value === 'any' ? null : Number(event.target.value))}
      slotProps={{ htmlInput: { 'data-testid': 'wx-altitude' } }}
      sx={{ width: 180, '& .MuiInputBase-root': { minHeight: 44 } }}
    >
      <MenuItem value="any" sx={{ minHeight: 44 }}>Any altitude</MenuItem>
      {WEATHER_LEVELS_FT.map((ft) => <MenuItem key={ft} value={String(ft)} sx={{ minHeight: 44 }}>{levelName(ft)}</MenuItem>)}
    </TextField>
  );
}

export function AdvisoryGroups({ groups, theme, selected, onSelect, now, emptyText }: {
  groups: Group<string, AdvisoryEntry>[];
  theme: MapTheme;
  selected: number | null;
  onSelect: (i: number | null) => void;
  now: number;
  emptyText: string;
}) {
  const total = groups.reduce((sum, group) => sum + group.items.length, 0);
  if (total === 0) return <Typography variant="body2" color="text.secondary" sx={{ p: 1.5 }} data-testid="wx-list-none">{emptyText}</Typography>;
  return (
    <>
      {groups.map((group) => (
        <Box key={group.key} component="section" aria-label={group.title} data-testid="wx-group" data-group={group.key}>
          <Typography variant="subtitle2" component="h2" sx={{ px: 1.5, pt: 1.25, pb: 0.5 }}>
            {`${group.title} (${group.items.length})`}
          </Typography>
          {group.items.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, pb: 1 }}>None</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, p: 0 }}>
              {group.items.map(({ i, item }) => (
                <AdvisoryItem key={i} i={i} advisory={item} theme={theme} open={selected === i} onToggle={() => onSelect(selected === i ? null : i)} now={now} />
              ))}
            </Box>
          )}
        </Box>
      ))}
    </>
  );
}

function AdvisoryItem({ i, advisory, theme, open, onToggle, now }: { i: number; advisory: AdvisoryEntry; theme: MapTheme; open: boolean; onToggle: () => void; now: number }) {
  const tense = advisoryTense(advisory, now);
  const [hazardLine] = advisoryLines(advisory);
  const hazard = advisory.severity ? (hazardLine ?? hazardName(advisory.hazard)) : hazardName(advisory.hazard);
  return (
    <WxItem
      id={`wx-advisory-${i}`}
      testId="wx-item"
      open={open}
      onToggle={onToggle}
      marker={<Swatch colour={HAZARD_COLOURS[theme][hazardClassOf(advisory)]} />}
      headline={`${KIND_NAMES[advisory.kind]} ${advisory.id}`}
      secondary={`${hazard} · ${validityText(advisory.validFrom, advisory.validTo)}${tense === 'expired' ? ' (expired)' : tense === 'future' ? ' (forecast)' : ''} · ${altitudesText(advisory)}`}
      details={() => (
        <Decoded
          rows={[
            ['Kind', KIND_NAMES[advisory.kind]],
            ['Hazard', hazard],
            ['Valid', `${validityText(advisory.validFrom, advisory.validTo)}${tense === 'expired' ? ', expired' : tense === 'future' ? ', not yet in force' : ''}`],
            ['Altitudes', altitudesText(advisory)],
          ]}
          raw={advisory.raw}
        />
      )}
    />
  );
}

import { useMemo, useState } from 'react';
import { Stack } from '@mui/material';
import { useWeatherSnapshot } from '../weather';
import { KIND_TITLES, SIGMET_KINDS, reachesAltitude, sigmetGroups, type SigmetKind } from './advisories';
import { ADVISORY_CLICK_LAYERS, AdvisoryGroups, AltitudeSelect, advisoryData, advisoryLayers } from './AdvisoryParts';
import { useDrawnAt, useMapTheme, useToggleSet } from './hooks';
import { Chips, WxPage } from './WxPage';
import { WxMap } from './WxMap';

/**
 * SIGMETs (/app/wx_sigmet): convective SIGMETs, SIGMETs, convective outlooks and center weather
 * advisories of the `airmet` snapshot, by kind, each with its hazard, validity and altitudes; filtered
 * by kind and by an altitude of the spec's weather levels.
 */
export function SigmetPage() {
  const view = useWeatherSnapshot('airmet');
  const theme = useMapTheme();
  const [drawnAt, onDrawn] = useDrawnAt();
  const [kinds, toggle] = useToggleSet<SigmetKind>(SIGMET_KINDS);
  const [altitudeFt, setAltitude] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const advisories = useMemo(() => view.snapshot?.advisories ?? [], [view.snapshot]);
  const groups = useMemo(() => sigmetGroups(advisories, { kinds, altitudeFt }), [advisories, kinds, altitudeFt]);
  const data = useMemo(
    () => advisoryData(advisories, (a) => (SIGMET_KINDS as readonly string[]).includes(a.kind) && kinds.has(a.kind as SigmetKind) && (altitudeFt === null || reachesAltitude(a, altitudeFt))),
    [advisories, kinds, altitudeFt],
  );
  const counts = useMemo(() => Object.fromEntries(SIGMET_KINDS.map((kind) => [kind, advisories.filter((a) => a.kind === kind).length])) as Record<SigmetKind, number>, [advisories]);
  const total = SIGMET_KINDS.reduce((sum, kind) => sum + counts[kind], 0);
  const now = (view.cycle ?? 0) + (view.ageMs ?? 0);

  return (
    <WxPage
      name="wx_sigmet"
      title="SIGMETs"
      view={view}
      summary={`${total} advisories`}
      shown={data.features.length}
      drawnAt={drawnAt}
      filters={(
        <Stack useFlexGap spacing={0.5}>
          <Chips label="Kinds shown" testId="wx-filter-kind" options={SIGMET_KINDS.map((kind) => ({ key: kind, text: `${KIND_TITLES[kind]} ${counts[kind]}` }))} isOn={(kind) => kinds.has(kind)} onToggle={toggle} />
          <AltitudeSelect value={altitudeFt} onChange={setAltitude} />
        </Stack>
      )}
      map={(
        <WxMap
          theme={theme}
          data={data}
          layers={advisoryLayers(theme)}
          clickLayers={ADVISORY_CLICK_LAYERS}
          geometry="area"
          selected={selected}
          onPick={setSelected}
          onDrawn={onDrawn}
          label="Map of SIGMET areas"
        />
      )}
      list={<AdvisoryGroups groups={groups} theme={theme} selected={selected} onSelect={setSelected} now={now} emptyText="No SIGMETs of the kinds chosen at this altitude." />}
    />
  );
}

import { useMemo, useState } from 'react';
import { Stack } from '@mui/material';
import { useWeatherSnapshot } from '../weather';
import { HAZARD_COLOURS } from '../map';
import { currentTime, gairmetGroups, gairmetHazards, gairmetTimes, hazardClassOf, hazardName, reachesAltitude } from './advisories';
import { ADVISORY_CLICK_LAYERS, AdvisoryGroups, AltitudeSelect, advisoryData, advisoryLayers } from './AdvisoryParts';
import { dayTime } from './format';
import { useDrawnAt, useMapTheme } from './hooks';
import { Chips, WxPage } from './WxPage';
import { WxMap } from './WxMap';

/** `all` or one G-AIRMET time. */
type TimeChoice = number | 'all';

/**
 * G-AIRMETs (/app/wx_airmet): the graphical AIRMETs of the `airmet` snapshot by hazard, for one of
 * their times (every 3 hours; the one in force first) or all, and at an altitude of the spec's levels.
 */
export function AirmetPage() {
  const view = useWeatherSnapshot('airmet');
  const theme = useMapTheme();
  const [drawnAt, onDrawn] = useDrawnAt();
  const advisories = useMemo(() => view.snapshot?.advisories ?? [], [view.snapshot]);
  const times = useMemo(() => gairmetTimes(advisories), [advisories]);
  const hazards = useMemo(() => gairmetHazards(advisories), [advisories]);
  const now = (view.cycle ?? 0) + (view.ageMs ?? 0);
  const [timeChoice, setTimeChoice] = useState<TimeChoice | null>(null);
  // Until one is chosen: the time in force at the snapshot's last age tick.
  const time: TimeChoice = timeChoice ?? currentTime(times, now) ?? 'all';
  const [off, setOff] = useState<ReadonlySet<string>>(new Set());
  const [altitudeFt, setAltitude] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const chosenHazards = useMemo(() => new Set(hazards.filter((h) => !off.has(h))), [hazards, off]);
  const filter = useMemo(() => ({ timeMs: time === 'all' ? null : time, hazards: chosenHazards, altitudeFt }), [time, chosenHazards, altitudeFt]);
  const groups = useMemo(() => gairmetGroups(advisories, filter), [advisories, filter]);
  const data = useMemo(
    () => advisoryData(advisories, (a) => a.kind === 'G_AIRMET' && chosenHazards.has(a.hazard) && (filter.timeMs === null || a.validFrom === filter.timeMs) && (altitudeFt === null || reachesAltitude(a, altitudeFt))),
    [advisories, chosenHazards, filter.timeMs, altitudeFt],
  );
  const total = advisories.filter((a) => a.kind === 'G_AIRMET').length;
  const perHazard = (hazard: string) => advisories.filter((a) => a.kind === 'G_AIRMET' && a.hazard === hazard && (filter.timeMs === null || a.validFrom === filter.timeMs)).length;

  return (
    <WxPage
      name="wx_airmet"
      title="G-Airmet"
      view={view}
      summary={`${total} areas at ${times.length} times`}
      shown={data.features.length}
      drawnAt={drawnAt}
      filters={(
        <Stack useFlexGap spacing={0.5}>
          <Chips<TimeChoice>
            label="Time"
            testId="wx-filter-time"
            options={[{ key: 'all', text: 'All times' }, ...times.map((t) => ({ key: t, text: dayTime(t) }))]}
            isOn={(key) => key === time}
            onToggle={(key) => {
              setTimeChoice(key);
              setSelected(null);
            }}
          />
          <Chips
            label="Hazards shown"
            testId="wx-filter-hazard"
            options={hazards.map((hazard) => ({ key: hazard, text: `${hazardName(hazard)} ${perHazard(hazard)}`, swatch: HAZARD_COLOURS[theme][hazardClassOf({ kind: 'G_AIRMET', hazard })] }))}
            isOn={(hazard) => !off.has(hazard)}
            onToggle={(hazard) => setOff((old) => {
              const next = new Set(old);
              if (next.has(hazard)) next.delete(hazard);
              else next.add(hazard);
              return next;
            })}
          />
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
          label="Map of G-AIRMET areas"
        />
      )}
      list={<AdvisoryGroups groups={groups} theme={theme} selected={selected} onSelect={setSelected} now={now} emptyText="No G-AIRMETs of the hazards chosen at this time and altitude." />}
    />
  );
}

import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Box, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { positionAlongRoute, routeProfile, type Route, type RouteProfile, type StationTemperatures, type TerrainSource } from '@clearway/flightplan';
import type { UnitSet } from '@clearway/geo';
import { useServices } from '../../../platform/services';
import { useAppSelector } from '../../../store/hooks';
import { CHART_H, CHART_W, profileChart, type ChartMark } from './profileChart';
import { browserDecodePng, loadRouteTerrain } from './routeTerrain';

type ChartUnits = Pick<UnitSet, 'alt_factor' | 'alt_unit'>;

/** TOC and TOD closer than this (percent of the chart's width) are labelled once, "TOC/TOD". */
const TOC_TOD_APART_PCT = 8;

/** Terrain fill, day and night (earth tones; the night one dim so the plan's line stands out). */
const TERRAIN_DAY = '#b89a72';
const TERRAIN_NIGHT = '#5b4a36';

const altText = (ft: number, units: ChartUnits) => `${Math.round(ft * units.alt_factor).toLocaleString('en-US')} ${units.alt_unit}`;

/** A label placed in percent of the chart (text never stretches with the paths); plain styles, drawn often. */
function Label({ mark, testId, color, above }: { mark: ChartMark; testId: string; color: string; above?: boolean }) {
  const { typography } = useTheme();
  return (
    <span
      data-testid={testId}
      data-x-pct={mark.xPct.toFixed(2)}
      style={{
        ...(typography.caption as CSSProperties),
        position: 'absolute',
        left: `${mark.xPct}%`,
        top: `${mark.yPct}%`,
        transform: `translate(-50%, ${above ? '-120%' : '10%'})`,
        color,
        fontWeight: 600,
        lineHeight: 1,
        whiteSpace: 'nowrap',
        pointerEvents: 'none',
      }}
    >
      {mark.label}
    </span>
  );
}

/**
 * The drawing of a vertical profile (issue 24): terrain (highest ground per bin) filled, the planned
 * climb, cruise and descent as a line with TOC and TOD marked, altitude lines, waypoints under it,
 * and a plain warning where the plan passes within 1,000 ft of the terrain. Day and night colours
 * from the theme; the chart takes the width it is given (phone and tablet).
 */
export function VerticalProfileChart({ profile, units, heightPx = 160 }: { profile: RouteProfile; units: ChartUnits; heightPx?: number }) {
  const theme = useTheme();
  const chart = useMemo(() => profileChart(profile), [profile]);
  const highest = profile.highestTerrain;
  const caption = theme.typography.caption as CSSProperties;
  const secondary = theme.palette.text.secondary;
  const many = chart.waypoints.length > 12;
  // TOC and TOD close together (a short route, a narrow chart) share one label.
  const tocTogether = chart.toc !== null && chart.tod !== null && Math.abs(chart.toc.xPct - chart.tod.xPct) < TOC_TOD_APART_PCT;
  // A short chart (the panel under the map) names every other altitude line, so the names never touch.
  const gridLabels = heightPx < 120 ? chart.gridFt.filter((_, i, all) => (all.length - 1 - i) % 2 === 0) : chart.gridFt;
  const below = profile.freezing.filter((f) => f.below);
  const freezingBelowFt = below.length > 0 ? Math.max(...below.map((f) => f.altitudeFt)) : null;
  return (
    <Box component="figure" data-testid="vertical-profile" sx={{ m: 0, width: '100%', '& .profile-wpt-inner': { display: many ? { xs: 'none', sm: 'inline' } : 'inline' } }} aria-label="Vertical profile">
      <div style={{ position: 'relative', height: heightPx, marginTop: 12, marginBottom: 20, borderBottom: `1px solid ${theme.palette.divider}` }}>
        <svg viewBox={`0 0 ${CHART_W} ${CHART_H}`} preserveAspectRatio="none" width="100%" height="100%" role="img" aria-label="Planned altitude over terrain" style={{ display: 'block' }}>
          {chart.gridFt.map((g) => (
            <line key={g.ft} x1={0} x2={CHART_W} y1={(g.yPct / 100) * CHART_H} y2={(g.yPct / 100) * CHART_H} stroke={theme.palette.text.primary} strokeOpacity={0.15} vectorEffect="non-scaling-stroke" />
          ))}
          {chart.terrainPath && <path data-testid="profile-terrain" d={chart.terrainPath} fill={theme.palette.mode === 'dark' ? TERRAIN_NIGHT : TERRAIN_DAY} stroke="none" />}
          {chart.meaPath && <path data-testid="profile-mea" d={chart.meaPath} fill="none" stroke={theme.palette.secondary.main} strokeWidth={1.5} vectorEffect="non-scaling-stroke" />}
          {chart.freezingPath && <path data-testid="profile-freezing" d={chart.freezingPath} fill="none" stroke={theme.palette.info.main} strokeWidth={1.5} strokeDasharray="6 4" vectorEffect="non-scaling-stroke" />}
          <path data-testid="profile-planned" d={chart.plannedPath} fill="none" stroke={theme.palette.primary.main} strokeWidth={2.5} vectorEffect="non-scaling-stroke" />
        </svg>
        {chart.meaLabels.map((m) => (
          <Label key={m.label} mark={{ ...m, label: `${m.label} MEA ${altText(m.meaFt, units)}` }} testId="profile-mea-label" color={theme.palette.secondary.main} above />
        ))}
        {chart.freezingLabel && <Label mark={chart.freezingLabel} testId="profile-freezing-label" color={theme.palette.info.main} above />}
        {chart.aircraft && (
          <span
            data-testid="profile-aircraft"
            data-x-pct={chart.aircraft.xPct.toFixed(2)}
            data-y-pct={chart.aircraft.yPct.toFixed(2)}
            data-altitude={chart.aircraft.altitudeKnown ? 'known' : 'unknown'}
            role="img"
            aria-label={profile.aircraft ? `Aircraft ${Math.round(profile.aircraft.alongNm)} nm along the route${profile.aircraft.altitudeFt === null ? ', altitude unknown' : ` at ${altText(profile.aircraft.altitudeFt, units)}`}` : 'Aircraft'}
            style={{
              position: 'absolute',
              left: `${chart.aircraft.xPct}%`,
              top: `${chart.aircraft.yPct}%`,
              width: 12,
              height: 12,
              transform: 'translate(-50%, -50%) rotate(45deg)',
              background: chart.aircraft.altitudeKnown ? theme.palette.warning.main : 'transparent',
              border: `2px solid ${theme.palette.warning.main}`,
              pointerEvents: 'none',
            }}
          />
        )}
        {gridLabels.map((g) => (
          <span key={g.ft} style={{ ...caption, position: 'absolute', left: 2, top: `${g.yPct}%`, transform: 'translateY(-100%)', color: secondary, lineHeight: 1, pointerEvents: 'none' }}>
            {altText(g.ft, units)}
          </span>
        ))}
        {chart.toc && <Label mark={tocTogether ? { ...chart.toc, label: 'TOC/TOD', xPct: (chart.toc.xPct + chart.tod!.xPct) / 2 } : chart.toc} testId="profile-toc" color={theme.palette.primary.main} above />}
        {chart.tod && !tocTogether && <Label mark={chart.tod} testId="profile-tod" color={theme.palette.primary.main} above />}
        {chart.lowClearance && <Label mark={{ ...chart.lowClearance, label: '▲' }} testId="profile-low-mark" color={theme.palette.error.main} />}
        {chart.waypoints.map((w, i) => {
          const end = i === 0 || i === chart.waypoints.length - 1;
          return (
            <span
              key={`${i}:${w.label}`}
              data-testid="profile-waypoint"
              className={end ? undefined : 'profile-wpt-inner'}
              style={{ ...caption, position: 'absolute', left: `${w.xPct}%`, top: '100%', transform: i === 0 ? 'none' : i === chart.waypoints.length - 1 ? 'translateX(-100%)' : 'translateX(-50%)', color: secondary, lineHeight: 1.6, whiteSpace: 'nowrap' }}
            >
              {w.label}
            </span>
          );
        })}
      </div>
      <Typography component="figcaption" variant="body2" data-testid="profile-caption" sx={{ color: chart.lowClearance ? 'error.main' : 'text.secondary' }}>
        {chart.lowClearance
          ? `Terrain: the plan passes ${chart.lowClearance.clearanceFt < 0 ? `${altText(-chart.lowClearance.clearanceFt, units)} below` : `${altText(chart.lowClearance.clearanceFt, units)} above`} the ground`
          : highest
            ? `Highest terrain ${altText(highest.terrainFt, units)}`
            : 'No terrain data along this route'}
      </Typography>
      {freezingBelowFt !== null && (
        <Typography variant="body2" data-testid="profile-freezing-note" sx={{ color: 'text.secondary' }}>
          {`0°C at or below ${altText(freezingBelowFt, units)} on part of the route (below the lowest forecast temperature)`}
        </Typography>
      )}
    </Box>
  );
}

/** No winds-aloft stations: the profile without the freezing line. */
const NO_STATIONS: StationTemperatures[] = [];

/**
 * The route's vertical profile on the route screen: drawn at once from the engine's TOC/TOD, with the
 * terrain added when its tiles are read (AppServices.terrainTile) and the freezing level when the
 * routing worker answers `freezingStations` from the FB winds it holds (asked again when it takes
 * new winds, `route.winds`).
 */
export function RouteVerticalProfile({ route, units, heightPx }: { route: Route; units: ChartUnits; heightPx?: number }) {
  const { terrainTile, routing } = useServices();
  const winds = useAppSelector((s) => s.route.winds);
  // The bulletins in use at departure (else now): the freezing level the flight will meet.
  const departureMs = route.etd_ms ?? route.ts;
  const [freezing, setFreezing] = useState<{ routing: typeof routing; winds: typeof winds; departureMs: number; stations: StationTemperatures[] } | null>(null);
  useEffect(() => {
    // No bulletins held (or no worker): nothing to ask, the profile has no freezing line.
    if (!routing || !winds || winds.bulletins.length === 0) return;
    const abort = new AbortController();
    routing
      .call('freezingStations', { timeMs: departureMs }, { signal: abort.signal })
      .then((stations) => {
        if (!abort.signal.aborted) setFreezing({ routing, winds, departureMs, stations });
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) console.warn('[profile] freezing level stations could not be read', error);
      });
    return () => abort.abort();
  }, [routing, winds, departureMs]);
  // Only the answer for the current worker, winds and departure (an older one would be a wrong freezing line).
  const stations = freezing && freezing.routing === routing && freezing.winds === winds && freezing.departureMs === departureMs ? freezing.stations : NO_STATIONS;
  const fix = useAppSelector((s) => (s.inflight.moving && s.inflight.position && s.inflight.position.source !== 'geoip' ? s.inflight.position.fix : null));
  const [terrain, setTerrain] = useState<{ route: Route; source: TerrainSource | null } | null>(null);
  useEffect(() => {
    if (!terrainTile || route.all_legs.length === 0) return;
    const abort = new AbortController();
    loadRouteTerrain(route, terrainTile, browserDecodePng, abort.signal)
      .then((source) => {
        if (!abort.signal.aborted) setTerrain({ route, source });
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) console.warn('[profile] terrain could not be read', error);
      });
    return () => abort.abort();
  }, [route, terrainTile]);
  const source = terrain && terrain.route === route ? terrain.source : null;
  const base = useMemo(() => routeProfile(route, source, { stations }), [route, source, stations]);
  // The aircraft moves several times a second: only its mark is computed again, not the terrain.
  const profile = useMemo(() => {
    const at = fix ? positionAlongRoute(route, { lat: fix.latitude, lon: fix.longitude }) : null;
    return at && fix ? { ...base, aircraft: { alongNm: at.alongNm, crossTrackNm: at.crossTrackNm, altitudeFt: fix.altitude } } : base;
  }, [base, route, fix]);
  if (route.all_legs.length === 0 || profile.totalNm <= 0) return null;
  return <VerticalProfileChart profile={profile} units={units} heightPx={heightPx} />;
}

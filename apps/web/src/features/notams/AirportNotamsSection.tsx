import { useState, type ReactElement } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import CellTowerIcon from '@mui/icons-material/CellTower';
import DescriptionIcon from '@mui/icons-material/Description';
import FlightIcon from '@mui/icons-material/Flight';
import HeadsetOffIcon from '@mui/icons-material/HeadsetOff';
import InfoIcon from '@mui/icons-material/Info';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import SettingsInputAntennaIcon from '@mui/icons-material/SettingsInputAntenna';
import { notamTimeTexts, notamTiming, type NotamKind, type NotamRecord } from '@clearway/weather';
import { NotamText } from './NotamText';
import { useAirportNotams, type AirportNotamsState } from './useAirportNotams';

const TOUCH = { minHeight: 44, minWidth: 44 };

/** What each classification is called, and its icon. */
export const KIND_LABELS: Record<NotamKind, string> = {
  'closed-runway': 'Runway closed',
  'closed-aerodrome': 'Airport closed',
  'closed-taxiway': 'Taxiway closed',
  'navaid-out': 'Navaid out of service',
  'lighting-out': 'Lighting out of service',
  'com-out': 'Communications out of service',
  obstacle: 'Obstacle',
  procedure: 'Procedure',
  airspace: 'Airspace',
  checklist: 'Checklist',
  other: 'Other',
};
const KIND_ICONS: Record<NotamKind, ReactElement> = {
  'closed-runway': <BlockIcon fontSize="small" />,
  'closed-aerodrome': <BlockIcon fontSize="small" />,
  'closed-taxiway': <BlockIcon fontSize="small" />,
  'navaid-out': <SettingsInputAntennaIcon fontSize="small" />,
  'lighting-out': <LightbulbIcon fontSize="small" />,
  'com-out': <HeadsetOffIcon fontSize="small" />,
  obstacle: <CellTowerIcon fontSize="small" />,
  procedure: <DescriptionIcon fontSize="small" />,
  airspace: <FlightIcon fontSize="small" />,
  checklist: <InfoIcon fontSize="small" />,
  other: <InfoIcon fontSize="small" />,
};
/** Classifications that take something away from the pilot: flagged red, listed first. */
export const FLIGHT_CHANGING: ReadonlySet<NotamKind> = new Set(['closed-runway', 'closed-aerodrome', 'closed-taxiway', 'navaid-out', 'lighting-out', 'com-out']);

const GROUPS = [
  ['active', 'In force'],
  ['next24h', 'Next 24 hours'],
  ['later', 'Later'],
] as const;

function timesText(n: NotamRecord): string {
  const text = (ms: number) => {
    const t = notamTimeTexts(ms);
    return `${t.utc} (${t.local})`;
  };
  const from = n.start === null ? 'now' : text(n.start);
  const until = n.permanent ? 'permanent' : n.end === null ? 'until further notice' : `${text(n.end)}${n.endEstimated ? ' estimated' : ''}`;
  return `From ${from} until ${until}`;
}

function NotamItem({ notam }: { notam: NotamRecord }) {
  const [raw, setRaw] = useState(false);
  const changing = FLIGHT_CHANGING.has(notam.kind);
  return (
    <Box
      data-testid={`notam-${notam.number}`}
      data-kind={notam.kind}
      sx={{ borderLeft: 4, borderColor: changing ? 'error.main' : 'divider', pl: 1, py: 0.5 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', color: changing ? 'error.main' : 'text.secondary' }}>
        {KIND_ICONS[notam.kind]}
        <Typography variant="subtitle2" component="span" sx={{ fontWeight: changing ? 700 : 500 }}>
          {KIND_LABELS[notam.kind]}
        </Typography>
        <Typography variant="caption" component="span">
          {notam.number}
        </Typography>
      </Stack>
      <NotamText text={notam.text} />
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
        {timesText(notam)}
      </Typography>
      <Button size="small" sx={TOUCH} onClick={() => setRaw(!raw)} aria-expanded={raw} data-testid="notam-raw-toggle">
        {raw ? 'Hide raw text' : 'Raw text'}
      </Button>
      {raw && (
        <Box component="pre" data-testid="notam-raw" sx={{ m: 0, fontFamily: 'monospace', fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {[notam.domestic, notam.icao].filter((t): t is string => t !== null).join('\n\n') || notam.text}
        </Box>
      )}
    </Box>
  );
}

/** A NOTAM list: in force, next 24 h and later; flight-changing ones first; checklists hidden; obstacles folded. */
export function NotamList({ notams, now }: { notams: readonly NotamRecord[]; now: number }) {
  const [obstaclesOpen, setObstaclesOpen] = useState(false);
  const shown = notams.filter((n) => n.kind !== 'checklist' && notamTiming(n.start, n.end, now) !== 'expired');
  const hiddenChecklists = notams.filter((n) => n.kind === 'checklist').length;
  const obstacles = shown.filter((n) => n.kind === 'obstacle');
  const rest = shown.filter((n) => n.kind !== 'obstacle');
  const order = (a: NotamRecord, b: NotamRecord) => Number(FLIGHT_CHANGING.has(b.kind)) - Number(FLIGHT_CHANGING.has(a.kind)) || (a.start ?? 0) - (b.start ?? 0);
  if (shown.length === 0) return <Typography data-testid="notams-none">No NOTAMs in force or coming for this airport.</Typography>;
  return (
    <Stack spacing={1.5}>
      {GROUPS.map(([timing, title]) => {
        const list = rest.filter((n) => notamTiming(n.start, n.end, now) === timing).sort(order);
        if (list.length === 0) return null;
        return (
          <Box key={timing} data-testid={`notams-${timing}`}>
            <Typography variant="subtitle1" component="h4">
              {title} ({list.length})
            </Typography>
            <Stack spacing={1}>
              {list.map((n) => (
                <NotamItem key={n.id} notam={n} />
              ))}
            </Stack>
          </Box>
        );
      })}
      {obstacles.length > 0 && (
        <Box data-testid="notams-obstacles">
          <Button sx={TOUCH} startIcon={<CellTowerIcon />} aria-expanded={obstaclesOpen} onClick={() => setObstaclesOpen(!obstaclesOpen)}>
            {obstaclesOpen ? 'Hide' : 'Show'} {obstacles.length} obstacle NOTAM{obstacles.length === 1 ? '' : 's'}
          </Button>
          {obstaclesOpen && (
            <Stack spacing={1}>
              {obstacles.map((n) => (
                <NotamItem key={n.id} notam={n} />
              ))}
            </Stack>
          )}
        </Box>
      )}
      {hiddenChecklists > 0 && (
        <Typography variant="caption" color="text.secondary">
          {hiddenChecklists} checklist NOTAM{hiddenChecklists === 1 ? '' : 's'} hidden.
        </Typography>
      )}
    </Stack>
  );
}

/** The airport page's NOTAMs section (issue 21). */
export function AirportNotamsSection({ airportId, fetchFn, now = Date.now }: { airportId: string; fetchFn?: typeof fetch; now?: () => number }) {
  const state = useAirportNotams(airportId, fetchFn);
  return <AirportNotamsView state={state} now={now} />;
}

/** The NOTAMs section for a state its page already holds (the airport page also draws closed runways from it). */
export function AirportNotamsView({ state, now = Date.now }: { state: AirportNotamsState; now?: () => number }) {
  return (
    <Paper variant="outlined" data-testid="airport-notams" sx={{ p: 2 }}>
      <Typography variant="h6" component="h3">
        NOTAMs
      </Typography>
      {state.kind === 'loading' && <Typography data-testid="notams-loading">Loading NOTAMs...</Typography>}
      {state.kind === 'error' && (
        <Typography role="alert" data-testid="notams-error">
          The NOTAMs could not be loaded: {state.message}
        </Typography>
      )}
      {state.kind === 'loaded' && state.data.fetchedAt === null && (
        <Typography data-testid="notams-unavailable">The server has no NOTAMs yet (no NOTAM source configured or not fetched yet).</Typography>
      )}
      {state.kind === 'loaded' && state.data.fetchedAt !== null && (
        <>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
            Fetched {notamTimeTexts(state.data.fetchedAt).utc}
          </Typography>
          <NotamList notams={state.data.notams} now={now()} />
        </>
      )}
    </Paper>
  );
}

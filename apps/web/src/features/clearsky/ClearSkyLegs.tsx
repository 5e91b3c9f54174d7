import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { formatHhmmZ, type ClearSkyLegResult, type ClearSkyReason, type ClearSkyResult, type TrafficLight } from '@clearway/weather';

/**
 * Spec part 2 §9: "Traffic-light colours: green, amber, red." Day and night tones; the text on each
 * has at least 4.5:1 contrast (white on the day green and red, black on amber and on the night tones).
 */
const LIGHTS: Record<'day' | 'night', Record<TrafficLight, { bg: string; fg: string }>> = {
  day: { green: { bg: '#2e7d32', fg: '#ffffff' }, amber: { bg: '#ffbf00', fg: '#000000' }, red: { bg: '#c62828', fg: '#ffffff' } },
  night: { green: { bg: '#66bb6a', fg: '#000000' }, amber: { bg: '#ffca28', fg: '#000000' }, red: { bg: '#ef5350', fg: '#000000' } },
};

/** The label written beside the colour (the colour is never the only sign). */
export const LIGHT_LABELS: Record<TrafficLight, string> = { green: 'Green', amber: 'Amber', red: 'Red' };

export function TrafficLightBadge({ level, testId }: { level: TrafficLight; testId?: string }) {
  const theme = useTheme();
  const tone = LIGHTS[theme.palette.mode === 'dark' ? 'night' : 'day'][level];
  return (
    <Box
      component="span"
      data-testid={testId}
      data-level={level}
      sx={{ display: 'inline-block', minWidth: '4.5rem', textAlign: 'center', px: 1, py: 0.25, borderRadius: 1, fontWeight: 700, fontSize: '0.875rem', lineHeight: 1.6, bgcolor: tone.bg, color: tone.fg }}
    >
      {LIGHT_LABELS[level]}
    </Box>
  );
}

function ReasonList({ reasons, testId }: { reasons: readonly ClearSkyReason[]; testId: string }) {
  if (reasons.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', rowGap: 0.5 }}>
      {reasons.map((reason, i) => (
        <Typography
          key={i}
          component="li"
          variant="body2"
          data-testid={testId}
          data-level={reason.level}
          data-kind={reason.kind}
          sx={{ overflowWrap: 'anywhere', color: reason.level === 'info' ? 'text.secondary' : 'text.primary', fontWeight: reason.level === 'red' ? 600 : 400 }}
        >
          {reason.level === 'info' ? '' : `${LIGHT_LABELS[reason.level]}: `}
          {reason.text}
        </Typography>
      ))}
    </Box>
  );
}

function LegCard({ leg }: { leg: ClearSkyLegResult }) {
  return (
    <Paper component="li" variant="outlined" data-testid="clearsky-leg" data-level={leg.level} sx={{ p: 1.5, listStyle: 'none' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5, mb: 1 }}>
        <TrafficLightBadge level={leg.level} testId="clearsky-leg-level" />
        <Typography component="h3" variant="subtitle1" data-testid="clearsky-leg-name" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {leg.index + 1}. {leg.fromIdent} → {leg.toIdent}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="clearsky-leg-eta">
          {formatHhmmZ(leg.etaStartMs)}–{formatHhmmZ(leg.etaEndMs)} at {Math.round(leg.altitudeFt).toLocaleString('en-US')} ft
        </Typography>
      </Box>
      <ReasonList reasons={leg.reasons} testId="clearsky-reason" />
    </Paper>
  );
}

/** The whole-route verdict, route-wide findings and one card per leg, worst reasons first. */
export function ClearSkyResultView({ result, elapsedMs }: { result: ClearSkyResult; elapsedMs: number }) {
  const counts = { red: 0, amber: 0, green: 0 };
  for (const leg of result.legs) counts[leg.level] += 1;
  const summary = (['red', 'amber', 'green'] as const)
    .filter((l) => counts[l] > 0)
    .map((l) => `${counts[l]} ${LIGHT_LABELS[l].toLowerCase()}`)
    .join(', ');
  return (
    <Box data-testid="clearsky-result" sx={{ display: 'grid', rowGap: 1.5 }}>
      <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="clearsky-verdict" data-level={result.level}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: result.reasons.length > 0 ? 1 : 0 }}>
          <TrafficLightBadge level={result.level} testId="clearsky-route-level" />
          <Typography component="h2" variant="h6">
            Whole route: {LIGHT_LABELS[result.level]}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {result.legs.length} leg{result.legs.length === 1 ? '' : 's'}
            {summary ? `: ${summary}` : ''} · analysed in {elapsedMs < 1 ? 'under 1' : Math.round(elapsedMs)} ms
          </Typography>
        </Box>
        <ReasonList reasons={result.reasons} testId="clearsky-route-reason" />
      </Paper>
      <Box component="ol" sx={{ m: 0, p: 0, display: 'grid', rowGap: 1 }} aria-label="Legs">
        {result.legs.map((leg) => (
          <LegCard key={leg.index} leg={leg} />
        ))}
      </Box>
    </Box>
  );
}

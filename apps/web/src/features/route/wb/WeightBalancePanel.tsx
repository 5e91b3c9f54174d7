import { useMemo, useState } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { cessna172sTemplate, computeWb, type WbPoint, type WbProfile } from '@clearway/planfiles';
import { FIELD_TARGET } from '../touch';

/** Start, taxi and run-up fuel, US gallons (the Cessna 172S POH's sample loading allows 1.4 gal). */
export const TAXI_FUEL_GAL = 1.4;

interface Inputs {
  emptyWeightLb: string;
  emptyMomentLbIn: string;
  loads: Record<string, string>;
}

const num = (text: string): number => {
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) ? n : NaN;
};

/** Envelope chart: CG arm across, weight up. */
const W = 300;
const H = 200;

function EnvelopeChart({ profile, points }: { profile: WbProfile; points: [string, WbPoint][] }) {
  const theme = useTheme();
  const all = [...profile.envelopes.flatMap((e) => e.points), ...points.map(([, p]) => ({ armIn: p.cgIn, weightLb: p.weightLb }))];
  const minArm = Math.min(...all.map((p) => p.armIn)) - 1;
  const maxArm = Math.max(...all.map((p) => p.armIn)) + 1;
  const minW = Math.min(...all.map((p) => p.weightLb)) - 50;
  const maxW = Math.max(...all.map((p) => p.weightLb)) + 50;
  const x = (arm: number) => ((arm - minArm) / (maxArm - minArm)) * W;
  const y = (lb: number) => H - ((lb - minW) / (maxW - minW)) * H;
  const stroke = { normal: theme.palette.primary.main, utility: theme.palette.text.secondary, acrobatic: theme.palette.text.secondary };
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" style={{ maxWidth: 480, display: 'block' }} role="img" aria-label="CG envelope" data-testid="wb-envelope">
      {profile.envelopes.map((e) => (
        <polygon key={e.category} points={e.points.map((p) => `${x(p.armIn)},${y(p.weightLb)}`).join(' ')} fill="none" stroke={stroke[e.category]} strokeWidth={e.category === 'normal' ? 2 : 1} strokeDasharray={e.category === 'normal' ? undefined : '4 3'} />
      ))}
      {points.map(([label, p]) => {
        const ok = p.within.normal !== false;
        return (
          <g key={label} data-testid={`wb-point-${label}`} data-within={ok ? 'true' : 'false'}>
            <circle cx={x(p.cgIn)} cy={y(p.weightLb)} r={5} fill={ok ? theme.palette.success.main : theme.palette.error.main} />
            <text x={x(p.cgIn) + 7} y={y(p.weightLb) + 4} fontSize={12} fill={theme.palette.text.primary}>
              {label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/**
 * Weight and balance for the flight (issue 24) on the Cessna 172S template (stations, limits and
 * envelopes from its POH): the aircraft's own empty weight and moment, the loads per station, the
 * trip's fuel burn from the navlog; ramp, takeoff, landing and zero-fuel weights and CGs, drawn on the
 * normal (solid) and utility (dashed) envelopes, and every limit exceeded said plainly. The entries
 * are kept while the page is open (not yet stored with the profile).
 */
export function WeightBalancePanel({ fuelBurnGal }: { fuelBurnGal: number }) {
  const template = useMemo(() => cessna172sTemplate(), []);
  const [inputs, setInputs] = useState<Inputs>(() => ({
    emptyWeightLb: String(template.emptyWeightLb),
    emptyMomentLbIn: String(Math.round(template.emptyMomentLbIn)),
    loads: Object.fromEntries(template.stations.map((s) => [s.id, s.kind === 'fuel' ? String(s.max ?? 0) : s.id === 'front' ? '340' : '0'])),
  }));
  const emptyWeight = num(inputs.emptyWeightLb);
  const emptyMoment = num(inputs.emptyMomentLbIn);
  const loads = Object.fromEntries(template.stations.map((s) => [s.id, num(inputs.loads[s.id] ?? '0') || 0]));
  const valid = emptyWeight > 0 && emptyMoment > 0;
  const profile = useMemo(() => cessna172sTemplate(emptyWeight, emptyMoment), [emptyWeight, emptyMoment]);
  const burn = Number.isFinite(fuelBurnGal) ? Math.max(0, fuelBurnGal) : 0;
  const result = valid ? computeWb(profile, { loads, fuelBurnGal: burn, taxiFuelGal: TAXI_FUEL_GAL }) : null;
  const rows: [string, string, WbPoint][] = result
    ? [['Ramp', 'R', result.ramp], ['Takeoff', 'T', result.takeoff], ['Landing', 'L', result.landing], ['Zero fuel', 'Z', result.zeroFuel]]
    : [];
  const field = (label: string, value: string, onChange: (v: string) => void, unit: string, testId: string) => (
    <TextField
      key={testId}
      label={`${label} (${unit})`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      size="small"
      slotProps={{ htmlInput: { 'data-testid': testId, inputMode: 'decimal' } }}
      sx={{ ...FIELD_TARGET, width: { xs: '100%', sm: 220 } }}
    />
  );
  return (
    <Box component="section" data-testid="wb-panel" aria-labelledby="wb-title" sx={{ mt: 2 }}>
      <Typography id="wb-title" variant="h6" component="h2">
        Weight and balance
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {`${template.name} template: ${template.source}. Enter your aircraft's own empty weight and moment. Trip fuel ${burn.toFixed(1)} gal from the navlog, taxi ${TAXI_FUEL_GAL} gal.`}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        {field('Empty weight', inputs.emptyWeightLb, (v) => setInputs((s) => ({ ...s, emptyWeightLb: v })), 'lb', 'wb-empty-weight')}
        {field('Empty moment', inputs.emptyMomentLbIn, (v) => setInputs((s) => ({ ...s, emptyMomentLbIn: v })), 'lb·in', 'wb-empty-moment')}
        {template.stations.map((s) =>
          field(s.name, inputs.loads[s.id] ?? '0', (v) => setInputs((st) => ({ ...st, loads: { ...st.loads, [s.id]: v } })), s.kind === 'fuel' ? 'gal' : 'lb', `wb-load-${s.id}`),
        )}
      </Box>
      {result ? (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Weights and CGs" sx={{ '& td, & th': { px: 1, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } }}>
              <TableHead>
                <TableRow>
                  <TableCell />
                  <TableCell align="right">Weight lb</TableCell>
                  <TableCell align="right">CG in</TableCell>
                  <TableCell align="right">Normal</TableCell>
                  <TableCell align="right">Utility</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map(([name, , p]) => (
                  <TableRow key={name} data-testid="wb-row">
                    <TableCell component="th">{name}</TableCell>
                    <TableCell align="right" data-col="weight">{p.weightLb.toFixed(1)}</TableCell>
                    <TableCell align="right" data-col="cg">{p.cgIn.toFixed(2)}</TableCell>
                    <TableCell align="right" sx={{ color: p.within.normal ? 'text.primary' : 'error.main' }}>{p.within.normal ? 'within' : 'OUTSIDE'}</TableCell>
                    <TableCell align="right" sx={{ color: 'text.secondary' }}>{p.within.utility ? 'within' : 'outside'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <EnvelopeChart profile={profile} points={rows.filter(([name]) => name !== 'Ramp').map(([, short, p]) => [short, p])} />
          {result.problems.length > 0 ? (
            <Box role="alert" data-testid="wb-problems" sx={{ color: 'error.main', fontWeight: 600 }}>
              {result.problems.map((p) => (
                <Typography key={p} variant="body2" sx={{ color: 'inherit', fontWeight: 'inherit' }}>
                  {p}
                </Typography>
              ))}
            </Box>
          ) : (
            <Typography variant="body2" data-testid="wb-ok" color="success.main">
              Within the limits.
            </Typography>
          )}
        </>
      ) : (
        <Typography color="error" variant="body2">Enter the empty weight and moment.</Typography>
      )}
    </Box>
  );
}

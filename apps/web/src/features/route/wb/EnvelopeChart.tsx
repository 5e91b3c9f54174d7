import { useTheme } from '@mui/material/styles';
import type { WbPoint, WbProfile } from '@clearway/flightplan';

/** Envelope chart size in SVG units: CG arm across, weight up. */
const W = 300;
const H = 200;

/**
 * The CG envelopes (normal solid, the others dashed) with the takeoff, landing and zero-fuel points;
 * a point outside the first-checked envelope (normal, else the only one) is drawn in the error colour.
 */
export function EnvelopeChart({ profile, points }: { profile: WbProfile; points: [string, WbPoint][] }) {
  const theme = useTheme();
  const main = profile.envelopes.some((e) => e.category === 'normal') ? 'normal' : profile.envelopes[0]?.category;
  const all = [...profile.envelopes.flatMap((e) => e.points), ...points.map(([, p]) => ({ armIn: p.cgIn, weightLb: p.weightLb }))];
  const minArm = Math.min(...all.map((p) => p.armIn)) - 1;
  const maxArm = Math.max(...all.map((p) => p.armIn)) + 1;
  const minW = Math.min(...all.map((p) => p.weightLb)) - 50;
  const maxW = Math.max(...all.map((p) => p.weightLb)) + 50;
  const x = (arm: number) => ((arm - minArm) / (maxArm - minArm)) * W;
  const y = (lb: number) => H - ((lb - minW) / (maxW - minW)) * H;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" style={{ maxWidth: 480, display: 'block' }} role="img" aria-label="CG envelope" data-testid="wb-envelope">
      {profile.envelopes.map((e) => (
        <polygon
          key={e.category}
          points={e.points.map((p) => `${x(p.armIn)},${y(p.weightLb)}`).join(' ')}
          fill="none"
          stroke={e.category === main ? theme.palette.primary.main : theme.palette.text.secondary}
          strokeWidth={e.category === main ? 2 : 1}
          strokeDasharray={e.category === main ? undefined : '4 3'}
        />
      ))}
      {points.map(([label, p]) => {
        const ok = main === undefined || p.within[main] !== false;
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

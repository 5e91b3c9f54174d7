import { useTheme } from '@mui/material/styles';
import type { WbPoint, WbProfile } from '@clearway/flightplan';

/** Envelope chart size in SVG units: CG arm across, weight up. */
const W = 300;
const H = 200;

/** Points closer than this on the chart (SVG units) share one label, e.g. "T/L" when no fuel is burnt. */
export const SHARED_LABEL_UNITS = 10;

/**
 * The label drawn beside each point: points that fall (nearly) on an earlier one draw none, and the
 * earlier one names them all ("T/L"), so labels never print over each other. `xy` in chart units.
 */
export function pointLabels(points: readonly { label: string; x: number; y: number }[]): (string | null)[] {
  const owner = points.map((p, i) => points.findIndex((q, j) => j < i && Math.hypot(q.x - p.x, q.y - p.y) < SHARED_LABEL_UNITS));
  // A point's owner is the first point it is close to; chains resolve to their first point.
  const root = (i: number): number => (owner[i]! < 0 ? i : root(owner[i]!));
  return points.map((p, i) => (owner[i]! >= 0 ? null : points.filter((_, j) => root(j) === i).map((q) => q.label).join('/')));
}

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
  const labels = pointLabels(points.map(([label, p]) => ({ label, x: x(p.cgIn), y: y(p.weightLb) })));
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
      {points.map(([label, p], i) => {
        const ok = main === undefined || p.within[main] !== false;
        const text = labels[i];
        return (
          <g key={label} data-testid={`wb-point-${label}`} data-within={ok ? 'true' : 'false'}>
            <circle cx={x(p.cgIn)} cy={y(p.weightLb)} r={5} fill={ok ? theme.palette.success.main : theme.palette.error.main} />
            {text ? (
              <text x={x(p.cgIn) + 7} y={y(p.weightLb) + 4} fontSize={12} fill={theme.palette.text.primary}>
                {text}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

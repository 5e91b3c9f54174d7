import { useTheme } from '@mui/material/styles';
import type { Airport, RunwayInfo } from '@clearway/navdb';

/** One runway's centre line (x = longitude, y = latitude, degrees), with its id when known. */
export type DiagramPath = RunwayInfo['runway']['paths'][number] & { id?: string };

export interface RunwayDiagramProps {
  paths: readonly DiagramPath[];
  /** Runway ids (`10L/28R`) a NOTAM in force closes: drawn crossed, in the error colour. */
  closed?: ReadonlySet<string>;
  /** Drawing size in px (square). */
  size?: number;
}

/**
 * The diagram's centre lines from the airport's runways, each with its id, for runways whose first
 * two ends both have a position (as navdb's runwayInfoOf draws them).
 */
export function runwayPaths(airport: Airport): DiagramPath[] {
  return airport.runways.flatMap((runway) => {
    const [a, b] = runway.ends;
    if (!a || !b || a.latDeg === null || a.lonDeg === null || b.latDeg === null || b.lonDeg === null) return [];
    return [{ id: runway.id, x1: a.lonDeg, y1: a.latDeg, x2: b.lonDeg, y2: b.latDeg }];
  });
}

/** Where the crosses of a closed runway go, as fractions of its length (the FAA draws Xs along it). */
const CROSS_AT = [0.2, 0.5, 0.8] as const;
/** Half the size of a cross's arm, px. */
const CROSS_HALF_PX = 7;

/**
 * The runway diagram: runway centre lines (x = longitude, y = latitude, degrees) projected locally
 * (longitude scaled by cos latitude), north up, scaled to fit the square with a margin; a closed
 * runway is drawn in the error colour with crosses along it.
 */
export function RunwayDiagram({ paths, closed, size = 240 }: RunwayDiagramProps) {
  const closedColour = useTheme().palette.error.main;
  if (paths.length === 0) return null;
  const lat0 = paths.reduce((sum, p) => sum + p.y1 + p.y2, 0) / (2 * paths.length);
  const k = Math.cos((lat0 * Math.PI) / 180);
  const pts = paths.map((p) => ({ id: p.id, x1: p.x1 * k, y1: -p.y1, x2: p.x2 * k, y2: -p.y2 }));
  const xs = pts.flatMap((p) => [p.x1, p.x2]);
  const ys = pts.flatMap((p) => [p.y1, p.y2]);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const span = Math.max(Math.max(...xs) - minX, Math.max(...ys) - minY, 1e-6);
  const margin = 16;
  const scale = (size - 2 * margin) / span;
  const offX = margin + (size - 2 * margin - (Math.max(...xs) - minX) * scale) / 2;
  const offY = margin + (size - 2 * margin - (Math.max(...ys) - minY) * scale) / 2;
  const sx = (x: number) => offX + (x - minX) * scale;
  const sy = (y: number) => offY + (y - minY) * scale;
  return (
    <svg data-testid="runway-diagram" role="img" aria-label="Runway diagram" width={size} height={size} viewBox={`0 0 ${size} ${size}`}>
      <rect x={0} y={0} width={size} height={size} fill="none" stroke="currentColor" strokeOpacity={0.2} />
      {pts.map((p, i) => {
        const isClosed = p.id !== undefined && closed?.has(p.id) === true;
        const [x1, y1, x2, y2] = [sx(p.x1), sy(p.y1), sx(p.x2), sy(p.y2)];
        return (
          <g key={p.id ?? i} data-testid={p.id === undefined ? undefined : `diagram-runway-${p.id}`} data-closed={isClosed ? 'true' : 'false'} style={isClosed ? { color: closedColour } : undefined}>
            {isClosed && <title>{`Runway ${p.id} closed (NOTAM)`}</title>}
            <line x1={x1} y1={y1} x2={x2} y2={y2} stroke="currentColor" strokeOpacity={isClosed ? 0.45 : 1} strokeWidth={6} strokeLinecap="butt" />
            {isClosed &&
              CROSS_AT.map((t) => {
                const cx = x1 + (x2 - x1) * t;
                const cy = y1 + (y2 - y1) * t;
                const h = CROSS_HALF_PX;
                return (
                  <g key={t} data-testid="runway-closed-cross" stroke="currentColor" strokeWidth={2.5}>
                    <line x1={cx - h} y1={cy - h} x2={cx + h} y2={cy + h} />
                    <line x1={cx - h} y1={cy + h} x2={cx + h} y2={cy - h} />
                  </g>
                );
              })}
          </g>
        );
      })}
      <text x={size - 12} y={14} fontSize={11} textAnchor="middle" fill="currentColor">
        N
      </text>
    </svg>
  );
}

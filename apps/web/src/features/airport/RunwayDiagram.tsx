import type { RunwayInfo } from '@clearway/navdb';

export interface RunwayDiagramProps {
  paths: RunwayInfo['runway']['paths'];
  /** Drawing size in px (square). */
  size?: number;
}

/**
 * The runway diagram: runway centre lines (x = longitude, y = latitude, degrees) projected locally
 * (longitude scaled by cos latitude), north up, scaled to fit the square with a margin.
 */
export function RunwayDiagram({ paths, size = 240 }: RunwayDiagramProps) {
  if (paths.length === 0) return null;
  const lat0 = paths.reduce((sum, p) => sum + p.y1 + p.y2, 0) / (2 * paths.length);
  const k = Math.cos((lat0 * Math.PI) / 180);
  const pts = paths.map((p) => ({ x1: p.x1 * k, y1: -p.y1, x2: p.x2 * k, y2: -p.y2 }));
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
      {pts.map((p, i) => (
        <line key={i} x1={sx(p.x1)} y1={sy(p.y1)} x2={sx(p.x2)} y2={sy(p.y2)} stroke="currentColor" strokeWidth={6} strokeLinecap="butt" />
      ))}
      <text x={size - 12} y={14} fontSize={11} textAnchor="middle" fill="currentColor">
        N
      </text>
    </svg>
  );
}

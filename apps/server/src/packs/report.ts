import { PACK_KINDS } from '@clearway/protocol';
import type { BuildProgress, BuildReport } from './build.js';

/** Bytes as `12.3 MB` (decimal units, as download sizes are shown). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1e6) return `${(bytes / 1e3).toFixed(1)} kB`;
  if (bytes < 1e9) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${(bytes / 1e9).toFixed(2)} GB`;
}

/** One line of progress: `[#####.....] 3/37 regions  New_York terrain 40/64 tiles`. */
export function progressLine(progress: BuildProgress, width = 24): string {
  const fraction = (progress.regionIndex + (progress.total === 0 ? 1 : progress.done / progress.total) / 3) / Math.max(1, progress.regionCount);
  const filled = Math.min(width, Math.round(fraction * width));
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${progress.regionIndex + 1}/${progress.regionCount} regions  ${progress.region} ${progress.kind} ${progress.done}/${progress.total} tiles`;
}

/** The report a build prints: per kind packs, tiles, bytes and time; regions skipped and why; problems. */
export function formatReport(report: BuildReport): string {
  const lines = [`Region packs for chart cycle ${report.cycle} in ${report.dir}: ${report.built.length} built in ${(report.ms / 1000).toFixed(1)} s`];
  lines.push('  kind      packs    tiles       bytes     time');
  for (const kind of PACK_KINDS) {
    const packs = report.built.filter((pack) => pack.kind === kind);
    const tiles = packs.reduce((sum, pack) => sum + pack.tiles, 0);
    const bytes = packs.reduce((sum, pack) => sum + pack.bytes, 0);
    const ms = packs.reduce((sum, pack) => sum + pack.ms, 0);
    lines.push(`  ${kind.padEnd(8)} ${String(packs.length).padStart(6)} ${String(tiles).padStart(8)} ${formatBytes(bytes).padStart(11)} ${`${(ms / 1000).toFixed(1)} s`.padStart(8)}`);
  }
  if (report.skipped.length > 0) {
    const reasons = new Map<string, string[]>();
    for (const { region, reason } of report.skipped) reasons.set(reason, [...(reasons.get(reason) ?? []), region]);
    for (const [reason, regions] of reasons) lines.push(`Skipped ${regions.length} region${regions.length === 1 ? '' : 's'} (${reason}): ${regions.join(', ')}`);
  }
  for (const problem of report.problems) lines.push(`Problem: ${problem}`);
  return lines.join('\n');
}

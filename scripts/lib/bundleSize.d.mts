// Types of bundleSize.mjs for the TypeScript tests under scripts/.
export const BUNDLE_GROWTH_LIMIT: number;
export const BASELINE_PATH: string;
export interface BundleMeasurement {
  initialFiles: { file: string; gzipBytes: number }[];
  initialGzipBytes: number;
  mapChunkGzipBytes: number;
  allGzipBytes: number;
  allFiles: number;
}
export interface BundleBaseline {
  initialGzipBytes: number;
  mapChunkGzipBytes: number;
  allGzipBytes: number;
  note?: string;
}
export function measureBundle(dist: string): BundleMeasurement;
export function readBaseline(path: string): BundleBaseline;
export function compareWithBaseline(measured: BundleMeasurement, baseline: BundleBaseline, limit?: number): { ok: boolean; growth: number; lines: string[] };
export function baselineFor(measured: BundleMeasurement, note: string): BundleBaseline;

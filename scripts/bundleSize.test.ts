// The bundle budget (issue 23): the initial route's JS, gzipped, may not grow more than 5 % over the
// stored baseline (scripts/bundle-size-baseline.json) without the baseline being updated on purpose.
// `npm test` builds before its unit tests (scripts/test.mjs), so the build in apps/web/dist is the
// one checked here; run `npm run build` first when running this file by itself.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './lib/ensure.mjs';
import { BASELINE_PATH, BUNDLE_GROWTH_LIMIT, compareWithBaseline, measureBundle, readBaseline } from './lib/bundleSize.mjs';

const temp = mkdtempSync(join(tmpdir(), 'clearway-bundle-size-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A small build folder of our own: index.html, its module script, a preload, the map chunk and a lazy chunk. */
function fakeBuild(files: Record<string, string>): string {
  const dist = mkdtempSync(join(temp, 'dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<script type="module" crossorigin src="/assets/index-a1.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-b2.js"><link rel="modulepreload" crossorigin href="/assets/MapView-c3.js">',
  );
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dist, 'assets', name), text);
  return dist;
}

const gz = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;

describe('measureBundle', () => {
  it('counts the module script and preloads as initial, the map chunk apart, and every JS file in all', () => {
    const files = { 'index-a1.js': 'console.log("shell");'.repeat(40), 'vendor-b2.js': 'export const v = 1;'.repeat(90), 'MapView-c3.js': 'map();'.repeat(300), 'lazy-d4.js': 'lazy();' };
    const m = measureBundle(fakeBuild(files));
    expect(m.initialFiles.map((f) => f.file)).toEqual(['assets/index-a1.js', 'assets/vendor-b2.js']);
    expect(m.initialGzipBytes).toBe(gz(files['index-a1.js']) + gz(files['vendor-b2.js']));
    expect(m.mapChunkGzipBytes).toBe(gz(files['MapView-c3.js']));
    expect(m.allGzipBytes).toBe(Object.values(files).reduce((sum, text) => sum + gz(text), 0));
    expect(m.allFiles).toBe(4);
  });

  it('says where the build is missing', () => {
    expect(() => measureBundle(join(temp, 'nowhere'))).toThrow(`no build at ${join(temp, 'nowhere')} (index.html missing): run \`npm run build\` first`);
  });
});

describe('compareWithBaseline', () => {
  const base = { initialGzipBytes: 100_000, mapChunkGzipBytes: 200_000, allGzipBytes: 900_000 };
  const measured = (initialGzipBytes: number) => ({ initialFiles: [], initialGzipBytes, mapChunkGzipBytes: 210_000, allGzipBytes: 950_000, allFiles: 10 });

  it('passes up to 5 % growth and fails past it, telling how to update the baseline', () => {
    expect(BUNDLE_GROWTH_LIMIT).toBe(0.05);
    expect(compareWithBaseline(measured(105_000), base).ok).toBe(true);
    expect(compareWithBaseline(measured(90_000), base).ok).toBe(true);
    const over = compareWithBaseline(measured(105_001), base);
    expect(over.ok).toBe(false);
    expect(over.lines[0]).toBe('initial route JS (gzip -9): 102.5 KiB, baseline 97.7 KiB, ratio 1.050');
    expect(over.lines.at(-1)).toContain('npm run bench:size -- --update-baseline');
  });

  it('refuses a baseline file with a missing or bad figure, naming the field', () => {
    const path = join(temp, 'bad-baseline.json');
    writeFileSync(path, JSON.stringify({ initialGzipBytes: 1000, mapChunkGzipBytes: -1, allGzipBytes: 5 }));
    expect(() => readBaseline(path)).toThrow(`${path}: mapChunkGzipBytes must be a positive whole number of bytes, got -1`);
    writeFileSync(path, '{');
    expect(() => readBaseline(path)).toThrow(`${path}: not readable JSON`);
  });
});

describe('the built app against the stored baseline', () => {
  it(`keeps the initial JS within +${BUNDLE_GROWTH_LIMIT * 100} % of ${BASELINE_PATH}`, () => {
    // A missing build fails here with the command to run (npm test builds before this step).
    const measured = measureBundle(join(repoRoot, 'apps/web/dist'));
    const { ok, lines } = compareWithBaseline(measured, readBaseline(join(repoRoot, BASELINE_PATH)));
    expect(ok, lines.join('\n')).toBe(true);
  });
});

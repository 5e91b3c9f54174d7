// Benchmark (npm run bench:plates, after `npm run build`): the issue 21 targets, printed, never
// asserted: "Plate list of an airport shown within 100 ms of opening it (index local); a 1 MB plate's
// first page drawn within 500 ms in headless Chromium".
//
// The real server imports a d-TPP cycle from a folder (PLATES_SOURCE): the shared real KSFO plates
// with a metafile in the FAA's format (apps/server plates/testFixtures.ts), plus one 1 MB plate made
// here (the shared plates are 10-441 KB): one page of vector linework and text, the stuff plates are
// made of, its content stream left uncompressed so the file is 1 MB. Chromium at tablet size.
//
// 1. Plate list: from the tap on the airport page's Plates button to the airport's charts listed on
//    the plate screen (the index is the server's on loopback; the page's chunk already loaded), RUNS
//    times. Baseline in the same run: the same tap path to the chart supplement page, which is drawn
//    from the nav database in the device's worker (no server call).
// 2. First page drawn: from the tap on a plate in the list to pdf.js's page drawn on the canvas
//    (data-drawn-at), for the 1 MB plate, the largest real plate (ILS OR LOC RWY 28L, 441 KB) and,
//    as the baseline, the smallest real one (HOT SPOT, 10 KB), RUNS times each (pdf.js loaded once
//    before; the first, cold draw of the run printed on its own).
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { dtppCycleAt } from '../apps/server/src/plates/source.js';
import { writeKsfoDtpp } from '../apps/server/src/plates/testFixtures.js';
import { buildTestNavData, launchChromium, signedInContext, startServer, type RunningServer } from './harness.js';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 7));
const BIG_PDF = 'BENCH-VECTOR-1MB.pdf';
const ONE_MB = 1_048_576;

let server: RunningServer;
let browser: Browser;
const work = mkdtempSync(join(tmpdir(), 'clearway-bench-plates-'));

/**
 * A one-page PDF (396 x 612 pt, a plate's 5.5 x 8.5 in) of about `bytes` bytes: strokes, curves and
 * Helvetica text from a seeded generator, uncompressed; a valid file with its cross-reference table.
 */
function vectorPdf(bytes: number): Buffer {
  let seed = 21;
  const rnd = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const xy = () => `${(rnd() * 396).toFixed(2)} ${(rnd() * 612).toFixed(2)}`;
  const ops: string[] = ['0.6 w'];
  let size = 0;
  for (let i = 0; size < bytes - 1200; i += 1) {
    const op = i % 10 === 9 ? `BT /F1 ${(4 + rnd() * 6).toFixed(1)} Tf ${xy()} Td (RWY ${i % 36} ${Math.round(rnd() * 9000)}) Tj ET` : i % 3 === 0 ? `${xy()} m ${xy()} ${xy()} ${xy()} c S` : `${xy()} m ${xy()} l S`;
    ops.push(op);
    size += op.length + 1;
  }
  const content = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 396 612] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

beforeAll(async () => {
  const dtpp = join(work, 'dtpp');
  await writeKsfoDtpp(dtpp, dtppCycleAt(Date.now()), (() => {
    const d = new Date(Date.now() - 86_400_000);
    return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCFullYear() % 100).padStart(2, '0')}`;
  })());
  // The 1 MB plate joins KSFO's charts as one more approach.
  writeFileSync(join(dtpp, BIG_PDF), vectorPdf(ONE_MB));
  const metafile = join(dtpp, 'xml_data', 'd-tpp_Metafile.xml');
  const record = `<record><chartseq>59000</chartseq><chart_code>IAP</chart_code><chart_name>BENCH VECTOR 1 MB</chart_name><useraction></useraction><pdf_name>${BIG_PDF}</pdf_name><faanfd18></faanfd18><amdtnum></amdtnum><amdtdate></amdtdate></record>`;
  writeFileSync(metafile, readFileSync(metafile, 'utf8').replace('</airport_name>', `${record}\n</airport_name>`));
  buildTestNavData(join(work, 'navdata'), 'dev');
  // On a loaded machine the server may need longer than the harness's 20 s: up to three starts.
  for (let attempt = 1; ; attempt += 1) {
    try {
      server = await startServer({ NAVDATA_DIR: join(work, 'navdata'), PLATES_SOURCE: dtpp, PLATES_DIR: join(work, 'plates') });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`[bench:plates] server start ${attempt} failed, trying again`);
    }
  }
  browser = await launchChromium();
  for (let tries = 0; !(await fetch(`${server.origin}/plates/airports/KSFO`)).ok; tries += 1) {
    if (tries > 150) throw new Error(`plates not imported after 30 s:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

function stats(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, min ${sorted[0]?.toFixed(1)} ms (n=${values.length})`;
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;

/** Taps `button` and returns the ms until `done` (evaluated in the page each frame) holds. */
async function timeTap(page: Page, button: string, done: string): Promise<number> {
  return page.evaluate(
    ([sel, predicate]) =>
      new Promise<number>((resolve, reject) => {
        const check = new Function(`return (${predicate})`) as () => boolean;
        const start = performance.now();
        (document.querySelector(sel) as HTMLElement | null)?.click();
        const tick = () => {
          if (check()) resolve(performance.now() - start);
          else if (performance.now() - start > 30_000) reject(new Error(`not done within 30 s: ${predicate}`));
          else requestAnimationFrame(tick);
        };
        tick();
      }),
    [button, done] as const,
  );
}

/** From the tap on a plate to its first page drawn (the canvas's data-drawn-at after the tap). */
async function timePlate(page: Page, pdfName: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const start = performance.now();
        (document.querySelector(`[data-testid="plate-item-${name}"]`) as HTMLElement | null)?.click();
        const tick = () => {
          const canvas = document.querySelector('[data-testid="plate-canvas"]');
          const title = document.querySelector('[data-testid="plate-title"]')?.textContent ?? '';
          const drawn = Number(canvas?.getAttribute('data-drawn-at') ?? -1);
          if (drawn > start && title !== '') resolve(drawn - start);
          else if (performance.now() - start > 30_000) reject(new Error(`${name} not drawn within 30 s`));
          else requestAnimationFrame(tick);
        };
        tick();
      }),
    pdfName,
  );
}

describe('bench:plates', () => {
  it('plate list shown, and first pages drawn (1 MB, 441 KB, 10 KB)', async () => {
    console.log(`[bench:plates] machine load (1, 5, 15 min): ${loadavg().map((l) => l.toFixed(1)).join(', ')}; runs ${RUNS}`);
    const context = await signedInContext(browser, server, { viewport: { width: 1180, height: 820 }, hasTouch: true });
    const page = await context.newPage();
    try {
      await page.goto(`${server.origin}/app/airport?id=KSFO`);
      await page.getByTestId('airport-name').waitFor({ timeout: 60_000 });
      const listed = `document.querySelectorAll('[data-testid^="plate-item-"]').length > 0 && location.pathname.endsWith('/PlateView')`;
      const supplement = `document.querySelector('[data-testid="afd-name"]') !== null`;
      const back = async (path: string) => {
        await page.goBack();
        await page.waitForFunction((p) => location.pathname === p, path);
        await page.getByTestId('airport-name').waitFor();
      };
      // Warm-up: both pages' chunks loaded once.
      await timeTap(page, '[data-testid="airport-plates-link"]', listed);
      await back('/app/airport');
      await timeTap(page, '[data-testid="airport-afd-link"]', supplement);
      await back('/app/airport');
      const lists: number[] = [];
      const afd: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        lists.push(await timeTap(page, '[data-testid="airport-plates-link"]', listed));
        await back('/app/airport');
        afd.push(await timeTap(page, '[data-testid="airport-afd-link"]', supplement));
        await back('/app/airport');
      }
      console.log(`[bench:plates] KSFO plate list shown after the tap (index on the loopback server, 7 charts): ${stats(lists)}`);
      console.log(`[bench:plates] baseline, chart supplement page shown after the tap (nav database in the worker): ${stats(afd)}`);
      console.log(`[bench:plates] ratio plate list / baseline (medians): ${(median(lists) / median(afd)).toFixed(2)}; target 100 ms`);

      await page.goto(`${server.origin}/app/PlateView?airport=KSFO`);
      await page.getByTestId('plate-item-CA-SFO-HOT-SPOT.pdf').waitFor({ timeout: 30_000 });
      const cold = await timePlate(page, 'CA-SFO-HOT-SPOT.pdf');
      console.log(`[bench:plates] cold first draw (pdf.js chunk and worker loaded, HOT SPOT 10 KB): ${cold.toFixed(1)} ms`);
      const plates = [
        [BIG_PDF, '1 MB vector'],
        ['CA-SFO-ILS-OR-LOC-RWY-28L.pdf', 'ILS OR LOC RWY 28L'],
        ['CA-SFO-HOT-SPOT.pdf', 'HOT SPOT (baseline)'],
      ] as const;
      const times = new Map<string, number[]>(plates.map(([name]) => [name, []]));
      for (let i = 0; i < RUNS; i += 1) {
        for (const [name] of plates) {
          // Another plate first, so each tap opens and draws a document anew.
          await timePlate(page, 'CA-SFO-AIRPORT-DIAGRAM.pdf');
          times.get(name)?.push(await timePlate(page, name));
        }
      }
      const base = median(times.get('CA-SFO-HOT-SPOT.pdf') ?? []);
      const dtppDir = join(work, 'dtpp');
      for (const [name, label] of plates) {
        const values = times.get(name) ?? [];
        console.log(`[bench:plates] first page drawn after the tap, ${label} (${(statSync(join(dtppDir, name)).size / 1024).toFixed(0)} KB): ${stats(values)}; ratio to baseline ${(median(values) / base).toFixed(2)}`);
      }
      console.log('[bench:plates] target: 1 MB plate drawn within 500 ms');
    } finally {
      await context.close();
    }
  });
});

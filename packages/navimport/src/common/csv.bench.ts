// Reading the national NASR CSV files: our splitter against csv-parse (the baseline), same run.
// Run: npx vitest bench --run --project packages packages/navimport/src/common/csv.bench.ts
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { bench, describe } from 'vitest';
import { readCsvRecords } from './csv.js';
import { IssueCollector } from './diagnostics.js';
import { sharedDataPath } from './sharedData.js';

const national = sharedDataPath('navdata/faa-nasr/national');

for (const name of ['FIX_BASE.csv', 'APT_BASE.csv']) {
  const path = join(national, name);
  describe(name, () => {
    bench('csv-parse (baseline)', async () => {
      for await (const record of createReadStream(path).pipe(parse({ relax_column_count: true }))) void record;
    }, { iterations: 5, time: 0 });
    bench('readCsvRecords', async () => {
      for await (const batch of readCsvRecords(path, { file: name, issues: new IssueCollector() })) void batch;
    }, { iterations: 5, time: 0 });
  });
}

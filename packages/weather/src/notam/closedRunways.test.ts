import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { closedRunwayIds, notamsFromFaaApiAnswer, runwaysNamed, type NotamRecord } from './index.js';

// The real international answer of ../shared/data/notam holds one runway closure (FADA C0538/08);
// the KOSH answer holds runway lighting outages, which close nothing.
const NOTAM_DIR = fileURLToPath(new URL('../../../../../shared/data/notam/', import.meta.url));
function answer(name: string): NotamRecord[] {
  const path = NOTAM_DIR + name;
  if (!existsSync(path)) throw new Error(`NOTAM API answer expected at ${path} (the shared data folder beside the repository, ../shared/data)`);
  return notamsFromFaaApiAnswer(JSON.parse(readFileSync(path, 'utf8'))).notams;
}

describe('closed runways from NOTAMs', () => {
  it('reads the runways a closure names, each once', () => {
    expect(runwaysNamed('RWY 18/36 RWY11/29 RWY15/33 CLSD.')).toEqual(['18/36', '11/29', '15/33']);
    expect(runwaysNamed('RWY 28R CLSD EXC TAX')).toEqual(['28R']);
    expect(runwaysNamed('RWY 1L/19R CLSD; RWY 1L/19R')).toEqual(['1L/19R']);
    // Not runway designators: 37, a helipad, a runway's taxiway mention without RWY.
    expect(runwaysNamed('RWY 37 CLSD, RWY H1 CLSD, TWY A CLSD')).toEqual([]);
  });

  it('FADA C0538/08 closes 18/36, 11/29 and 15/33 while in force, and nothing after it ended', () => {
    const closure = answer('faa-notamapi-v1-intl-page1-2024-02.json').find((n) => n.number === 'C0538/08');
    expect(closure?.kind).toBe('closed-runway');
    const runways = ['03/21', '11/29', '15/33', '18/36'];
    const inForce = (closure?.start ?? 0) + 60_000;
    expect([...closedRunwayIds([closure!], runways, inForce)].sort()).toEqual(['11/29', '15/33', '18/36']);
    expect(typeof closure?.end).toBe('number');
    expect(closedRunwayIds([closure!], runways, (closure?.end ?? 0) + 1).size).toBe(0);
    // Before it starts it is not in force either.
    expect(closedRunwayIds([closure!], runways, (closure?.start ?? 0) - 60_000).size).toBe(0);
  });

  it("KOSH's runway lighting outages (lighting-out) close no runway; one end named closes the runway; 1L matches 01L", () => {
    const kosh = answer('faa-notamapi-v1-KOSH-2024-07.geojson');
    expect(closedRunwayIds(kosh, ['09/27', '18/36', '05/23', '13/31'], Date.UTC(2024, 6, 24, 12)).size).toBe(0);
    const closure = { ...kosh[0]!, kind: 'closed-runway' as const, text: 'RWY 1L CLSD', start: 0, end: null, permanent: false };
    expect([...closedRunwayIds([closure], ['01L/19R', '01R/19L', '10L/28R'], 1)]).toEqual(['01L/19R']);
  });
});

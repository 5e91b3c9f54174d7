import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IssueCollector } from '../common/diagnostics.js';
import { sharedDataPath } from '../common/sharedData.js';
import { readCifp } from './readCifp.js';

/**
 * The real CIFP excerpt (every KHWD record of cycle 2003). Counts and issue counts are pinned: they
 * may only improve. The dangling references are the STAR and approach fixes that live in other
 * sections of the full CIFP (enroute waypoints, VHF navaids), which the excerpt does not carry.
 */
describe('CIFP corpus: FAACIFP18-KHWD-cycle2003', () => {
  it('reads every KHWD record with the pinned counts and issues', async () => {
    const path = join(sharedDataPath('navdata/faa-cifp'), 'FAACIFP18-KHWD-cycle2003');
    const issues = new IssueCollector();
    const started = performance.now();
    const data = await readCifp(path, { issues });
    console.log(`CIFP KHWD read in ${Math.round(performance.now() - started)} ms`);

    expect(data.edition).toBe('2003');
    expect(data.effective).toBe('2020-02-27');
    expect(data.stats.lines).toBe(102);
    expect(data.stats.records).toEqual({ PA: 1, PC: 16, PE: 33, PF: 37, PG: 4 });
    expect(data.stats.skipped).toEqual({ PI: 1, PP: 2, PS: 2 });
    expect(data.stats.continuations).toBe(1);

    expect(data.airports.map((a) => a.id)).toEqual(['HWD']);
    expect(data.airports[0]?.runways.map((r) => `${r.id}:${r.ends.length}`)).toEqual(['10L/28R:2', '10R/28L:2']);
    expect(data.fixes).toHaveLength(16);
    expect(data.navaids).toHaveLength(0);
    expect(data.airways).toHaveLength(0);

    const summary = data.procedures.map((p) => `${p.kind} ${p.id}: ${p.transitions.map((t) => `${t.id || '-'}/${t.routeType}/${t.legs.length}`).join(' ')}`);
    expect(summary).toEqual([
      'STAR PXN6: AVE/1/2 GMN/1/3 ALL/2/5',
      'STAR SHARR1: MRLET/4/6 RPARK/4/8 RUSME/4/5 ALL/5/4',
      'APPROACH L28L: SJC/A/3 -/L/6',
      'APPROACH R28L: SJC/A/3 SUNOL/A/3 VINCO/A/2 -/R/11',
      'APPROACH VDM-A: SJC/A/2 -/D/7',
    ]);
    const legs = data.procedures.flatMap((p) => p.transitions.flatMap((t) => t.legs));
    expect(legs).toHaveLength(70);
    expect(legs.filter((l) => l.missedApproach)).toHaveLength(7);
    expect(legs.filter((l) => l.fixKind === 'unknown')).toHaveLength(43);

    // Pinned issue counts: only dangling references, no errors.
    expect(issues.counts()).toEqual({ errors: 0, warnings: 43, total: 43 });
    expect(data.stats.danglingReferences).toBe(43);
    expect(issues.issues.every((i) => i.message.startsWith('dangling reference: '))).toBe(true);
  });
});

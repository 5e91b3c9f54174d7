import { describe, expect, it } from 'vitest';
import { readContainer, writeContainer } from './container.js';
import { encodeNavDb, openNavDb } from './index.js';
import { sampleNavDataSet } from './testing/index.js';

/** The sample with remarks on its first airport (FAA NASR APT_RMK text of KHWD's kind) and none on the others. */
function withRemarks() {
  const data = sampleNavDataSet();
  const first = data.airports[0];
  if (!first) throw new Error('the navdb sample has no airport');
  first.remarks = ['NOISE SENSITIVE AREA; AVOID OVERFLYING RESIDENTIAL AREAS.', 'RWY 28L: PCR VALUE: 401/F/D/X/T', 'ÜNICODE ✈ KEPT'];
  return data;
}

describe('airport remarks in the artifact', () => {
  it('keeps each airport remarks in their order, and none where there were none', () => {
    const data = withRemarks();
    const db = openNavDb(encodeNavDb(data));
    const [first, second] = data.airports;
    expect(db.airport(first?.id ?? '')?.remarks).toEqual(first?.remarks);
    expect(db.airport(second?.id ?? '')?.remarks).toBeUndefined();
  });

  it('opens an artifact written before remarks (no remark sections): the airports have none', () => {
    const bytes = encodeNavDb(withRemarks());
    const container = readContainer(bytes);
    const sections = [...container.sections.values()]
      .filter(({ entry }) => entry.name !== 'apt.rmkStart' && entry.name !== 'rmk.text')
      .map(({ entry, data }) => ({ name: entry.name, data, ...(entry.scale === undefined ? {} : { scale: entry.scale }) }));
    expect(sections.length).toBe(container.sections.size - 2);
    const older = openNavDb(writeContainer(container.header, sections));
    const first = sampleNavDataSet().airports[0];
    const airport = older.airport(first?.id ?? '');
    expect(airport?.name).toBe(first?.name);
    expect(airport?.remarks).toBeUndefined();
  });
});

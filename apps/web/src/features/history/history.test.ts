import { describe, expect, it } from 'vitest';
import { dedupeRecents } from './history';

describe('search history', () => {
  it('de-duplicates recent searches by uppercased code, newest first, without deleted rows', () => {
    const rows = [
      { code: 'khwd', ts: 1, deleted: 'F' },
      { code: 'KSFO', ts: 3, deleted: 'F' },
      { code: 'KHWD', ts: 2, deleted: 'F' },
      { code: 'KOAK', ts: 4, deleted: 'T' },
    ];
    expect(dedupeRecents(rows).map((r) => r.code)).toEqual(['KSFO', 'KHWD']);
  });
});

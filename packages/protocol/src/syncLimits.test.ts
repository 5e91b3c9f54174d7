import { describe, expect, it } from 'vitest';
import { syncProfileRequestSchema } from './sync.js';
import { syncContinuationSchema, syncQuotaBody, syncQuotaBodySchema } from './syncLimits.js';

describe('sync limits wire', () => {
  it('takes a continuation marker of the server\'s form in a request and refuses anything else at its path', () => {
    const request = { cust_id: 'c', uuid: 'u', since: 0, key: 'fav_airports', sync_objects: [] };
    expect(syncProfileRequestSchema.parse({ ...request, continuation: '1790000000000:0b6c1a2e-1f7e-4c5e-9d1a-2b3c4d5e6f70' }).continuation).toBe(
      '1790000000000:0b6c1a2e-1f7e-4c5e-9d1a-2b3c4d5e6f70',
    );
    expect(syncProfileRequestSchema.parse(request).continuation).toBeUndefined();
    for (const bad of ['', '12', 'x:y', '1:a b', `1:${'a'.repeat(65)}`, "1:a' or 1=1"]) {
      expect(syncContinuationSchema.safeParse(bad).success).toBe(false);
      const parsed = syncProfileRequestSchema.safeParse({ ...request, continuation: bad });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['continuation']);
    }
  });

  it('names the quota that was reached in the 413 body', () => {
    const limits = { records: 50_000, bytes: 32 * 1024 * 1024 };
    const records = syncQuotaBody('records', limits);
    expect(syncQuotaBodySchema.parse(records)).toEqual(records);
    expect(records.error).toContain('at most 50000 records');
    expect(syncQuotaBody('bytes', limits).error).toContain('at most 32 MiB');
    expect(syncQuotaBody('bytes', { records: 3, bytes: 1500 }).error).toContain('at most 1500 bytes');
  });
});

import { describe, expect, it } from 'vitest';
import swShareSource from '../../../../public/sw-share.js?raw';
import { SHARED_PLAN_CACHE, SHARED_PLAN_KEY, sharedPlanProblem, takeSharedPlan } from './sharedPlan';

describe('the shared plan (share target)', () => {
  it('says plainly when the share carried no file or could not be read; a waiting file is no problem', () => {
    expect(sharedPlanProblem('none')).toBe('The share carried no flight plan file.');
    expect(sharedPlanProblem('error')).toBe('The shared file could not be read.');
    expect(sharedPlanProblem('1')).toBeNull();
  });

  it('without Cache Storage there is no shared file (jsdom has none; the e2e uses the one of Chromium)', async () => {
    expect(await takeSharedPlan(undefined)).toBeNull();
  });

  it('the service worker script keeps the file under the same cache and key the route screen reads', () => {
    expect(swShareSource).toContain(`const CLEARWAY_SHARED_PLAN_CACHE = '${SHARED_PLAN_CACHE}';`);
    expect(swShareSource).toContain(`const CLEARWAY_SHARED_PLAN_KEY = '${SHARED_PLAN_KEY}';`);
    expect(swShareSource).toContain("const CLEARWAY_SHARE_PATH = '/app/route/share';");
  });
});

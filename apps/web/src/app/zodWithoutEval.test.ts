import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseWithoutEval } from './zodWithoutEval';

describe('parseWithoutEval', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('keeps a zod loaded afterwards from probing for eval, which the CSP would report', async () => {
    parseWithoutEval();
    // A fresh zod (its eval probe is cached per copy) and fresh protocol schemas made with it.
    vi.resetModules();
    const probe = vi.spyOn(globalThis, 'Function');
    const { clientConfigSchema, sameOriginEndpoints } = await import('@clearway/protocol');
    const config = { env: 'localhost', version: '1.0.0', dataChannel: 'dev', remoteLogging: false, endpoints: sameOriginEndpoints() };
    expect(clientConfigSchema.parse(config)).toEqual(config);
    expect(probe).not.toHaveBeenCalled();
  });

  it('sets zod\'s shared settings whether or not zod has made them yet', () => {
    const early: { __zod_globalConfig?: { jitless?: boolean } } = {};
    parseWithoutEval(early);
    expect(early.__zod_globalConfig).toEqual({ jitless: true });
    const shared = { customError: undefined, jitless: false };
    const late = { __zod_globalConfig: shared };
    parseWithoutEval(late);
    // The same object zod already holds, changed in place.
    expect(late.__zod_globalConfig).toBe(shared);
    expect(shared.jitless).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { onServerUnreachable, reportingFetch } from './serverFetch';

describe('serverFetch', () => {
  it('tells its listeners of network failures only, and passes results and errors through', async () => {
    const failures: string[] = [];
    const fetchFn = reportingFetch((async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('abort')) throw new DOMException('aborted', 'AbortError');
      if (url.includes('down')) throw new TypeError('Failed to fetch');
      return new Response(url.includes('missing') ? 'no' : 'ok', { status: url.includes('missing') ? 404 : 200 });
    }) as typeof fetch);
    const stop = onServerUnreachable(() => failures.push('failed'));
    expect(await (await fetchFn('/api/config')).text()).toBe('ok');
    // An HTTP error is an answer: the server is there.
    expect((await fetchFn('/api/missing')).status).toBe(404);
    await expect(fetchFn('/api/down')).rejects.toThrow('Failed to fetch');
    await expect(fetchFn('/api/abort')).rejects.toThrow('aborted');
    expect(failures).toEqual(['failed']);
    stop();
    await expect(fetchFn('/api/down')).rejects.toThrow(TypeError);
    expect(failures).toEqual(['failed']);
  });
});

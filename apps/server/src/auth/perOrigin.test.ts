import { describe, expect, it } from 'vitest';
import { PerOrigin } from './perOrigin.js';

describe('PerOrigin', () => {
  it('makes one value per origin and keeps at most `limit`, dropping the least recently used', async () => {
    const made: string[] = [];
    const values = new PerOrigin(async (origin) => {
      made.push(origin);
      return `value of ${origin}`;
    }, 2);
    expect(await values.get('http://a')).toBe('value of http://a');
    await values.get('http://b');
    await values.get('http://a');
    // a was used last, so c pushes out b.
    await values.get('http://c');
    expect(values.size).toBe(2);
    await values.get('http://a');
    await values.get('http://b');
    expect(made).toEqual(['http://a', 'http://b', 'http://c', 'http://b']);
  });

  it('forgets a failed make, so the next use tries again', async () => {
    let attempts = 0;
    const values = new PerOrigin(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('database down');
      return 'ready';
    });
    await expect(values.get('http://a')).rejects.toThrow('database down');
    expect(await values.get('http://a')).toBe('ready');
    expect(attempts).toBe(2);
  });
});

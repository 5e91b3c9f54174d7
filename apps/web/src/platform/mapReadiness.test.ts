import { describe, expect, it } from 'vitest';
import { mapReadinessSource } from './readiness';

describe('map readiness source', () => {
  it('reports ready when the map first goes idle, once', () => {
    const source = mapReadinessSource();
    const reports: string[] = [];
    source.start((state) => reports.push(state));
    source.ready();
    expect(reports).toEqual(['ready']);
  });

  it('keeps an outcome reported before it starts (no WebGL at mount)', () => {
    const source = mapReadinessSource();
    source.fail('no WebGL');
    const reports: [string, string | undefined][] = [];
    source.start((state, reason) => reports.push([state, reason]));
    expect(reports).toEqual([['unavailable', 'no WebGL']]);
  });
});

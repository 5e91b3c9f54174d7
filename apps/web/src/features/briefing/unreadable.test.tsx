// Reports on the device that do not decode: the worker leaves them out of the briefing and names them,
// and the briefing says so under its heading (printed with it). Real routing handlers over the tiny
// nav data set; the weather is a TAF snapshot with one good and one broken report.
import { render, screen } from '@testing-library/react';
import type { TafSnapshot } from '@clearway/protocol';
import { describe, expect, it } from 'vitest';
import { tinyArtifact } from '../../test/navFixture';
import { createRoutingHandlers, runHandler } from '../../worker/handlers';
import type { RoutingMethod, RoutingParams } from '../../worker/messages';
import type { RoutingWorkerFacade } from '../../worker/facade';
import { BriefingView, UNREADABLE_LISTED, unreadableText } from './BriefingView';
import { runAreaBriefing, type BriefingContext } from './runBriefing';

const NOW = Date.UTC(2026, 0, 31, 3, 0);
const ISSUED = Date.UTC(2026, 0, 31, 2, 40);

async function context(taf: TafSnapshot): Promise<BriefingContext> {
  const handlers = createRoutingHandlers();
  const signal = new AbortController().signal;
  await runHandler(handlers, 'loadDatabase', { bytes: tinyArtifact() }, { signal });
  const call = <M extends RoutingMethod>(method: M, params: RoutingParams<M>) => runHandler(handlers, method, params, { signal });
  return {
    routing: { call } as unknown as RoutingWorkerFacade,
    loadSnapshots: async () => ({ metar: null, taf, pirep: null, airmet: null, fbo: null }),
    notams: { airport: () => Promise.reject(new Error('offline')), tfrs: () => Promise.reject(new Error('offline')), now: () => NOW },
    now: () => NOW,
  };
}

describe('reports that cannot be read', () => {
  it('are left out of the briefing, named in its outcome and said under its heading', async () => {
    const taf: TafSnapshot = {
      type: 'taf',
      cycle: ISSUED,
      tafs: [
        { id: 'KOAK', lat: 37.72, lon: -122.22, issued: ISSUED, validFrom: ISSUED, validTo: ISSUED + 86_400_000, raw: 'TAF KOAK 310240Z 3103/0106 VRB03KT P6SM SKC' },
        { id: 'KBAD', lat: 37.7, lon: -122.2, issued: ISSUED, validFrom: ISSUED, validTo: ISSUED + 86_400_000, raw: 'TAF KBAD 999999Z GARBAGE' },
      ],
    };
    const outcome = await runAreaBriefing(await context(taf), { place: '37.7, -122.2', radiusNm: 25, fromMs: NOW, hours: 3, altitudeFt: 4500 });
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.unreadable).toHaveLength(1);
    expect(outcome.unreadable[0]).toMatch(/^TAF KBAD: \S/);
    // The good TAF is briefed as the destination forecast of the area; the broken one is not.
    const sources = outcome.briefing.sections.flatMap((s) => s.items.map((i) => i.source));
    expect(sources).toContain('TAF KOAK');
    expect(sources.some((source) => source.includes('KBAD'))).toBe(false);

    render(<BriefingView briefing={outcome.briefing} unreadable={outcome.unreadable} onPrint={() => undefined} />);
    expect(screen.getByTestId('briefing-unreadable').textContent).toBe(`Left out, could not be read: ${outcome.unreadable[0]}.`);
  });

  it('says nothing when every report was read, and counts what it does not list', () => {
    expect(unreadableText([])).toBeNull();
    const many = Array.from({ length: UNREADABLE_LISTED + 2 }, (_, i) => `TAF K00${i}: empty TAF`);
    expect(unreadableText(many)).toBe(`Left out, could not be read: ${many.slice(0, UNREADABLE_LISTED).join('; ')}; and 2 more.`);
  });
});

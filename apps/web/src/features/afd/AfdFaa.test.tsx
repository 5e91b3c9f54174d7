import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../store';
import { testPrefs } from '../../test/renderApp';
import { tinyArtifact } from '../../test/navFixture';
import { ServicesContext } from '../../platform/services';
import { createRoutingHandlers, runHandler } from '../../worker/handlers';
import type { RoutingMethod, RoutingParams } from '../../worker/messages';
import type { RoutingWorkerFacade } from '../../worker/facade';
import { AfdPage, type AfdPageProps } from './AfdPage';
import { FAA_SUPPLEMENT_SOURCE_TEXT } from './faaSupplement';

async function routing(): Promise<RoutingWorkerFacade> {
  const handlers = createRoutingHandlers();
  const signal = new AbortController().signal;
  await runHandler(handlers, 'loadDatabase', { bytes: tinyArtifact() }, { signal });
  return { call: <M extends RoutingMethod>(method: M, params: RoutingParams<M>) => runHandler(handlers, method, params, { signal }) } as unknown as RoutingWorkerFacade;
}

/** The server's answers as apps/server plates/supplement.ts gives them (tested there against a d-CS folder). */
function server(withDcs: boolean): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const url = String(input);
    if (withDcs && url === '/supplement/airports/KHWD') {
      return new Response(JSON.stringify({ airport: 'HWD', name: 'HAYWARD EXECUTIVE', city: 'HAYWARD', state: 'CALIFORNIA', pages: [{ pdf: 'sw_101.pdf', url: '/supplement/files/sw_101.pdf' }, { pdf: 'sw_102.pdf', url: '/supplement/files/sw_102.pdf' }] }), { status: 200 });
    }
    if (withDcs && url.startsWith('/supplement/files/')) return new Response(url.slice('/supplement/files/'.length), { status: 200 });
    return new Response(JSON.stringify({ error: 'No FAA chart supplement on this server (SUPPLEMENT_SOURCE is not set)' }), { status: 404 });
  }) as typeof fetch;
}

type PlateRenderer = Awaited<ReturnType<NonNullable<AfdPageProps['loadRenderer']>>>;

/** pdf.js needs a canvas jsdom lacks: a renderer that records the pages it was asked to draw. */
function recordingRenderer() {
  const draws: string[] = [];
  const renderer: PlateRenderer = {
    async open(bytes) {
      const pdf = new TextDecoder().decode(bytes);
      return { pages: 1, size: async () => ({ width: 612, height: 792 }), draw: async (page) => void draws.push(`${pdf} p${page}`), close: () => undefined };
    },
  };
  return { draws, load: async () => renderer };
}

async function show(fetchFn: typeof fetch, load: () => Promise<PlateRenderer>) {
  const prefs = testPrefs();
  render(
    <Provider store={makeStore({ prefs })}>
      <ServicesContext.Provider value={{ prefs, applyUpdate: () => undefined, appVersion: 'test', routing: await routing() }}>
        <MemoryRouter initialEntries={['/app/show_afd?id=KHWD']}>
          <Routes>
            <Route path="/app/show_afd" element={<AfdPage fetchFn={fetchFn} loadRenderer={load} />} />
          </Routes>
        </MemoryRouter>
      </ServicesContext.Provider>
    </Provider>,
  );
}

describe('AfdPage with the FAA d-CS', () => {
  it('draws the airport d-CS pages in order when the server has them, and says they are the FAA pages', async () => {
    const { draws, load } = recordingRenderer();
    await show(server(true), load);
    expect((await screen.findByTestId('afd-name')).textContent).toBe('HAYWARD EXECUTIVE (HWD)');
    await waitFor(() => expect(screen.getByTestId('pdf-pages').getAttribute('data-drawn')).toBe('2'));
    expect(draws).toEqual(['sw_101.pdf p1', 'sw_102.pdf p1']);
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('aria-label'))).toEqual(['HAYWARD EXECUTIVE chart supplement, page 1', 'HAYWARD EXECUTIVE chart supplement, page 2']);
    expect(screen.getByTestId('afd-source').textContent).toBe(FAA_SUPPLEMENT_SOURCE_TEXT);
    expect(screen.queryByTestId('afd-entry')).toBeNull();
  });

  it('shows the generated supplement when the server has no d-CS', async () => {
    const { draws, load } = recordingRenderer();
    await show(server(false), load);
    expect((await screen.findByTestId('afd-name')).textContent).toBe('HAYWARD EXECUTIVE (HWD)(KHWD)');
    expect(screen.getByTestId('afd-entry')).toBeTruthy();
    expect(screen.queryByTestId('afd-faa')).toBeNull();
    expect(draws).toEqual([]);
  });
});

// What the briefing pages read, wired once: the device's weather snapshots (features/weather, the
// stored ones offline) and the server's NOTAMs and TFRs (features/notams, /notams/tfrs.geojson).
import { fetchAirportNotams } from '../notams';
import { loadWeatherSnapshot } from '../weather';
import { serverFetch } from '../../platform/serverFetch';
import type { BriefingSnapshots, NotamSources } from './briefingInput';

/** The server's TFRs (apps/server notams/routes.ts). */
export const TFRS_PATH = '/notams/tfrs.geojson';

export async function loadBriefingSnapshots(): Promise<BriefingSnapshots> {
  const [metar, taf, pirep, airmet, fbo] = await Promise.all([
    loadWeatherSnapshot('metar'),
    loadWeatherSnapshot('taf'),
    loadWeatherSnapshot('pirep'),
    loadWeatherSnapshot('airmet'),
    loadWeatherSnapshot('fbo'),
  ]);
  return { metar, taf, pirep, airmet, fbo };
}

export function serverNotamSources(fetchFn: typeof fetch = serverFetch): NotamSources {
  return {
    airport: (id, signal) => fetchAirportNotams(id, fetchFn, signal),
    tfrs: async (signal) => {
      const response = await fetchFn(TFRS_PATH, { cache: 'no-cache', signal });
      if (!response.ok) throw new Error(`${TFRS_PATH} answered ${response.status}`);
      return (await response.json()) as unknown;
    },
    now: () => Date.now(),
  };
}

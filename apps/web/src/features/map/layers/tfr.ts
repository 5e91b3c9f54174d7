import type { FeatureCollection } from 'geojson';
import { notamTimeTexts } from '@clearway/weather';
import { serverFetch } from '../../../platform/serverFetch';
import { fillSource, whenSourceExists } from './fillSource';
import type { MapOverlay, OverlayMap, OverlayOutput } from './overlay';

/** The server's TFRs (apps/server notams/: the FAA TFR list joined with the FDC NOTAMs). */
export const TFR_PATH = '/notams/tfrs.geojson';
/** TFRs are fetched again after this long while the layer is on, ms. */
export const TFR_REFRESH_MS = 5 * 60_000;
const LAYERS = ['tfr-fill', 'tfr-line', 'tfr-label'] as const;

interface TfrProperties {
  notam?: string;
  title?: string;
  floorFt?: number | null;
  ceilingFt?: number | null;
  floorAgl?: boolean;
  ceilingAgl?: boolean;
  start?: number | null;
  end?: number | null;
}

function altitude(ft: number | null | undefined, agl: boolean | undefined): string {
  if (ft === null || ft === undefined) return '?';
  if (ft === 0 && agl === true) return 'SFC';
  return `${ft.toLocaleString('en-US')} ft${agl === true ? ' AGL' : ' MSL'}`;
}

/** What a TFR's label says: its NOTAM, altitudes and times (UTC); unknown ones say where to look. */
export function tfrLabel(p: TfrProperties): string {
  const altitudes = p.floorFt === null || p.floorFt === undefined || p.ceilingFt === null || p.ceilingFt === undefined ? 'altitudes: see NOTAM' : `${altitude(p.floorFt, p.floorAgl)} to ${altitude(p.ceilingFt, p.ceilingAgl)}`;
  const time = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : notamTimeTexts(ms).utc);
  const from = time(p.start);
  const until = time(p.end);
  const times = from === null && until === null ? 'times: see NOTAM' : `${from ?? 'now'} until ${until ?? 'further notice'}`;
  return [`TFR ${p.notam ?? ''}`.trim(), altitudes, times].join('\n');
}

/** The collection with a `label` on each feature, as the label layer shows it. */
export function labelledTfrs(collection: FeatureCollection): FeatureCollection {
  return { ...collection, features: collection.features.map((f) => ({ ...f, properties: { ...f.properties, label: tfrLabel((f.properties ?? {}) as TfrProperties) } })) };
}

export interface TfrInput {
  shown: boolean;
}

/**
 * TFRs on the map (issue 21): their areas filled and outlined in red with their NOTAM, altitudes and
 * times, fetched from the server when switched on (and every TFR_REFRESH_MS while on). A failed
 * fetch keeps what was drawn and says why in `data-map-tfr-error`. `fetchFn` is the test's seam.
 */
export function createTfrOverlay(fetchFn: typeof fetch = serverFetch, now: () => number = Date.now): MapOverlay<TfrInput> {
  let fetchedAt = -Infinity;
  let pending: Promise<void> | null = null;
  const load = (map: OverlayMap, out: OverlayOutput) => {
    if (pending !== null || now() - fetchedAt < TFR_REFRESH_MS) return pending;
    pending = (async () => {
      try {
        const response = await fetchFn(TFR_PATH, { cache: 'no-cache' });
        if (!response.ok) throw new Error(`${TFR_PATH} answered ${response.status}`);
        const collection = (await response.json()) as FeatureCollection;
        if (collection.type !== 'FeatureCollection' || !Array.isArray(collection.features)) throw new Error(`${TFR_PATH} is not a GeoJSON FeatureCollection`);
        fetchedAt = now();
        fillSource(map, 'tfr', labelledTfrs(collection));
        out['mapTfrCount'] = String(collection.features.length);
        delete out['mapTfrError'];
      } catch (error) {
        out['mapTfrError'] = error instanceof Error ? error.message : String(error);
      } finally {
        pending = null;
      }
    })();
    return pending;
  };
  return {
    id: 'tfr',
    toggle: { label: 'TFR (temporary flight restrictions)', testId: 'map-tfr', text: 'TFR' },
    style: ({ theme, shown, performance }) => {
      // Label colours read at least 4.5:1 against their halo (mapStyle.test.ts, issue 27 point 8).
      const red = theme === 'night' ? '#ff8a80' : '#b71c1c';
      const visibility = shown ? 'visible' : 'none';
      return {
        sources: { tfr: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } } },
        layers: {
          lines: [
            { id: 'tfr-fill', type: 'fill', source: 'tfr', layout: { visibility }, paint: { 'fill-color': red, 'fill-opacity': 0.18 } },
            { id: 'tfr-line', type: 'line', source: 'tfr', layout: { visibility }, paint: { 'line-color': red, 'line-width': 2 } },
          ],
          // Performance mode: the areas without their labels (fewer labels, no collision work).
          labels: performance ? [] : [
            {
              id: 'tfr-label',
              type: 'symbol',
              source: 'tfr',
              layout: { visibility, 'text-field': ['get', 'label'], 'text-size': 12, 'symbol-placement': 'point' },
              paint: { 'text-color': red, 'text-halo-color': theme === 'night' ? '#000000' : '#ffffff', 'text-halo-width': 1.5 },
            },
          ],
        },
      };
    },
    select: (state) => ({ shown: state.overlays.shown['tfr'] === true }),
    update(map, { shown }, out) {
      out['mapTfr'] = shown ? 'on' : 'off';
      whenSourceExists(map, 'tfr', () => {
        for (const id of LAYERS) if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', shown ? 'visible' : 'none');
      });
      if (shown) void load(map, out);
    },
  };
}

export const tfrOverlay = createTfrOverlay();

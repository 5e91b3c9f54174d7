import type { FeatureCollection } from 'geojson';
import type { LayerSpecification } from '@maplibre/maplibre-gl-style-spec';
import type { AirmetSnapshot, MetarSnapshot, PirepSnapshot, WeatherProductType, WeatherSnapshotOf } from '@clearway/protocol';
import { isWeatherStale, weatherAgeMs, type WeatherStore } from '../../weather';
import { NOTHING, fillSource, whenSourceExists } from './fillSource';
import type { LayerSlot, MapOverlay, OverlayMap, OverlayOutput, OverlayServices } from './overlay';
import { provideBarbImages, type ImageMap } from './weatherBarbs';
import {
  BARB_COLOUR,
  STALE_OPACITY,
  STATION_OUTLINE,
  advisoryFeatures,
  categoryColour,
  hazardColour,
  metarFeatures,
  pirepColour,
  pirepFeatures,
} from './weatherStyle';

/**
 * The weather map layers (issue 16): METAR stations by flight category with wind barbs from zoom 7,
 * PIREPs (urgent, turbulence, icing), and SIGMET / AIRMET / G-AIRMET / CWA areas by hazard. Each is
 * switched from the map toolbar (remembered, overlaysSlice REMEMBERED_OVERLAYS) and draws the
 * snapshot the weather store holds (features/weather: stored for offline, refreshed by the weather
 * channel); past its type's update interval it is drawn faded (the stale style). The advisory areas
 * sit in the `lines` slot, the station and PIREP symbols in the `features` slot after the airports
 * (an airport's symbol would hide its station's colour); the route (line and waypoints) is in the
 * `markers` slot above them all, so the current route stays on top.
 */

export const WEATHER_OVERLAY_IDS = { metar: 'wx-metar', pirep: 'wx-pirep', airmet: 'wx-airmet' } as const;
/** From this zoom the METAR stations carry their wind barbs. */
export const BARB_MIN_ZOOM = 7;

export interface WeatherLayerInput<S> {
  shown: boolean;
  snapshot: S | null;
  /** When the snapshot came into the page (performance.now), for the drawing time. */
  arrivedAt: number | null;
  stale: boolean;
}

type Kind = 'metar' | 'pirep' | 'airmet';

interface LayerSpec<S> {
  type: Kind;
  id: string;
  source: string;
  /** The layers of this overlay, with the opacity property each fades when stale and its full value. */
  fades: { layer: string; property: string; full: number }[];
  features: (snapshot: S | null) => FeatureCollection;
  /** data-* hook prefix, e.g. `mapWxMetar`. */
  hook: string;
}

/** The features of each snapshot, made once per snapshot. */
const made = new WeakMap<object, FeatureCollection>();
function featuresOf<S extends object>(snapshot: S | null, build: (snapshot: S | null) => FeatureCollection): FeatureCollection {
  if (!snapshot) return NOTHING;
  let features = made.get(snapshot);
  if (!features) {
    features = build(snapshot);
    made.set(snapshot, features);
  }
  return features;
}

function selectWeather<T extends WeatherProductType>(type: T, shown: boolean, weather: WeatherStore | null | undefined): WeatherLayerInput<WeatherSnapshotOf<T>> {
  const entry = weather?.entry(type);
  const snapshot = entry?.snapshot ?? null;
  const stale = snapshot !== null && isWeatherStale(type, weatherAgeMs(snapshot.cycle, Date.now()));
  return { shown, snapshot, arrivedAt: entry?.arrivedAt ?? null, stale };
}

/** The map as the weather layers use it beyond OverlayMap: paint properties (a test's fake may lack them). */
type PaintMap = OverlayMap & { setPaintProperty?: (layer: string, property: string, value: unknown) => unknown };

/** The map's frame event (OverlayMap names only the events the other overlays use). */
interface RenderEvents {
  on(type: 'render', listener: () => void): unknown;
  off(type: 'render', listener: () => void): unknown;
}

/** What each map last drew per source (the drawing time is measured for a new snapshot only). */
const drawn = new WeakMap<OverlayMap, Map<string, object | null>>();
/** When each map's layer was last switched on (performance.now), per source. */
const shownSince = new WeakMap<OverlayMap, Map<string, number>>();

function updateWeather<S extends object & { cycle: number }>(spec: LayerSpec<S>, map: OverlayMap, input: WeatherLayerInput<S>, out: OverlayOutput): void {
  const { shown, snapshot, stale } = input;
  out[spec.hook] = shown ? 'on' : 'off';
  out[`${spec.hook}Cycle`] = snapshot ? String(snapshot.cycle) : '';
  out[`${spec.hook}Stale`] = stale ? 'yes' : 'no';
  whenSourceExists(map, spec.source, () => {
    for (const { layer, property, full } of spec.fades) {
      if (!map.getLayer(layer)) continue;
      map.setLayoutProperty(layer, 'visibility', shown ? 'visible' : 'none');
      (map as PaintMap).setPaintProperty?.(layer, property, stale ? full * STALE_OPACITY : full);
    }
  });
  let since = shownSince.get(map);
  if (!since) {
    since = new Map();
    shownSince.set(map, since);
  }
  // A hidden layer's data is not made (nothing to draw); it is when the layer is switched on.
  if (!shown) {
    since.delete(spec.source);
    return;
  }
  if (!since.has(spec.source)) since.set(spec.source, performance.now());
  const data = featuresOf(snapshot, spec.features);
  out[`${spec.hook}Features`] = String(data.features.length);
  let last = drawn.get(map);
  if (!last) {
    last = new Map();
    drawn.set(map, last);
  }
  const fresh = last.get(spec.source) !== snapshot && snapshot !== null;
  last.set(spec.source, snapshot);
  fillSource(map, spec.source, data);
  if (fresh && input.arrivedAt !== null) {
    // The drawing time: from the snapshot in the page (or the layer switched on, when later) to the
    // first frame rendered with the source loaded (its new tiles drawn); and to the next idle, which
    // also waits for everything else on the map (other sources' tiles, label fades).
    const from = Math.max(input.arrivedAt, since.get(spec.source) ?? 0);
    const cycle = snapshot.cycle;
    const current = () => out[`${spec.hook}Cycle`] === String(cycle);
    const events = map as unknown as RenderEvents;
    const rendered = () => {
      if (!map.isSourceLoaded(spec.source)) return;
      events.off('render', rendered);
      if (!current()) return;
      out[`${spec.hook}DrawnMs`] = (performance.now() - from).toFixed(1);
      // Wall clock, to compare with the cycle (the server's storing time) on the same machine.
      out[`${spec.hook}DrawnAt`] = String(Date.now());
      out[`${spec.hook}DrawnCycle`] = String(cycle);
    };
    const idle = () => {
      if (!map.isSourceLoaded(spec.source)) {
        map.once('idle', idle);
        return;
      }
      if (!current()) return;
      out[`${spec.hook}IdleMs`] = (performance.now() - from).toFixed(1);
      out[`${spec.hook}IdleCycle`] = String(cycle);
    };
    events.on('render', rendered);
    map.once('idle', idle);
  }
}

function weatherOverlay<S extends object & { cycle: number }>(
  spec: LayerSpec<S>,
  toggle: { label: string; testId: string; text: string },
  slot: LayerSlot,
  layers: (options: { theme: 'day' | 'night'; shown: boolean; performance: boolean }) => LayerSpecification[],
  extra?: { add?: (map: OverlayMap) => () => void },
): MapOverlay<WeatherLayerInput<S>> {
  return {
    id: spec.id,
    toggle: { ...toggle, weather: spec.type },
    style: ({ theme, shown, performance }) => ({
      sources: { [spec.source]: { type: 'geojson', data: NOTHING, buffer: 16, tolerance: 0.5 } },
      layers: { [slot]: layers({ theme, shown, performance }) },
    }),
    select: (state, services: OverlayServices) => selectWeather(spec.type, state.overlays.shown[spec.id] === true, services.weather) as unknown as WeatherLayerInput<S>,
    add: extra?.add,
    update: (map, input, out) => updateWeather(spec, map, input, out),
  };
}

const visibility = (shown: boolean) => (shown ? 'visible' : 'none') as 'visible' | 'none';

export const metarOverlay = weatherOverlay<MetarSnapshot>(
  {
    type: 'metar',
    id: WEATHER_OVERLAY_IDS.metar,
    source: 'wx-metar',
    fades: [{ layer: 'wx-metar-stations', property: 'circle-opacity', full: 1 }, { layer: 'wx-metar-barbs', property: 'icon-opacity', full: 1 }],
    features: metarFeatures as (snapshot: MetarSnapshot | null) => FeatureCollection,
    hook: 'mapWxMetar',
  },
  { label: 'METAR flight categories', testId: 'map-wx-metar', text: 'METAR' },
  'features',
  ({ theme, shown, performance }) => [
    // Performance mode: no barbs (fewer layers, no symbol placement work).
    ...(performance ? [] : [{
      id: 'wx-metar-barbs',
      type: 'symbol',
      source: 'wx-metar',
      minzoom: BARB_MIN_ZOOM,
      filter: ['!=', ['get', 'barb'], ''],
      layout: {
        visibility: visibility(shown),
        'icon-image': ['get', 'barb'],
        'icon-rotate': ['get', 'dir'],
        'icon-rotation-alignment': 'map',
        'icon-anchor': 'bottom',
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
      paint: { 'icon-color': BARB_COLOUR[theme], 'icon-opacity': 1 },
    } satisfies LayerSpecification]),
    {
      id: 'wx-metar-stations',
      type: 'circle',
      source: 'wx-metar',
      // Where symbols overlap, the worse category is drawn on top: LIFR over IFR over MVFR over VFR.
      layout: { visibility: visibility(shown), 'circle-sort-key': ['match', ['get', 'cat'], 'LIFR', 4, 'IFR', 3, 'MVFR', 2, 'VFR', 1, 0] },
      paint: {
        'circle-color': categoryColour(theme),
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, 2.5, 6, 4, 9, 7],
        'circle-stroke-color': STATION_OUTLINE[theme],
        'circle-stroke-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 8, 1.5],
        'circle-opacity': 1,
        'circle-stroke-opacity': 1,
      },
    },
  ],
  { add: (map) => ('on' in map && 'addImage' in map ? provideBarbImages(map as unknown as ImageMap) : () => undefined) },
);

export const pirepOverlay = weatherOverlay<PirepSnapshot>(
  {
    type: 'pirep',
    id: WEATHER_OVERLAY_IDS.pirep,
    source: 'wx-pirep',
    fades: [{ layer: 'wx-pirep-symbols', property: 'circle-opacity', full: 0.9 }],
    features: pirepFeatures as (snapshot: PirepSnapshot | null) => FeatureCollection,
    hook: 'mapWxPirep',
  },
  { label: 'PIREP (pilot reports)', testId: 'map-wx-pirep', text: 'PIREP' },
  'features',
  ({ theme, shown }) => [
    {
      id: 'wx-pirep-symbols',
      type: 'circle',
      source: 'wx-pirep',
      layout: { visibility: visibility(shown), 'circle-sort-key': ['match', ['get', 'kind'], 'urgent', 3, 'turbulence', 2, 'icing', 1, 0] },
      paint: {
        'circle-color': pirepColour(theme),
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, 3, 8, 6],
        // An urgent report (UUA) is ringed twice as thick.
        'circle-stroke-width': ['match', ['get', 'kind'], 'urgent', 3, 1.5],
        'circle-stroke-color': STATION_OUTLINE[theme],
        'circle-opacity': 0.9,
      },
    },
  ],
);

export const airmetOverlay = weatherOverlay<AirmetSnapshot>(
  {
    type: 'airmet',
    id: WEATHER_OVERLAY_IDS.airmet,
    source: 'wx-airmet',
    fades: [{ layer: 'wx-airmet-fill', property: 'fill-opacity', full: 0.12 }, { layer: 'wx-airmet-line', property: 'line-opacity', full: 0.9 }],
    features: advisoryFeatures as (snapshot: AirmetSnapshot | null) => FeatureCollection,
    hook: 'mapWxAirmet',
  },
  { label: 'SIG (SIGMETs and AIRMETs)', testId: 'map-wx-airmet', text: 'SIG' },
  'lines',
  ({ theme, shown }) => [
    { id: 'wx-airmet-fill', type: 'fill', source: 'wx-airmet', layout: { visibility: visibility(shown) }, paint: { 'fill-color': hazardColour(theme), 'fill-opacity': 0.12, 'fill-antialias': false } },
    // SIGMETs solid, G-AIRMETs and outlooks thinner (a dash array cannot be data-driven with a `match` on every MapLibre version).
    {
      id: 'wx-airmet-line',
      type: 'line',
      source: 'wx-airmet',
      layout: { visibility: visibility(shown) },
      paint: { 'line-color': hazardColour(theme), 'line-width': ['case', ['get', 'sigmet'], 2, 1.2], 'line-opacity': 0.9 },
    },
  ],
);

/** The weather overlays, in list order (areas under PIREPs under stations). */
export const WEATHER_OVERLAYS = [airmetOverlay, pirepOverlay, metarOverlay] as const;

/** The layers a tap looks in, top first. */
export const WEATHER_CLICKABLE_LAYERS = ['wx-metar-stations', 'wx-pirep-symbols', 'wx-airmet-fill'] as const;

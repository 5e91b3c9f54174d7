import { useEffect, useRef, useState } from 'react';
import { Marker, type GeoJSONSource, type Map as MapLibreMap } from 'maplibre-gl';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { directToSet, panned, type TrafficMark } from './inflightSlice';
import { arrowSvg, inflightLines, OWNSHIP_COLOUR, ownshipSizePx, PROXIMITY_COLOURS, SOURCE_BADGES, TRAFFIC_PX, trafficTag } from './mapDrawing';

const SOURCE_ID = 'inflight-lines';
const TRACK_LAYER = 'inflight-track';
const RING_LAYER = 'inflight-rings';
/** The route's waypoint rings (features/map layers/route.ts): a tap on one offers Direct-To. */
const ROUTE_POINTS_LAYER = 'route-points';
/** Latencies kept for the test hook (datagram reception to ownship drawn), most recent last. */
const LATENCY_SAMPLES = 400;

/** Adds the lines' source and layers when the map's style lacks them (first load and after each new style). */
function ensureLayers(map: MapLibreMap): boolean {
  if (!map.isStyleLoaded()) return false;
  if (!map.getSource(SOURCE_ID)) map.addSource(SOURCE_ID, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  if (!map.getLayer(TRACK_LAYER)) {
    map.addLayer({ id: TRACK_LAYER, type: 'line', source: SOURCE_ID, filter: ['==', ['get', 'kind'], 'track'], paint: { 'line-color': OWNSHIP_COLOUR, 'line-width': 3, 'line-dasharray': [2, 1] } });
  }
  if (!map.getLayer(RING_LAYER)) {
    map.addLayer({ id: RING_LAYER, type: 'line', source: SOURCE_ID, filter: ['==', ['get', 'kind'], 'ring'], paint: { 'line-color': ['get', 'colour'], 'line-width': 2, 'line-dasharray': [1, 1] } });
  }
  return true;
}

function trafficElement(): HTMLDivElement {
  const el = document.createElement('div');
  el.dataset['testid'] = 'traffic-target';
  el.setAttribute('data-testid', 'traffic-target');
  el.style.cssText = 'display:flex;flex-direction:column;align-items:center;pointer-events:none;';
  const symbol = document.createElement('div');
  const tag = document.createElement('div');
  tag.className = 'traffic-tag';
  tag.style.cssText = 'font:600 12px/1.2 Roboto,sans-serif;padding:0 3px;border-radius:3px;background:rgba(0,0,0,0.65);color:#fff;white-space:nowrap;';
  el.append(symbol, tag);
  return el;
}

function drawTraffic(el: HTMLElement, t: TrafficMark, bearing: number): void {
  const colour = t.emergency ? PROXIMITY_COLOURS.red : t.onGround ? '#9e9e9e' : PROXIMITY_COLOURS[t.proximity];
  const symbol = el.firstElementChild as HTMLElement;
  const tag = el.lastElementChild as HTMLElement;
  const key = `${colour}|${t.trackDeg ?? ''}|${bearing}`;
  if (symbol.dataset['key'] !== key) {
    symbol.dataset['key'] = key;
    symbol.innerHTML = arrowSvg(TRAFFIC_PX, colour, t.emergency ? '#fff' : '#000');
    symbol.style.transform = `rotate(${(t.trackDeg ?? 0) - bearing}deg)`;
  }
  const text = trafficTag(t);
  if (tag.textContent !== text) tag.textContent = text;
  tag.style.color = t.proximity === 'normal' ? '#fff' : colour;
  el.dataset['hex'] = t.hex;
  el.dataset['proximity'] = t.proximity;
  el.dataset['altitudeTag'] = t.altitudeTag ?? '';
  el.dataset['trend'] = t.trend ?? '';
  el.dataset['emergency'] = String(t.emergency);
  el.dataset['onGround'] = String(t.onGround);
}

/** Whether the map is on screen (the map host hides it with visibility: hidden under other pages). */
function mapShown(map: MapLibreMap): boolean {
  const container = map.getContainer() as HTMLElement & { checkVisibility?: (options?: { visibilityProperty?: boolean }) => boolean };
  return typeof container.checkVisibility !== 'function' || container.checkVisibility({ visibilityProperty: true });
}

/**
 * What the in-flight features draw on one map (issue 19): the ownship symbol (rotated by its track,
 * scaled by ownship_size_factor, with its source badge), its track line, the traffic (symbol by track,
 * relative altitude tag, trend arrow, callsign or hex, proximity colours; a distance ring for a target
 * without a position), follow mode's camera, and a tap on a route waypoint offering Direct-To.
 * Test hooks on the map's container: data-ownship (lat,lon), data-inflight-latency-ms.
 */
export function InflightMapLayer({ map }: { map: MapLibreMap }) {
  const dispatch = useAppDispatch();
  const position = useAppSelector((s) => s.inflight.position);
  const traffic = useAppSelector((s) => s.inflight.traffic);
  const follow = useAppSelector((s) => s.inflight.follow);
  const moving = useAppSelector((s) => s.inflight.moving);
  const sizeFactor = useAppSelector((s) => s.units.ownship_size_factor);
  const waypoints = useAppSelector((s) => s.route.current?.all_waypoints ?? null);
  const [offer, setOffer] = useState<{ index: number; code: string; x: number; y: number } | null>(null);
  const ownship = useRef<{ marker: Marker; symbol: HTMLElement; badge: HTMLElement } | null>(null);
  const targets = useRef(new Map<string, Marker>());
  const [styleKey, setStyleKey] = useState(0);
  const latencies = useRef<number[]>([]);

  // Layers after each new style; the pilot's drag ends follow mode.
  useEffect(() => {
    const onStyle = () => {
      if (!map.getLayer(TRACK_LAYER) && ensureLayers(map)) setStyleKey((k) => k + 1);
    };
    const onDrag = () => dispatch(panned(Date.now()));
    map.on('styledata', onStyle);
    map.on('dragstart', onDrag);
    map.on('dragend', onDrag);
    onStyle();
    return () => {
      map.off('styledata', onStyle);
      map.off('dragstart', onDrag);
      map.off('dragend', onDrag);
    };
  }, [map, dispatch]);

  // A tap on a route waypoint offers Direct-To beside it.
  const waypointsRef = useRef(waypoints);
  useEffect(() => {
    waypointsRef.current = waypoints;
  });
  useEffect(() => {
    const onClick = (event: { point: { x: number; y: number } }) => {
      if (!map.getLayer(ROUTE_POINTS_LAYER)) return setOffer(null);
      const { x, y } = event.point;
      const found = map.queryRenderedFeatures([[x - 10, y - 10], [x + 10, y + 10]], { layers: [ROUTE_POINTS_LAYER] });
      const code = found[0]?.properties?.['code'];
      const list = waypointsRef.current ?? [];
      const index = typeof code === 'string' ? list.findIndex((w) => w.code === code) : -1;
      setOffer(index >= 0 ? { index, code: code as string, x, y } : null);
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map]);

  // Ownship.
  useEffect(() => {
    if (!position) {
      ownship.current?.marker.remove();
      ownship.current = null;
      delete map.getContainer().dataset['ownship'];
      return;
    }
    const { fix, source } = position;
    let own = ownship.current;
    if (!own) {
      const el = document.createElement('div');
      el.setAttribute('data-testid', 'ownship');
      el.style.cssText = 'display:flex;flex-direction:column;align-items:center;pointer-events:none;';
      const symbol = document.createElement('div');
      const badge = document.createElement('div');
      badge.setAttribute('data-testid', 'ownship-source');
      badge.style.cssText = 'font:700 11px/1.2 Roboto,sans-serif;padding:0 4px;border-radius:3px;background:rgba(0,0,0,0.7);color:#fff;white-space:nowrap;';
      el.append(symbol, badge);
      own = { marker: new Marker({ element: el, anchor: 'top', offset: [0, -ownshipSizePx(sizeFactor) / 2] }).setLngLat([fix.longitude, fix.latitude]).addTo(map), symbol, badge };
      ownship.current = own;
    }
    const size = ownshipSizePx(sizeFactor);
    const heading = fix.heading ?? 0;
    const key = `${size}|${heading}|${map.getBearing()}|${source}`;
    if (own.symbol.dataset['key'] !== key) {
      own.symbol.dataset['key'] = key;
      own.symbol.innerHTML = arrowSvg(size, source === 'last' || source === 'geoip' ? '#9e9e9e' : OWNSHIP_COLOUR, '#000');
      own.symbol.style.transform = `rotate(${heading - map.getBearing()}deg)`;
      own.marker.setOffset([0, -size / 2]);
      own.badge.textContent = SOURCE_BADGES[source];
      own.marker.getElement().dataset['source'] = source;
      own.marker.getElement().dataset['heading'] = String(Math.round(heading));
    }
    own.marker.setLngLat([fix.longitude, fix.latitude]);
    map.getContainer().dataset['ownship'] = `${fix.latitude.toFixed(5)},${fix.longitude.toFixed(5)}`;
    // Follow mode moves the camera only while the map is shown: the host keeps it, hidden, under other
    // pages (the Sim PFD), where a redraw at each fix (up to 30 a second from a simulator) is wasted work.
    if (follow && moving && source !== 'geoip' && mapShown(map)) map.jumpTo({ center: [fix.longitude, fix.latitude] });
    if (source === 'adsb') {
      const timestamp = fix.timestamp;
      requestAnimationFrame(() => {
        const list = latencies.current;
        list.push(Date.now() - timestamp);
        if (list.length > LATENCY_SAMPLES) list.shift();
        map.getContainer().dataset['inflightLatencyMs'] = list.join(',');
      });
    }
  }, [map, position, sizeFactor, follow, moving]);

  useEffect(() => () => {
    ownship.current?.marker.remove();
    ownship.current = null;
  }, [map]);

  // Traffic symbols.
  useEffect(() => {
    const held = targets.current;
    const seen = new Set<string>();
    const bearing = map.getBearing();
    for (const t of traffic) {
      if (t.lat === null || t.lon === null) continue;
      seen.add(t.hex);
      let marker = held.get(t.hex);
      if (!marker) {
        marker = new Marker({ element: trafficElement(), anchor: 'top', offset: [0, -TRAFFIC_PX / 2] }).setLngLat([t.lon, t.lat]).addTo(map);
        held.set(t.hex, marker);
      } else marker.setLngLat([t.lon, t.lat]);
      drawTraffic(marker.getElement(), t, bearing);
    }
    for (const [hex, marker] of held) {
      if (!seen.has(hex)) {
        marker.remove();
        held.delete(hex);
      }
    }
    map.getContainer().dataset['traffic'] = String(seen.size);
  }, [map, traffic]);

  useEffect(() => () => {
    for (const marker of targets.current.values()) marker.remove();
    targets.current.clear();
  }, [map]);

  // Track line and rings (not while the map is hidden under another page: see mapShown).
  useEffect(() => {
    if (!mapShown(map) || !ensureLayers(map)) return;
    const own = position ? { lat: position.fix.latitude, lon: position.fix.longitude, trackDeg: position.fix.heading, speedKt: position.fix.speed } : null;
    void map.getSource<GeoJSONSource>(SOURCE_ID)?.setData(inflightLines(own, traffic));
  }, [map, position, traffic, styleKey]);

  if (!offer) return null;
  return (
    <Paper elevation={4} sx={{ position: 'absolute', left: Math.max(4, offer.x + 12), top: Math.max(4, offer.y - 22), zIndex: 2, display: 'flex' }}>
      <Button
        data-testid="direct-to-offer"
        sx={{ minHeight: 44, minWidth: 44, fontWeight: 700 }}
        onClick={() => {
          const from = position ? { lat: position.fix.latitude, lon: position.fix.longitude } : null;
          dispatch(directToSet({ index: offer.index, from }));
          setOffer(null);
        }}
      >
        Direct-To {offer.code}
      </Button>
      <Button aria-label="Close" sx={{ minHeight: 44, minWidth: 44 }} onClick={() => setOffer(null)}>✕</Button>
    </Paper>
  );
}

import { geodesicDistanceNm } from '@clearway/geo';
import { addAppListener, type AppStore } from '../../store';
import { pagePath } from '../../platform/pages';
import { plateViewSearch } from './plateGroups';

/** Issue 21: "after landing (ground speed below 40 kt at the destination) the airport diagram opens by itself". */
export const LANDED_BELOW_KT = 40;
/** How near the destination's reference point counts as "at the destination", NM (the longest runways are about 2.5 NM). */
export const AT_DESTINATION_NM = 3;

export interface LandingWatch {
  /** A ground speed of LANDED_BELOW_KT or more has been seen since the last landing (or start). */
  flying: boolean;
}

export interface LandingFix {
  lat: number;
  lon: number;
  /** Ground speed, knots; null when unknown. */
  speedKt: number | null;
}

export interface Destination {
  code: string;
  lat: number;
  lon: number;
}

/**
 * One fix of the landing watch: a landing is a fix below LANDED_BELOW_KT within AT_DESTINATION_NM of
 * the destination after one at or above it (so an aircraft parked or taxiing at the destination
 * before take-off opens nothing). Returns the new watch and the airport to open, if any.
 */
export function landingStep(watch: LandingWatch, fix: LandingFix | null, destination: Destination | null): { watch: LandingWatch; open: string | null } {
  if (fix === null || fix.speedKt === null) return { watch, open: null };
  if (fix.speedKt >= LANDED_BELOW_KT) return { watch: { flying: true }, open: null };
  if (!watch.flying || destination === null) return { watch, open: null };
  if (geodesicDistanceNm(fix.lat, fix.lon, destination.lat, destination.lon) > AT_DESTINATION_NM) return { watch, open: null };
  return { watch: { flying: false }, open: destination.code };
}

/** The route's destination: its last airport waypoint, read by shape from the route slice. */
export function selectDestination(state: unknown): Destination | null {
  const waypoints = (state as { route?: { current?: { waypoints?: unknown } | null } }).route?.current?.waypoints;
  if (!Array.isArray(waypoints)) return null;
  const last = (waypoints as { code?: unknown; type?: unknown; location?: { lat?: unknown; lon?: unknown } }[]).findLast((w) => w?.type === 'AIRPORT');
  const lat = last?.location?.lat;
  const lon = last?.location?.lon;
  return typeof last?.code === 'string' && typeof lat === 'number' && typeof lon === 'number' ? { code: last.code, lat, lon } : null;
}

/** The in-flight store's fused fix with its ground speed, read by shape (features/inflight owns it). */
export function selectLandingFix(state: unknown): LandingFix | null {
  const fix = (state as { inflight?: { position?: { fix?: { latitude?: unknown; longitude?: unknown; speed?: unknown } } | null } }).inflight?.position?.fix;
  if (!fix || typeof fix.latitude !== 'number' || typeof fix.longitude !== 'number') return null;
  return { lat: fix.latitude, lon: fix.longitude, speedKt: typeof fix.speed === 'number' ? fix.speed : null };
}

/** The in-flight position object (a new one with each fix), null without one. */
function positionOf(state: unknown): unknown {
  return (state as { inflight?: { position?: unknown } }).inflight?.position ?? null;
}

/** The plate screen's address that opens an airport's diagram. */
export function airportDiagramPath(airport: string): string {
  return `${pagePath('PlateView')}${plateViewSearch(airport)}&diagram=1`;
}

/**
 * The landing watch as an app-wide effect (a store listener started at boot, whatever page is
 * mounted): each new fix goes through landingStep, and a landing at the destination opens its
 * airport diagram through `open` (the router's navigate). Returns the stop.
 */
export function startLandingWatch({ store, open }: { store: Pick<AppStore, 'dispatch'>; open: (path: string) => void }): () => void {
  let watch: LandingWatch = { flying: false };
  return store.dispatch(
    addAppListener({
      predicate: (_action, current, previous) => positionOf(current) !== positionOf(previous) && positionOf(current) !== null,
      effect: (_action, api) => {
        const state = api.getState();
        const step = landingStep(watch, selectLandingFix(state), selectDestination(state));
        watch = step.watch;
        if (step.open !== null) open(airportDiagramPath(step.open));
      },
    }),
  );
}

import { useAppSelector } from '../../store/hooks';

/** What the plate needs of the aircraft's position: degrees, and the track when known. */
export interface PlatePosition {
  lat: number;
  lon: number;
  /** Degrees true; null when unknown. */
  trackDeg: number | null;
}

/** The in-flight store's fused position, read by shape (features/inflight owns it; absent in some builds). */
interface InflightLike {
  position?: { fix?: { latitude?: unknown; longitude?: unknown; heading?: unknown } } | null;
}

/** The position fused by features/inflight (device GPS, receiver, simulator), or null. */
export function selectPlatePosition(state: unknown): PlatePosition | null {
  const fix = (state as { inflight?: InflightLike }).inflight?.position?.fix;
  if (!fix || typeof fix.latitude !== 'number' || typeof fix.longitude !== 'number') return null;
  return { lat: fix.latitude, lon: fix.longitude, trackDeg: typeof fix.heading === 'number' ? fix.heading : null };
}

export function usePlatePosition(): PlatePosition | null {
  const lat = useAppSelector((s) => selectPlatePosition(s)?.lat ?? null);
  const lon = useAppSelector((s) => selectPlatePosition(s)?.lon ?? null);
  const track = useAppSelector((s) => selectPlatePosition(s)?.trackDeg ?? null);
  return lat === null || lon === null ? null : { lat, lon, trackDeg: track };
}

// FIS-B weather (issue 19): text products received over ADS-B merged into the app's weather
// snapshots with source 'ADS-B', so a pilot with a receiver and no internet has weather.
import type { FisbProductInput, Place } from './decode';
import type { PirepLocator } from '@clearway/weather';
import { currentWeatherStore } from '../registry';
import type { WeatherStore } from '../snapshotStore';
import { FisbWeatherHolder, type FisbType } from './holder';

export { FisbWeatherHolder, FISB_KEEP_MS, FISB_TYPES, type FisbType, type HeldRecord } from './holder';
export { mergeFisb, weatherSourceOf, withFisbWeather, type FisbMergeResult } from './overlay';
export type { FisbProductInput, FisbRecord } from './decode';

let holder: FisbWeatherHolder | null = null;

/** PIREP and SIGMET points by the stations snapshot held (3-letter ids tried as K/P/C + id, as the server does); undefined without one. */
function stationLocator(store: WeatherStore | null): PirepLocator | undefined {
  const stations = store?.entry('stations').snapshot?.stations;
  if (!stations || stations.length === 0) return undefined;
  const byId = new Map(stations.map((s) => [s.id, { lat: s.lat, lon: s.lon }]));
  return (raw) => {
    const id = raw.toUpperCase();
    return byId.get(id) ?? (id.length === 3 ? (byId.get(`K${id}`) ?? byId.get(`P${id}`) ?? byId.get(`C${id}`) ?? null) : null);
  };
}

/** The app's one FIS-B holder (made on first use); startWeather merges it into the weather store. */
export function fisbWeatherHolder(): FisbWeatherHolder {
  holder ??= new FisbWeatherHolder();
  return holder;
}

export interface FisbIngestResult {
  /** Products that became snapshot records (METAR, TAF, PIREP, convective SIGMET with an area, winds). */
  records: number;
  /** Products kept out: text-only (AIRMET text, NOTAM, SUA) or not decodable. */
  skipped: number;
  /** Snapshot types whose FIS-B part changed. */
  changed: FisbType[];
}

/**
 * Hands decoded FIS-B text products to the weather layers: call it on the main thread with each
 * batch the ADS-B path receives (`DevicesFisbMessage.products` from /ws/devices, or
 * @clearway/gdl90's `FisbCollector.texts`) and the time they were received (ms since the epoch;
 * the FIS-B time groups carry day and time only). The weather decoders load on the first call.
 * Never throws: a product that does not decode is counted in `skipped`.
 */
export interface FisbIngestOptions {
  /** Default: the app's holder (fisbWeatherHolder()). */
  into?: FisbWeatherHolder;
  /** Whose stations snapshot places PIREP and SIGMET points; default: the installed weather store. */
  store?: WeatherStore | null;
  /** Where METAR and TAF stations are by the airport database (the ADS-B worker asks the routing worker); before the FB winds stations. */
  places?: Readonly<Record<string, Place>>;
}

export async function ingestFisbProducts(products: readonly FisbProductInput[], receivedAt: number = Date.now(), options: FisbIngestOptions = {}): Promise<FisbIngestResult> {
  const into = options.into ?? fisbWeatherHolder();
  try {
    const { decodeFisbProducts } = await import('./decode');
    const decoded = decodeFisbProducts(products, receivedAt, stationLocator(options.store === undefined ? currentWeatherStore() : options.store), options.places);
    const changed = into.add(decoded.records, receivedAt);
    return { records: decoded.records.length, skipped: decoded.skipped, changed };
  } catch (error) {
    console.warn('[weather] FIS-B products could not be ingested', error);
    return { records: 0, skipped: products.length, changed: [] };
  }
}

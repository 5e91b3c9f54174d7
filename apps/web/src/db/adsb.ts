import { Dexie, type Table } from 'dexie';

/**
 * Local database 'adsb' (spec part 1 §3): METARs and TAFs received from an ADS-B receiver, keyed by
 * station_id. Schema only; the traffic receiver issue fills it.
 */
export interface AdsbReportRow {
  /** ICAO station id, e.g. 'KHWD'. */
  station_id: string;
  /** Receive time, ms since epoch. */
  ts: number;
  /** Raw report text. */
  raw: string;
}

export const ADSB_SCHEMA_V1 = { metars: 'station_id, ts', tafs: 'station_id, ts' } as const;

export class AdsbDb extends Dexie {
  metars!: Table<AdsbReportRow, string>;
  tafs!: Table<AdsbReportRow, string>;

  constructor(name = 'adsb') {
    super(name);
    this.version(1).stores(ADSB_SCHEMA_V1);
  }
}

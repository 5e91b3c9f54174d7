// Standard briefing inputs and result (issue 22; spec part 1 §2 "Flight Service: Route Briefing, Area
// Briefing"). Plain data only: the app builds the input from the weather snapshots on the device and
// the NOTAMs the server gave, and the pure assembly (assemble.ts) picks what lies along the route or
// in the area at the times it is flown.
import type { NotamRecord } from '../notam/faaApi.js';
import type { ClearSkyAdvisory, ClearSkyLeg, ClearSkyMetar, ClearSkyPirep, ClearSkyPoint, ClearSkyTaf } from '../clearsky/types.js';
import type { WindsAloftSource } from '../windsSource.js';

/** A METAR as the briefing shows it: ClearSky's fields plus the report as issued. */
export interface BriefingMetar extends ClearSkyMetar {
  raw: string;
}

/** A decoded TAF (its `taf.raw` is the text shown; `taf.issuedMs` the issue time). */
export type BriefingTaf = ClearSkyTaf;

export interface BriefingPirep extends ClearSkyPirep {
  /** UUA: an urgent report, listed among the adverse conditions. */
  urgent: boolean;
  raw: string;
}

export interface BriefingAdvisory extends ClearSkyAdvisory {
  raw: string;
}

/** A TFR as the server lists it (/notams/tfrs.geojson), its areas as closed rings of [lon, lat]. */
export interface BriefingTfr {
  notam: string;
  title: string;
  floorFt: number | null;
  ceilingFt: number | null;
  floorAgl: boolean;
  ceilingAgl: boolean;
  /** Epoch ms; null start is in force now, null end until further notice. */
  startMs: number | null;
  endMs: number | null;
  rings: readonly (readonly (readonly [number, number])[])[];
}

/**
 * One product as the device holds it: null when it is not on the device at all (never downloaded,
 * offline), which the briefing says; an empty list is a product with nothing in it.
 */
export interface BriefingProduct<T> {
  items: readonly T[] | null;
  /** When the device's copy was current (the snapshot's cycle or the server's fetch), epoch ms. */
  asOfMs: number | null;
}

export interface BriefingWeather {
  metars: BriefingProduct<BriefingMetar>;
  tafs: BriefingProduct<BriefingTaf>;
  pireps: BriefingProduct<BriefingPirep>;
  advisories: BriefingProduct<BriefingAdvisory>;
  /** Winds and temperatures aloft (the FB forecast); null when there is none. */
  winds: WindsAloftSource | null;
  /** The FB bulletins' issue time, epoch ms, and their headings (`FD1US1`), for the source line. */
  windsIssuedMs: number | null;
  windsSource: string;
}

/** One airport's NOTAMs as the server gave them. */
export interface BriefingAirportNotams {
  airport: string;
  /** When the server last refreshed its NOTAMs, epoch ms; null when it has no NOTAM source. */
  fetchedAtMs: number | null;
  notams: readonly NotamRecord[];
}

export interface BriefingNotamInput {
  /** Per airport; an airport absent from the list had no answer (said as missing). */
  airports: readonly BriefingAirportNotams[];
  /** Why no NOTAM could be had at all (offline, server refused); null when some were asked. */
  unavailable: string | null;
  tfrs: BriefingProduct<BriefingTfr>;
}

/** What the briefing is for: a route flown leg by leg, or an area around a point for a time window. */
export type BriefingScope =
  | { kind: 'route'; legs: readonly ClearSkyLeg[] }
  | {
      kind: 'area';
      /** The airport or point named (`KOSH`, `43.98N 88.56W`). */
      ident: string;
      /** Whether `ident` is an airport (its own forecast and NOTAMs are the "destination" ones). */
      isAirport: boolean;
      center: ClearSkyPoint;
      radiusNm: number;
      /** The window the area is briefed for, epoch ms. */
      fromMs: number;
      toMs: number;
      altitudeFt: number;
    };

export interface BriefingInput {
  scope: BriefingScope;
  /** When the briefing is made (the device's clock), epoch ms: "current" conditions are current then. */
  nowMs: number;
  weather: BriefingWeather;
  notams: BriefingNotamInput;
}

/** The standard order (FAA AIM 7-1-5, standard briefing). */
export const BRIEFING_SECTIONS = ['adverse', 'synopsis', 'current', 'enroute', 'destination', 'winds', 'notams'] as const;
export type BriefingSectionId = (typeof BRIEFING_SECTIONS)[number];

/** How an item's time reads: a report's observation, a forecast's issue, an area's validity start, a NOTAM's effective time. */
export type BriefingTimeKind = 'observed' | 'issued' | 'valid from' | 'effective' | 'fetched';

export interface BriefingItem {
  /** Where it comes from: "METAR KOSH", "SIGMET NOVEMBER 3", "FB winds aloft FD1US1". */
  source: string;
  timeKind: BriefingTimeKind;
  /** Epoch ms; null when the product states none (said as "time not stated"). */
  timeMs: number | null;
  /** What it means for this flight, in words. */
  text: string;
  /** The product as issued, when there is one. */
  raw: string | null;
  /** Urgent items (UUA, convective SIGMETs, SIGMETs, TFRs) are marked. */
  urgent: boolean;
  /** For NOTAMs: departure, en route or destination. */
  group?: 'departure' | 'en route' | 'destination';
}

export interface BriefingSection {
  id: BriefingSectionId;
  title: string;
  items: BriefingItem[];
  /** Products missing or left out, in words ("No TAFs on this device: ..."). */
  missing: string[];
}

export interface Briefing {
  kind: 'route' | 'area';
  /** "KOSH to KMSN" or "50 nm around KOSH". */
  title: string;
  /** The window briefed, epoch ms (departure to arrival for a route). */
  fromMs: number;
  toMs: number;
  altitudeFt: number;
  nowMs: number;
  sections: BriefingSection[];
}

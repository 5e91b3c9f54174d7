// The briefing's input from what the device holds (issue 22): the weather snapshots (features/weather,
// stored ones offline) as the routing worker's `briefing` request (TAFs and FB bulletins as raw text:
// the worker decodes them, worker/briefing.ts), and the NOTAMs and TFRs the server gives (null with
// the reason when it cannot).
import type { AirmetSnapshot, FboSnapshot, MetarSnapshot, PirepSnapshot, TafSnapshot } from '@clearway/protocol';
import type { BriefingAirportNotams, BriefingNotamInput, BriefingTfr } from '@clearway/weather';
import type { BriefingWeatherRequest } from '../../worker/briefing';
import type { TafInput } from '../../worker/weatherDecode';

/** The snapshots a briefing reads; null for a type the device does not have. */
export interface BriefingSnapshots {
  metar: MetarSnapshot | null;
  taf: TafSnapshot | null;
  pirep: PirepSnapshot | null;
  airmet: AirmetSnapshot | null;
  fbo: FboSnapshot | null;
}

/**
 * The weather part of the worker's request: every report of each snapshot (the assembly picks by
 * place and time), TAFs without a position left out, TAFs and FB bulletins as raw text.
 */
export function briefingWeatherRequestOf(s: BriefingSnapshots): BriefingWeatherRequest {
  const tafs: TafInput[] | null = s.taf
    ? s.taf.tafs.flatMap((t) => (t.lat === null || t.lon === null ? [] : [{ id: t.id, lat: t.lat, lon: t.lon, issued: t.issued, raw: t.raw }]))
    : null;
  return {
    metars: { items: s.metar ? s.metar.stations.map((m) => ({ station: m.id, lat: m.lat, lon: m.lon, timeMs: m.time, category: m.cat, ceilingFt: m.ceilingFt, visibilitySm: m.visSm, raw: m.raw })) : null, asOfMs: s.metar?.cycle ?? null },
    tafs: { items: tafs, asOfMs: s.taf?.cycle ?? null },
    pireps: {
      items: s.pirep ? s.pirep.reports.map((r) => ({ lat: r.lat, lon: r.lon, timeMs: r.time, altitudeFt: r.altFt, turbulence: r.turb, icing: r.icing, aircraft: r.aircraft, urgent: r.urgent, raw: r.raw })) : null,
      asOfMs: s.pirep?.cycle ?? null,
    },
    advisories: {
      items: s.airmet
        ? s.airmet.advisories.map((a) => ({ kind: a.kind, id: a.id, hazard: a.hazard, severity: a.severity, validFromMs: a.validFrom, validToMs: a.validTo, baseFt: a.baseFt, topFt: a.topFt, baseIsFreezingLevel: a.baseIsFreezingLevel, polygon: a.polygon, raw: a.raw }))
        : null,
      asOfMs: s.airmet?.cycle ?? null,
    },
    winds: s.fbo ? { cycle: s.fbo.cycle, bulletins: s.fbo.bulletins } : null,
    windsIssuedMs: s.fbo?.cycle ?? null,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The server's /notams/tfrs.geojson as the briefing reads it; features without a polygon are skipped. */
export function tfrsOf(collection: unknown): BriefingTfr[] {
  if (!isObject(collection) || !Array.isArray(collection['features'])) throw new Error('/notams/tfrs.geojson has no features list');
  return collection['features'].flatMap((f: unknown) => {
    if (!isObject(f) || !isObject(f['geometry']) || !isObject(f['properties'])) return [];
    const g = f['geometry'];
    const p = f['properties'];
    const polygons = g['type'] === 'Polygon' ? [g['coordinates']] : g['type'] === 'MultiPolygon' ? (g['coordinates'] as unknown[]) : [];
    const rings = (polygons as unknown[][]).flatMap((poly) => (Array.isArray(poly) && Array.isArray(poly[0]) ? [(poly[0] as number[][]).map(([lon, lat]) => [lon!, lat!] as const)] : []));
    if (rings.length === 0) return [];
    return [
      {
        notam: String(p['notam'] ?? ''),
        title: String(p['title'] ?? 'TFR'),
        floorFt: numOrNull(p['floorFt']),
        ceilingFt: numOrNull(p['ceilingFt']),
        floorAgl: p['floorAgl'] === true,
        ceilingAgl: p['ceilingAgl'] === true,
        startMs: numOrNull(p['start']),
        endMs: numOrNull(p['end']),
        rings,
      },
    ];
  });
}

export interface NotamSources {
  /** features/notams' fetchAirportNotams. */
  airport: (id: string, signal: AbortSignal) => Promise<{ airport: string; fetchedAt: number | null; notams: BriefingAirportNotams['notams'] }>;
  /** The server's TFR collection (parsed JSON). */
  tfrs: (signal: AbortSignal) => Promise<unknown>;
  now: () => number;
}

/** How long the server is given for the NOTAMs before the briefing is shown without them, ms. */
export const NOTAM_WAIT_MS = 8_000;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The NOTAMs of the airports and the TFRs, from the server; offline (or when every airport fails) the
 * briefing says NOTAMs are not available and why.
 */
export async function loadNotams(airports: readonly string[], sources: NotamSources): Promise<BriefingNotamInput> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`the server did not answer within ${NOTAM_WAIT_MS / 1000} s`)), NOTAM_WAIT_MS);
  try {
    const [answers, tfrs] = await Promise.all([
      Promise.all(airports.map((id) => sources.airport(id, controller.signal).then((a) => ({ ok: true as const, a }), (error: unknown) => ({ ok: false as const, error: messageOf(error) })))),
      sources.tfrs(controller.signal).then(
        (c) => ({ items: tfrsOf(c), asOfMs: sources.now() }),
        (error: unknown) => ({ items: null, asOfMs: null, error: messageOf(error) }),
      ),
    ]);
    const got: BriefingAirportNotams[] = answers.flatMap((r) => (r.ok ? [{ airport: r.a.airport, fetchedAtMs: r.a.fetchedAt, notams: r.a.notams }] : []));
    const firstError = answers.find((r) => !r.ok);
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    const unavailable = airports.length > 0 && got.length === 0 ? (offline ? 'this device is offline' : `the server could not be reached (${firstError && !firstError.ok ? firstError.error : 'no answer'})`) : null;
    return { airports: got, unavailable, tfrs: { items: tfrs.items, asOfMs: tfrs.asOfMs } };
  } finally {
    clearTimeout(timer);
  }
}

import { z } from 'zod';

/**
 * The weight and balance kept with an aircraft profile (issue 24; `wb` of a `models` row and of the
 * `profile` record), version 1: the wire and storage shape of `WbRecord` in @clearway/flightplan
 * (the web app checks the two agree at compile time). Units: pounds, inches aft of the datum, US
 * gallons, lb·in. Bounds keep a synced record small: 24 stations, 4 envelopes of 32 corners.
 */
const finite = z.number().finite();
const positive = finite.positive();
const pounds = finite.min(0).max(1_000_000);
const armIn = finite.min(-10_000).max(10_000);
const name = z.string().trim().min(1).max(80);

export const WB_MAX_STATIONS = 24;
export const WB_MAX_ENVELOPE_POINTS = 32;

export const wbStationSchema = z.object({
  id: z.string().trim().min(1).max(32),
  name,
  kind: z.enum(['seat', 'baggage', 'fuel']),
  armIn,
  max: pounds.optional(),
});

export const wbEnvelopeSchema = z.object({
  category: z.enum(['normal', 'utility', 'acrobatic']),
  points: z.array(z.object({ armIn, weightLb: pounds })).min(3).max(WB_MAX_ENVELOPE_POINTS),
});

export const wbProfileSchema = z
  .object({
    name,
    source: z.string().max(400),
    emptyWeightLb: positive.max(1_000_000),
    emptyMomentLbIn: finite,
    stations: z.array(wbStationSchema).min(1).max(WB_MAX_STATIONS),
    envelopes: z.array(wbEnvelopeSchema).min(1).max(4),
    fuelDensityLbPerGal: positive.max(20),
    maxRampLb: positive.optional(),
    maxTakeoffLb: positive,
    maxLandingLb: positive.optional(),
    maxZeroFuelLb: positive.optional(),
    combinedLimits: z.array(z.object({ stationIds: z.array(z.string().min(1).max(32)).min(1).max(WB_MAX_STATIONS), maxLb: positive, name })).max(WB_MAX_STATIONS).optional(),
  })
  .superRefine((profile, ctx) => {
    const ids = new Set<string>();
    profile.stations.forEach((s, i) => {
      if (ids.has(s.id)) ctx.addIssue({ code: 'custom', path: ['stations', i, 'id'], message: `station id "${s.id}" is used twice` });
      ids.add(s.id);
    });
    profile.combinedLimits?.forEach((c, i) => {
      c.stationIds.forEach((id, j) => {
        if (!ids.has(id)) ctx.addIssue({ code: 'custom', path: ['combinedLimits', i, 'stationIds', j], message: `no station "${id}"` });
      });
    });
  });

/** `WbRecord` version 1: the aircraft's definition and its last loading (pounds per station, gallons per tank). */
export const wbRecordSchema = z
  .object({
    version: z.literal(1),
    aircraft: wbProfileSchema,
    loading: z.object({
      loads: z.record(z.string().min(1).max(32), finite.min(0).max(1_000_000)),
      taxiFuelGal: finite.min(0).max(1000),
    }),
  })
  .superRefine((record, ctx) => {
    const ids = new Set(record.aircraft.stations.map((s) => s.id));
    for (const id of Object.keys(record.loading.loads)) {
      if (!ids.has(id)) ctx.addIssue({ code: 'custom', path: ['loading', 'loads', id], message: `no station "${id}" in ${record.aircraft.name}` });
    }
  });
export type WbRecordWire = z.infer<typeof wbRecordSchema>;

/** Where a stored or received `wb` value is wrong, as "At path: message" lines; empty when it is right. */
export function wbRecordProblems(value: unknown): string[] {
  const result = wbRecordSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `At wb.${issue.path.map(String).join('.')}: ${issue.message}`);
}

import { z } from 'zod';
import { RECEIVER_KINDS, type DevicesMessage } from './devices.js';

// The devices socket's messages as zod schemas, apart from devices.ts so that code which only needs
// the constants does not bring zod along. The app parses every message with devicesMessageSchema.

const ms = z.number().int().nonnegative();
const lat = z.number().min(-90).max(90);
const lon = z.number().min(-180).max(180);
const count = z.number().int().nonnegative();
const hex = z.string().regex(/^[0-9A-F]{6}$/, { error: 'must be 6 upper-case hex digits' });
const datum = z.enum(['wgs84Ellipsoid', 'msl']).nullable();
const deg = z.number().min(0).max(360).nullable();

export const devicesStatusSchema = z.object({
  type: z.literal('status'),
  time: ms,
  listening: z.boolean(),
  port: z.number().int().min(0).max(65535).nullable(),
  receiver: z.object({
    kind: z.enum(RECEIVER_KINDS),
    name: z.string().nullable(),
    longName: z.string().nullable(),
    firmware: z.string().nullable(),
    from: z.string(),
    geoAltitudeDatum: datum,
    detectedAt: ms,
  }).nullable(),
  heartbeat: z.boolean(),
  traffic: z.boolean(),
  gps: z.boolean(),
  lastMessageAt: ms.nullable(),
  counts: z.object({
    datagrams: count,
    bytes: count,
    messages: count,
    badCrc: count,
    truncated: count,
    unknown: count,
    badLength: count,
    refused: count,
    fisb: z.record(z.string(), count),
  }),
});

export const devicesOwnshipSchema = z.object({
  type: z.literal('ownship'),
  time: ms,
  address: hex,
  callsign: z.string().nullable(),
  lat,
  lon,
  altPressureFt: z.number().nullable(),
  altGeoFt: z.number().nullable(),
  geoAltitudeDatum: datum,
  trackDeg: deg,
  groundSpeedKt: z.number().nonnegative().nullable(),
  verticalSpeedFpm: z.number().nullable(),
  nic: z.number().int().min(0).max(15),
  nacp: z.number().int().min(0).max(15),
  airborne: z.boolean(),
});

export const deviceTrafficTargetSchema = z.object({
  address: hex,
  addressType: z.string(),
  callsign: z.string().nullable(),
  lat: lat.nullable(),
  lon: lon.nullable(),
  altFt: z.number().nullable(),
  trackDeg: deg,
  speedKt: z.number().nonnegative().nullable(),
  verticalSpeedFpm: z.number().nullable(),
  emitter: z.number().int().min(0).max(255),
  emergency: z.number().int().min(0).max(15),
  onGround: z.boolean(),
  alert: z.boolean(),
  time: ms,
  distanceNm: z.number().nonnegative().nullable().optional(),
});

export const devicesTrafficSchema = z.object({ type: z.literal('traffic'), time: ms, targets: z.array(deviceTrafficTargetSchema) });

export const devicesFisbSchema = z.object({
  type: z.literal('fisb'),
  time: ms,
  source: z.literal('ADS-B'),
  products: z.array(z.object({ productId: count, kind: z.string(), location: z.string(), text: z.string(), station: z.object({ lat, lon }) })),
});

export const devicesMessageSchema = z.discriminatedUnion('type', [devicesStatusSchema, devicesOwnshipSchema, devicesTrafficSchema, devicesFisbSchema]);

// The schema and the interfaces in devices.ts describe the same messages.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.infer<typeof devicesMessageSchema>, DevicesMessage> = true;
void sameShape;

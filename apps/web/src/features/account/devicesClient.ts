// The account page's device list (apps/server/README.md "Sync": GET /api/devices, DELETE /api/devices/{uuid}).
import { apiErrorFrom } from '../../platform/api';

/** One device of the customer; times in ms since the epoch. */
export interface SyncDevice {
  uuid: string;
  first_seen: number;
  last_seen: number;
}

/** `GET /api/devices`: the devices, most recently seen first, and the limit (4, spec part 1 §9). */
export interface DeviceList {
  limit: number;
  devices: SyncDevice[];
}

/** Devices per subscription when the server does not say (spec part 1 §9). */
export const DEFAULT_DEVICE_LIMIT = 4;

/** The customer's devices; non-2xx throws ApiError with the server's `error`. */
export async function fetchDevices(): Promise<DeviceList> {
  const reply = await fetch('/api/devices', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!reply.ok) throw await apiErrorFrom(reply, '/api/devices');
  const body = (await reply.json()) as Partial<DeviceList>;
  return { limit: typeof body.limit === 'number' ? body.limit : DEFAULT_DEVICE_LIMIT, devices: Array.isArray(body.devices) ? body.devices : [] };
}

/** Removes a device (204); 404 and other errors throw ApiError with the server's `error`. */
export async function removeDevice(uuid: string): Promise<void> {
  const path = `/api/devices/${encodeURIComponent(uuid)}`;
  const reply = await fetch(path, { method: 'DELETE', credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!reply.ok) throw await apiErrorFrom(reply, path);
}

// The account page's device list (apps/server/README.md "Sync" and "Security": GET /api/devices,
// DELETE /api/devices/{uuid}, POST /api/devices/sign_out_others).
import { apiErrorFrom } from '../../platform/api';

/** One device of the customer; times in ms since the epoch. */
export interface SyncDevice {
  uuid: string;
  first_seen: number;
  last_seen: number;
  /** Whether the session the device id is bound to is still signed in (absent from older servers). */
  signed_in?: boolean;
  /** Whether that session is the caller's own (this browser). */
  this_session?: boolean;
}

/** `GET /api/devices`: the devices, most recently seen first, and the limit (4, spec part 1 §9). */
export interface DeviceList {
  limit: number;
  devices: SyncDevice[];
  /** Signed-in sessions of the account other than this one, synced or not: what "Sign out all other devices" ends. */
  other_sessions: number;
}

/** Devices per subscription when the server does not say (spec part 1 §9). */
export const DEFAULT_DEVICE_LIMIT = 4;

/** The customer's devices; non-2xx throws ApiError with the server's `error`. */
export async function fetchDevices(): Promise<DeviceList> {
  const reply = await fetch('/api/devices', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!reply.ok) throw await apiErrorFrom(reply, '/api/devices');
  const body = (await reply.json()) as Partial<DeviceList>;
  return {
    limit: typeof body.limit === 'number' ? body.limit : DEFAULT_DEVICE_LIMIT,
    devices: Array.isArray(body.devices) ? body.devices : [],
    other_sessions: typeof body.other_sessions === 'number' ? body.other_sessions : 0,
  };
}

/** Removes a device (204); 404 and other errors throw ApiError with the server's `error`. */
export async function removeDevice(uuid: string): Promise<void> {
  const path = `/api/devices/${encodeURIComponent(uuid)}`;
  const reply = await fetch(path, { method: 'DELETE', credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!reply.ok) throw await apiErrorFrom(reply, path);
}

/** Ends every session of the account but this one (their realtime sockets close too); answers how many ended. */
export async function signOutOtherDevices(): Promise<number> {
  const path = '/api/devices/sign_out_others';
  const reply = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!reply.ok) throw await apiErrorFrom(reply, path);
  const body = (await reply.json().catch(() => null)) as { signed_out?: unknown } | null;
  return typeof body?.signed_out === 'number' ? body.signed_out : 0;
}

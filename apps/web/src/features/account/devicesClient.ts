// The account page's device list (apps/server/README.md "Sync" and "Security": GET /api/devices,
// DELETE /api/devices/{uuid}, POST /api/devices/sign_out_others).
import { deviceListSchema, parseReply, signOutOthersSchema, type DeviceListReply, type SyncDeviceReply } from '@clearway/protocol';
import { apiErrorFrom } from '../../platform/api';
import { serverFetch } from '../../platform/serverFetch';

/**
 * One device of the customer (the protocol's syncDeviceSchema): times in ms since the epoch,
 * whether the session its id is bound to is still signed in, and whether that session is this browser's.
 */
export type SyncDevice = SyncDeviceReply;

/**
 * `GET /api/devices` (the protocol's deviceListSchema): the devices, most recently seen first, the
 * limit (4, spec part 1 §9) and the signed-in sessions other than this one, synced or not (what
 * "Sign out all other devices" ends).
 */
export type DeviceList = DeviceListReply;

/**
 * The customer's devices; non-2xx throws ApiError with the server's `error`, a body that is not the
 * protocol's device list throws ReplyShapeError naming the field (`/api/devices answered a body
 * that is not valid: devices.0.uuid: ...`).
 */
export async function fetchDevices(): Promise<DeviceList> {
  const path = '/api/devices';
  const reply = await serverFetch(path, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!reply.ok) throw await apiErrorFrom(reply, path);
  return parseReply(path, deviceListSchema, await reply.json());
}

/** Removes a device (204); 404 and other errors throw ApiError with the server's `error`. */
export async function removeDevice(uuid: string): Promise<void> {
  const path = `/api/devices/${encodeURIComponent(uuid)}`;
  const reply = await serverFetch(path, { method: 'DELETE', credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!reply.ok) throw await apiErrorFrom(reply, path);
}

/** Ends every session of the account but this one (their realtime sockets close too); answers how many ended. */
export async function signOutOtherDevices(): Promise<number> {
  const path = '/api/devices/sign_out_others';
  const reply = await serverFetch(path, { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!reply.ok) throw await apiErrorFrom(reply, path);
  return parseReply(path, signOutOthersSchema, await reply.json()).signed_out;
}

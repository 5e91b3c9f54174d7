import { isPackKind, type PackKind } from '@clearway/protocol';

/**
 * The map's tile URLs for the kinds a region pack holds: `clearway-pack://{kind}/{z}/{x}/{y}` with,
 * after `?src=`, the network URL of the same tile (MapLibre fills `{z}/{x}/{y}` in both). The
 * protocol handler answers from a pack on the device first and from that URL second (through the
 * service worker, whose runtime caches keep what was seen); terrain has no tile URL, its second
 * source is the server's terrain packs read by HTTP Range (remoteTerrain.ts).
 */
export const PACK_PROTOCOL = 'clearway-pack';
const SRC = '?src=';

export function packTileUrl(kind: PackKind, networkTemplate?: string): string {
  return `${PACK_PROTOCOL}://${kind}/{z}/{x}/{y}${networkTemplate === undefined ? '' : `${SRC}${networkTemplate}`}`;
}

/** A URL of the pack protocol (filled or not). */
export function isPackTileUrl(url: string): boolean {
  return url.startsWith(`${PACK_PROTOCOL}://`);
}

export interface PackTileRequest {
  kind: PackKind;
  z: number;
  x: number;
  y: number;
  /** The network URL of the tile; null: none (terrain). */
  network: string | null;
}

const PATH = /^(\d{1,2})\/(\d{1,8})\/(\d{1,8})$/;

/** Reads a filled pack tile URL back; null when it is not one. */
export function parsePackTileUrl(url: string): PackTileRequest | null {
  const prefix = `${PACK_PROTOCOL}://`;
  if (!url.startsWith(prefix)) return null;
  const rest = url.slice(prefix.length);
  const at = rest.indexOf(SRC);
  const address = at < 0 ? rest : rest.slice(0, at);
  const slash = address.indexOf('/');
  const kind = address.slice(0, slash);
  const match = PATH.exec(address.slice(slash + 1));
  if (slash < 0 || !isPackKind(kind) || !match) return null;
  const [z, x, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (x >= 2 ** z || y >= 2 ** z) return null;
  return { kind, z, x, y, network: at < 0 ? null : rest.slice(at + SRC.length) };
}

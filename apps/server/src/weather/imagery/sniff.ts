import { IMAGERY_MEDIA_TYPES, type ImageryExtension } from '@clearway/protocol';

/**
 * The image type of some bytes by their signature (PNG, GIF, JPEG, WebP), or null: what a source
 * answers is checked by its content, not by its Content-Type, so an error page sent with 200 is
 * never kept as a picture.
 */
export function sniffImage(bytes: Uint8Array): { ext: ImageryExtension; contentType: (typeof IMAGERY_MEDIA_TYPES)[ImageryExtension] } | null {
  const starts = (signature: readonly number[], at = 0) => bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', contentType: IMAGERY_MEDIA_TYPES.png };
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return { ext: 'gif', contentType: IMAGERY_MEDIA_TYPES.gif };
  if (starts([0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: IMAGERY_MEDIA_TYPES.jpg };
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return { ext: 'webp', contentType: IMAGERY_MEDIA_TYPES.webp };
  return null;
}

/**
 * Thrown by the readers when bytes are not a nav database this code can read: bad magic, an
 * unsupported format version, a truncated file or a malformed directory. The message says which,
 * in words a user can act on (download the database again, update the app).
 */
export class NavDbFormatError extends Error {
  override readonly name = 'NavDbFormatError';
}

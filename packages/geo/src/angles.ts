/** Angle helpers, kept apart from magvar.ts so geodesy does not pull in the magnetic model. */

/** An angle in degrees brought into [0, 360). */
export function normalize360(deg: number): number {
  const r = deg % 360;
  // `+ 0` turns -0 into 0.
  return (r < 0 ? r + 360 : r) + 0;
}

/** Mean Earth radius used for route distances, in nautical miles (spec part 1 §9). */
export const EARTH_RADIUS_NM = 3440.07019148103;
/** "Infinite" distance: 100 Earth radii, in nautical miles (spec part 2 §9). */
export const DISTANCE_INFINITY_NM = 100 * EARTH_RADIUS_NM;

/** Sentinels for unknown values (spec part 1 §9, part 2 §9). */
export const UNKNOWN_ALTITUDE_FT = -9999;
export const UNKNOWN_WIND = 99999;
export const UNKNOWN_TEMPERATURE = 9999;
export const UNKNOWN_BEARING_DEG = 999;
export const UNKNOWN_VARIATION_DEG = 999.999;

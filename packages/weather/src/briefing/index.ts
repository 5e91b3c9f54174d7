// Standard briefings (issue 22): route and area, assembled from the device's own data.
export * from './types.js';
export { assembleBriefing, ADVISORIES_MAX_AGE_MS, AREA_WIND_LEVELS_FT, CURRENT_METAR_MAX_AGE_MS, MAX_ROUTINE_PIREPS, TFR_CORRIDOR_NM } from './assemble.js';
export { abeam, corridorOf, legsCrossing, overlaps, type Abeam, type Corridor } from './corridor.js';

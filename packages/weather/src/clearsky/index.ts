// ClearSky (issue 17): the route's legs judged against the weather at the aircraft's ETA.
export * from './types.js';
export * from './rules.js';
export { analyseClearSky, freezingLevelFt } from './analyse.js';
export { surfaceAt, formatZulu, formatHhmmZ, type SurfaceAt } from './surface.js';
export { pointToSegment, legCrossesArea, prepareArea, type PreparedArea } from './geometry.js';

export { readXPlane } from './readXPlane.js';
export type { ReadXPlaneOptions, XPlaneData, XPlaneIlsComponent, XPlaneInput, XPlanePaths, XPlaneStats } from './types.js';

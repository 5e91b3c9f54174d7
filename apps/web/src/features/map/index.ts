// Front door of features/map for other features (eslint.config.js feature map): the pure pieces of
// the weather layers (colours, GeoJSON of the snapshots, tap texts, wind barb images) and the
// basemap's colours, for pages that draw weather their own way (features/wxpages). The map page
// itself is routed by the shell (app/routes.tsx).
export { PALETTES, type MapTheme, type Palette } from './palette';
export { COVERAGE_LAYER, NO_DATA_COLOURS } from './layers/tileCoverage';
export {
  BARB_COLOUR,
  CATEGORY_COLOURS,
  HAZARD_COLOURS,
  PIREP_COLOURS,
  STALE_OPACITY,
  STATION_OUTLINE,
  advisoryFeatures,
  barbImageName,
  hazardClass,
  metarFeatures,
  pirepFeatures,
  pirepKind,
  type FlightCategoryKey,
  type HazardClass,
  type PirepKind,
} from './layers/weatherStyle';
export { advisoryLines, altitudeText, metarLines, pirepLines, zulu } from './layers/weatherDetails';
export { provideBarbImages, type ImageMap } from './layers/weatherBarbs';

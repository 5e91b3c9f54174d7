export { EMPTY_FPL_FORM, FPL_FIELDS, ITEM18_INDICATORS, normalizeFplForm, type FplField, type FplForm, type FplIssue, type Item18Indicator } from './form.js';
export { formatItem18, item18Value, parseItem18, type Item18 } from './item18.js';
export { buildFplMessage, type FplMessage } from './message.js';
export { fplFormFromRoute, fplRouteText, icaoLatLon, levelForAltitude, minutesToHhmm, type FplPrefillOptions } from './prefill.js';
export { canFile, equipmentCodes, hhmmMinutes, routeWordProblem, validateFpl } from './validate.js';

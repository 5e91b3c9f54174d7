/**
 * `@clearway/flightplan/testing`: test and benchmark kits, kept out of the production entry point.
 * Routes and waypoints with the model's defaults, and the hand-made nav databases of the parser,
 * edit and procedure tests (navdb's sample set plus lines of points, airways and procedures).
 */
export { makeRoute, makeWaypoint } from './testRoute.js';
export { testNavDataSet, testNavDb } from './testNavData.js';
export { airwayProcedureDataSet, airwayProcedureNavDb, JJJ_FIX, JJJ_ON_J951, KQQQ_ARP, QQQ_VOR, V950_OFFSETS_NM } from './airwayProcedureTestData.js';

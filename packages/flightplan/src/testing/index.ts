/**
 * `@clearway/flightplan/testing`: test and benchmark kits, kept out of the production entry point.
 * Routes and waypoints with the model's defaults, and the hand-made nav databases of the parser,
 * edit and procedure tests (navdb's sample set plus lines of points, airways and procedures), and
 * the corpus tests' databases built from the shared data (the test passes in the Node I/O).
 */
export { makeRoute, makeWaypoint } from './testRoute.js';
export { testNavDataSet, testNavDb } from './testNavData.js';
export { airwayProcedureDataSet, airwayProcedureNavDb, JJJ_FIX, JJJ_ON_J951, KQQQ_ARP, QQQ_VOR, V950_OFFSETS_NM } from './airwayProcedureTestData.js';
export { buildSharedNavDb, csvLine, csvRecords, SHARED_NAVDATA_NOW, SHARED_NAVDATA_SOURCES, type SharedNavDataIo, type SharedRegion } from './sharedNavData.js';

/**
 * `@clearway/navdb/testing`: test and benchmark kits, kept out of the production entry point. The
 * naive linear-scan database (the oracle the indexed one is checked against), the small hand-built
 * sample data set, the US-size synthetic one and the query benchmark harness.
 */
export { createNaiveNavDb } from './naive.js';
export { sampleNavDataSet } from './sample.js';
export { syntheticNavDataSet, benchmarkQueries } from './synthetic.js';
export { runQueryBenchmark, figures, type QueryBenchmarkOptions, type QueryBenchmarkReport, type QueryFigures } from './queryBenchmark.js';

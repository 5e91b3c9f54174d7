// Front door of features/afd (issue 21: the chart supplement page, /app/show_afd, at `?id={airport}`).
// The routes load AfdPage on demand (app/routes.tsx); the airport page links to it by its path.
export { buildSupplement, runwayLine, type Supplement, type SupplementSection } from './supplement';

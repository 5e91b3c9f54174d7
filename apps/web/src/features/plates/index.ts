// Front door of features/plates (issue 21: approach plates from the server's d-TPP index, drawn with
// pdf.js). The routes load PlateView on demand (app/routes.tsx); the route screen opens a procedure's
// chart through platePagePath.
import { pagePath } from '../../platform/pages';
import { plateViewSearch } from './plateGroups';

export { startLandingWatch } from './landing';

/** The plate screen's address for an airport and, optionally, a procedure (its id or chart name) to open. */
export function platePagePath(airport: string, procedure?: string): string {
  return `${pagePath('PlateView')}${plateViewSearch(airport, procedure)}`;
}

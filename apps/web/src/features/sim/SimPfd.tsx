import { PlannedPage } from '../../platform/PlannedPage';
import { pageForPath, pagePath } from '../../platform/pages';

const page = pageForPath(pagePath('SimPFD'));

/** The simulator primary flight display; the simulator link comes in a later issue. */
export default function SimPfd() {
  return <PlannedPage page={page} />;
}

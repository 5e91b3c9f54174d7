import { pagePath, type PageName } from '../platform/pages';

/** The menu drawer's entries, in the order of spec part 1 §2 "Shell" ("Menu entries"). */
export interface MenuLink {
  kind: 'link';
  label: string;
  page: PageName;
}

export interface MenuGroup {
  kind: 'group';
  /** Stable id for test ids, e.g. 'flight_service'. */
  id: string;
  label: string;
  children: readonly MenuLink[];
}

export interface MenuExternal {
  kind: 'external';
  id: string;
  label: string;
  href: string;
}

export type MenuEntry = MenuLink | MenuGroup | MenuExternal;

const link = (label: string, page: PageName): MenuLink => ({ kind: 'link', label, page });

export const MENU_ENTRIES: readonly MenuEntry[] = [
  link('Airports', 'airport'),
  link('Maps', 'map1'),
  link('ClearSky AI', 'clearsky'),
  link('Approach Plates', 'PlateView'),
  link('Flight Plan', 'route'),
  link('Sim Center/PFD', 'SimPFD'),
  {
    kind: 'group',
    id: 'flight_service',
    label: 'Flight Service',
    children: [
      link('Route Briefing', 'afss_route_briefing'),
      link('Area Briefing', 'afss_area_briefing'),
      link('Flight Plans', 'afss_flight_plan'),
    ],
  },
  link('Along the Route', 'along_route'),
  link('Downloads', 'download'),
  link('Sketch', 'sketch'),
  {
    kind: 'group',
    id: 'wx_imagery',
    label: 'Wx Imagery',
    children: [
      link('Surface Progs', 'wx_surface'),
      link('Cloud Tops', 'wx_tops'),
      link('SIGMETs', 'wx_sigmet'),
      link('G-Airmet', 'wx_airmet'),
      link('Radar Composite', 'wx_radar_composite'),
    ],
  },
  { kind: 'external', id: 'radar', label: 'Radar (weather.gov)', href: 'https://radar.weather.gov/' },
  { kind: 'external', id: 'gfa', label: 'Graphical Forecasts (aviationweather.gov)', href: 'https://aviationweather.gov/gfa/' },
  { kind: 'external', id: 'satellite', label: 'Satellite Viewer (NASA Worldview)', href: 'https://worldview.earthdata.nasa.gov/' },
];

export function menuLinkPath(entry: MenuLink): string {
  return pagePath(entry.page);
}

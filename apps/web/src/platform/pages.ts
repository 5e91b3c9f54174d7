/**
 * Every page under /app (spec part 1 §2 "Screens and routes"), with the title the top bar shows and
 * one sentence on what the page will hold. Pages whose capability arrives in a later issue show only
 * this text; nothing here pretends to work.
 */
export interface PageInfo {
  /** Path segment under /app, e.g. 'PlateView'. */
  name: string;
  title: string;
  /** What the page will hold once its capability exists. */
  sentence: string;
  /**
   * A full-screen page (a plate, a display, a drawing pad): the shell gives it exactly the height left
   * under the top bar (a flex item of the page layer), instead of letting it grow with its content.
   */
  fullHeight?: boolean;
}

export const APP_BASE = '/app';

export const PAGES = [
  { name: 'map1', title: 'Maps', sentence: 'Map view one will show the moving map with charts, your route and your position.' },
  { name: 'map2', title: 'Maps', sentence: 'Map view two will show a second moving map that can sit beside view one.' },
  { name: 'welcome', title: 'Welcome', sentence: 'The free-trial welcome will show your trial expiry date and lead on to your aircraft profile.' },
  { name: 'aircraft_profile_welcome', title: 'Aircraft Profile', sentence: 'Here you will set up your aircraft performance profile before your first flight plan.' },
  { name: 'pricing', title: 'Subscription', sentence: 'This page will show your customer id and the subscription plan card.' },
  { name: 'account', title: 'Account', sentence: 'This page will show your account summary with your subscription or trial details.' },
  { name: 'helpcenter', title: 'Help Center', sentence: 'This page will open the support help center in a new window, signed in for you.' },
  { name: 'airport', title: 'Airports', sentence: 'Airport search and details such as runways, frequencies, weather and NOTAMs will live here.' },
  { name: 'clearsky', title: 'ClearSky AI', sentence: 'ClearSky AI will analyse the weather along your route for a chosen departure time and altitude.' },
  { name: 'PlateView', title: 'Approach Plates', sentence: 'Approach plates and airport diagrams for the selected airport will be shown here.', fullHeight: true },
  { name: 'SimPFD', title: 'Sim Center/PFD', sentence: 'The primary flight display for a connected flight simulator will be shown here.', fullHeight: true },
  { name: 'sketch', title: 'Sketch', sentence: 'A scratch pad for drawing and noting clearances will live here.', fullHeight: true },
  { name: 'show_afd', title: 'Airport Facility Directory', sentence: 'The facility directory entry of the selected airport will be shown here.' },
  { name: 'route', title: 'Flight Plan', sentence: 'The flight plan editor with nav log, aircraft profile, saved routes and altitude optimizer will live here.' },
  { name: 'along_route', title: 'Along the Route', sentence: 'Airports and weather along your route will be listed here.' },
  { name: 'download', title: 'Downloads', sentence: 'Map, chart and airport database packs for offline use will be downloaded from here.' },
  { name: 'wx_surface', title: 'Surface Progs', sentence: 'Surface prognostic charts will be shown here.' },
  { name: 'wx_tops', title: 'Cloud Tops', sentence: 'Cloud top heights will be shown here.' },
  { name: 'wx_sigmet', title: 'SIGMETs', sentence: 'Current SIGMETs will be shown here.' },
  { name: 'wx_airmet', title: 'G-Airmet', sentence: 'Graphical AIRMETs will be shown here.' },
  { name: 'wx_flightrules', title: 'Flight Rules', sentence: 'Flight categories (VFR, MVFR, IFR, LIFR) at reporting stations will be shown here.' },
  { name: 'wx_winds_aloft', title: 'Winds Aloft', sentence: 'Winds and temperatures aloft by level will be shown here.' },
  { name: 'wx_pireps', title: 'PIREPs', sentence: 'Pilot reports will be shown here.' },
  { name: 'wx_radar_composite', title: 'Radar Composite', sentence: 'The national composite radar image will be shown here.' },
  { name: 'wx_radar_regional_static', title: 'Regional Radar', sentence: 'Regional radar images will be shown here.' },
  { name: 'wx_radar_regional_looping', title: 'Regional Radar Loop', sentence: 'Looping regional radar images will be shown here.' },
  { name: 'wx_freezing_levels', title: 'Freezing Levels', sentence: 'Freezing level charts will be shown here.' },
  { name: 'wx_satellite_usa', title: 'Satellite USA', sentence: 'Satellite images of the United States will be shown here.' },
  { name: 'gfa', title: 'Graphical Forecast', sentence: 'Graphical forecasts for aviation will be shown here.' },
  { name: 'afss_route_briefing', title: 'Route Briefing', sentence: 'A flight-service weather briefing for your route will be requested and shown here.' },
  { name: 'afss_area_briefing', title: 'Area Briefing', sentence: 'A flight-service briefing for an area will be requested and shown here.' },
  { name: 'afss_flight_plan', title: 'Flight Plans', sentence: 'Flight plans will be filed with flight service and managed here.' },
] as const satisfies readonly PageInfo[];

export type PageName = (typeof PAGES)[number]['name'];

/** The fallback page for any other address. */
export const FALLBACK_PAGE: PageInfo = {
  name: 'fallback',
  title: 'Page Not Found',
  sentence: 'There is no page at this address; pick one from the menu.',
};

/** The address of a page: every path to a page under /app is built here, never written out. */
export function pagePath(name: PageName): string {
  return `${APP_BASE}/${name}`;
}

/** The address of map view 1 or 2 (a layout's view id: 2 is view two, anything else view one). */
export function mapPagePath(viewId: number): string {
  return pagePath(viewId === 2 ? 'map2' : 'map1');
}

/** Whether a path shows a map page (/app/map1 or /app/map2, one trailing slash allowed, case as written). */
export function isMapPath(path: string): boolean {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed === pagePath('map1') || trimmed === pagePath('map2');
}

/** The page an address shows, or the fallback page. Matching ignores case, as the router's does. */
export function pageForPath(path: string): PageInfo {
  const prefix = `${APP_BASE}/`;
  if (!path.startsWith(prefix)) return FALLBACK_PAGE;
  const name = path.slice(prefix.length).replace(/(?<!\/)\/+$/, '').toLowerCase();
  return PAGES.find((page) => page.name.toLowerCase() === name) ?? FALLBACK_PAGE;
}

import { createElement, type ReactNode } from 'react';
import { IMAGERY_PAGES, type ImageryPageName } from '@clearway/protocol';
import { MapPage } from '../features/map/MapPage';
import { createBrowserRouter, Navigate, useRouteError, type RouteObject } from 'react-router';
import { AirportPage } from '../features/airport/AirportPage';
import { lazyPage } from './lazyPage';
import { RenderFailure } from '../platform/ErrorBoundary';
import { APP_BASE, FALLBACK_PAGE, PAGES, pagePath, type PageName } from '../platform/pages';
import { PlannedPage } from '../platform/PlannedPage';
import { START_PATHS } from '../platform/redirects';
import { Shell } from './Shell';
import { StartRedirect } from './StartRedirect';

// Pages off the start path load on demand, so their code stays out of the initial bundle.
const RoutePage = lazyPage(() => import('../features/route/RoutePage').then((m) => ({ default: m.RoutePage })), 'page-route');
const AircraftProfileWelcomePage = lazyPage(
  () => import('../features/profile/AircraftProfileWelcomePage').then((m) => ({ default: m.AircraftProfileWelcomePage })),
  'page-aircraft_profile_welcome',
);
const AccountPage = lazyPage(() => import('../features/account/AccountPage').then((m) => ({ default: m.AccountPage })), 'page-account');
const WelcomePage = lazyPage(() => import('../features/account/WelcomePage').then((m) => ({ default: m.WelcomePage })), 'page-welcome');
const HelpCenterPage = lazyPage(() => import('../features/help/HelpCenterPage').then((m) => ({ default: m.HelpCenterPage })), 'page-helpcenter');
const PricingPage = lazyPage(() => import('../features/pricing/PricingPage').then((m) => ({ default: m.PricingPage })), 'page-pricing');
/** SimPFD loads on demand: 'Loading...' meanwhile, 'Error loading component: {message}' on failure. */
const SimPfdPage = lazyPage(() => import('../features/sim/SimPfd'), 'page-SimPFD');
const ClearSkyPage = lazyPage(() => import('../features/clearsky/ClearSkyPage').then((m) => ({ default: m.ClearSkyPage })), 'page-clearsky');
const DownloadsPage = lazyPage(() => import('../features/downloads/DownloadsPage').then((m) => ({ default: m.DownloadsPage })), 'page-download');
const PlateViewPage = lazyPage(() => import('../features/plates/PlateView').then((m) => ({ default: m.PlateView })), 'page-PlateView');
const AfdPage = lazyPage(() => import('../features/afd/AfdPage').then((m) => ({ default: m.AfdPage })), 'page-show_afd');
const RouteBriefingPage = lazyPage(() => import('../features/briefing/RouteBriefingPage').then((m) => ({ default: m.RouteBriefingPage })), 'page-afss_route_briefing');
const AreaBriefingPage = lazyPage(() => import('../features/briefing/AreaBriefingPage').then((m) => ({ default: m.AreaBriefingPage })), 'page-afss_area_briefing');
const FlightPlanPage = lazyPage(() => import('../features/flightservice/FlightPlanPage').then((m) => ({ default: m.FlightPlanPage })), 'page-afss_flight_plan');
const SketchPage = lazyPage(() => import('../features/sketch/SketchPage').then((m) => ({ default: m.SketchPage })), 'page-sketch');
const AlongRoutePage = lazyPage(() => import('../features/alongroute/AlongRoutePage').then((m) => ({ default: m.AlongRoutePage })), 'page-along_route');
// Weather pages drawn from the snapshots held on the device (features/wxpages).
const WxFlightRulesPage = lazyPage(() => import('../features/wxpages/FlightRulesPage').then((m) => ({ default: m.FlightRulesPage })), 'page-wx_flightrules');
const WxSigmetPage = lazyPage(() => import('../features/wxpages/SigmetPage').then((m) => ({ default: m.SigmetPage })), 'page-wx_sigmet');
const WxAirmetPage = lazyPage(() => import('../features/wxpages/AirmetPage').then((m) => ({ default: m.AirmetPage })), 'page-wx_airmet');
const WxPirepsPage = lazyPage(() => import('../features/wxpages/PirepsPage').then((m) => ({ default: m.PirepsPage })), 'page-wx_pireps');
const WxWindsAloftPage = lazyPage(() => import('../features/wxpages/WindsAloftPage').then((m) => ({ default: m.WindsAloftPage })), 'page-wx_winds_aloft');

/** The weather imagery pages (features/wximagery), one chunk for all of them. */
const imageryPage = (name: ImageryPageName) =>
  lazyPage(() => import('../features/wximagery/WxImageryPage').then((m) => ({ default: m.imageryPageComponent(name) })), `page-${name}`);
const IMAGERY_ELEMENTS = Object.fromEntries((Object.keys(IMAGERY_PAGES) as ImageryPageName[]).map((name) => [name, createElement(imageryPage(name))])) as Record<ImageryPageName, ReactNode>;

/** Pages with their own component; every other page shows its PlannedPage. */
const PAGE_ELEMENTS: Partial<Record<PageName, ReactNode>> = {
  ...IMAGERY_ELEMENTS,
  SimPFD: <SimPfdPage />,
  account: <AccountPage />,
  aircraft_profile_welcome: <AircraftProfileWelcomePage />,
  along_route: <AlongRoutePage />,
  afss_area_briefing: <AreaBriefingPage />,
  afss_flight_plan: <FlightPlanPage />,
  afss_route_briefing: <RouteBriefingPage />,
  airport: <AirportPage />,
  clearsky: <ClearSkyPage />,
  download: <DownloadsPage />,
  helpcenter: <HelpCenterPage />,
  map1: <MapPage name="map1" />,
  map2: <MapPage name="map2" />,
  PlateView: <PlateViewPage />,
  pricing: <PricingPage />,
  route: <RoutePage />,
  show_afd: <AfdPage />,
  sketch: <SketchPage />,
  welcome: <WelcomePage />,
  wx_airmet: <WxAirmetPage />,
  wx_flightrules: <WxFlightRulesPage />,
  wx_pireps: <WxPirepsPage />,
  wx_sigmet: <WxSigmetPage />,
  wx_winds_aloft: <WxWindsAloftPage />,
};

const fallback = <PlannedPage page={FALLBACK_PAGE} />;

/** The failure text as a route's errorElement, with the route's error (in data-error). */
function RouteRenderFailure() {
  const error = useRouteError();
  return <RenderFailure error={error} />;
}

/** The app's routes (spec part 1 §2 "Screens and routes"). */
export const appRoutes: RouteObject[] = [
  ...START_PATHS.map((path): RouteObject => ({ path, element: <StartRedirect />, errorElement: <RouteRenderFailure /> })),
  {
    path: APP_BASE,
    element: <Shell />,
    errorElement: <RouteRenderFailure />,
    children: [
      { index: true, element: <Navigate to={pagePath('map1')} replace /> },
      ...PAGES.map((page): RouteObject => ({ path: page.name, element: PAGE_ELEMENTS[page.name] ?? <PlannedPage page={page} /> })),
      { path: '*', element: fallback },
    ],
  },
  // Any address outside /app: the fallback page inside the shell.
  { element: <Shell />, errorElement: <RouteRenderFailure />, children: [{ path: '*', element: fallback }] },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;

import type { ReactNode } from 'react';
import { MapPage } from '../features/map/MapPage';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AirportPage } from '../features/airport/AirportPage';
import { AircraftProfileWelcomePage } from '../features/profile/AircraftProfileWelcomePage';
import { SimPfdPage } from '../features/sim/SimPfdPage';
import { RoutePage } from '../features/flightplan/RoutePage';
import { AccountPage } from '../features/account/AccountPage';
import { WelcomePage } from '../features/account/WelcomePage';
import { PricingPage } from '../features/pricing/PricingPage';
import { RenderFailure } from './ErrorBoundary';
import { APP_BASE, FALLBACK_PAGE, PAGES, pagePath, type PageName } from './pages';
import { PlannedPage } from './PlannedPage';
import { START_PATHS } from './redirects';
import { Shell } from './Shell';
import { StartRedirect } from './StartRedirect';

/** Pages with their own component; every other page shows its PlannedPage. */
const PAGE_ELEMENTS: Partial<Record<PageName, ReactNode>> = {
  SimPFD: <SimPfdPage />,
  account: <AccountPage />,
  aircraft_profile_welcome: <AircraftProfileWelcomePage />,
  airport: <AirportPage />,
  map1: <MapPage name="map1" />,
  map2: <MapPage name="map2" />,
  pricing: <PricingPage />,
  route: <RoutePage />,
  welcome: <WelcomePage />,
};

const fallback = <PlannedPage page={FALLBACK_PAGE} />;

/** The app's routes (spec part 1 §2 "Screens and routes"). */
export const appRoutes: RouteObject[] = [
  ...START_PATHS.map((path): RouteObject => ({ path, element: <StartRedirect />, errorElement: <RenderFailure /> })),
  {
    path: APP_BASE,
    element: <Shell />,
    errorElement: <RenderFailure />,
    children: [
      { index: true, element: <Navigate to={pagePath('map1')} replace /> },
      ...PAGES.map((page): RouteObject => ({ path: page.name, element: PAGE_ELEMENTS[page.name] ?? <PlannedPage page={page} /> })),
      { path: '*', element: fallback },
    ],
  },
  // Any address outside /app: the fallback page inside the shell.
  { element: <Shell />, errorElement: <RenderFailure />, children: [{ path: '*', element: fallback }] },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;

import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../store/hooks';
import { MAP_ONE_PATH, PROFILE_WELCOME_PATH, startRedirect, welcomeLocationState } from '../platform/redirects';

/**
 * Sends the start addresses (/, /index.html, /index_pt.html) into the app, replacing the history entry.
 * A visitor sent to the profile welcome carries the address they opened in the location state.
 */
export function StartRedirect() {
  const { pathname, search, hash } = useLocation();
  const welcomeComplete = useAppSelector((s) => s.welcome.welcomeComplete);
  const online = useAppSelector((s) => s.welcome.online);
  const target = startRedirect({ path: pathname, welcomeComplete, online }) ?? MAP_ONE_PATH;
  const state = target === PROFILE_WELCOME_PATH ? welcomeLocationState(`${pathname}${search}${hash}`) : undefined;
  return <Navigate to={{ pathname: target, search }} replace state={state} />;
}

import { useEffect } from 'react';
import { useAppSelector } from '../store/hooks';
import { LOGIN_PATH } from '../features/account/authClient';

function assignLogin(): void {
  window.location.assign(LOGIN_PATH);
}

/** Whether the running configuration asks for a signed-in user (absent flag: yes; no configuration yet: not decided). */
export function useSignInRequired(): boolean {
  return useAppSelector((s) => s.config.config !== null && s.config.config.requireSignIn !== false);
}

/**
 * Signed-out users are sent to login (spec part 1 §6) while the app runs: after logout, or when the
 * shell's background refresh finds that the stored login's session is gone (`/auth/me` 401). A full
 * page load of the hosted login, which comes back to /app/map1 or /app/aircraft_profile_welcome.
 */
export function SignedOutRedirect({ goToLogin = assignLogin }: { goToLogin?: () => void }) {
  const status = useAppSelector((s) => s.account.status);
  useEffect(() => {
    if (status === 'signedOut') goToLogin();
  }, [status, goToLogin]);
  return null;
}

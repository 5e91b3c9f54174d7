import { useEffect, useMemo } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { AppStore } from '../store';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { setOnline } from '../features/welcome/welcomeSlice';
import type { AppRouter } from './routes';
import { ServicesContext, type AppServices } from '../platform/services';
import { SignedOutRedirect, useSignInRequired } from './SignedOutRedirect';
import { themeFor } from './theme';

/** Keeps welcome.online equal to navigator.onLine. */
function OnlineTracker() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const update = () => dispatch(setOnline(navigator.onLine));
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, [dispatch]);
  return null;
}

/** Day or night theme, switched as soon as the setting changes. */
function Themed({ router }: { router: AppRouter }) {
  const darkMode = useAppSelector((s) => s.settings.dark_mode);
  const theme = useMemo(() => themeFor(darkMode), [darkMode]);
  const signInRequired = useSignInRequired();
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <OnlineTracker />
      {signInRequired && <SignedOutRedirect />}
      <RouterProvider router={router} />
    </ThemeProvider>
  );
}

/** The one root view, mounted when start-up has finished. */
export function App({ store, services, router }: { store: AppStore; services: AppServices; router: AppRouter }) {
  return (
    <Provider store={store}>
      <ServicesContext value={services}>
        <Themed router={router} />
      </ServicesContext>
    </Provider>
  );
}

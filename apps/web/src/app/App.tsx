import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import type { AppStore } from '../store';
import { useAppDispatch } from '../store/hooks';
import { setOnline } from '../features/welcome/welcomeSlice';
import type { AppRouter } from './routes';
import { ServicesContext, type AppServices } from '../platform/services';
import { SignedOutRedirect, useSignInRequired } from './SignedOutRedirect';
import { StoreTheme } from './StoreTheme';

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

/** Day or night theme (StoreTheme), switched as soon as the setting or the device's scheme changes. */
function Themed({ router }: { router: AppRouter }) {
  const signInRequired = useSignInRequired();
  return (
    <StoreTheme>
      <OnlineTracker />
      {signInRequired && <SignedOutRedirect />}
      <RouterProvider router={router} />
    </StoreTheme>
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

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE } from '@clearway/flightplan';
import { makeStore } from '../../store';
import { renderApp, testPrefs } from '../../test/renderApp';
import { profileLoaded } from './profileSlice';

function loadedStore() {
  const prefs = testPrefs();
  const store = makeStore({ prefs });
  store.dispatch(profileLoaded({ ...DEFAULT_PROFILE }));
  return { prefs, store };
}

describe('AircraftProfileWelcomePage', () => {
  it('the start redirect leads here; Continue saves, completes the welcome and returns to the initial address', async () => {
    const { prefs, store } = loadedStore();
    const { router } = renderApp('/index.html?utm_source=news', { prefs, store });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/aircraft_profile_welcome'));
    fireEvent.change(await screen.findByLabelText('Tail'), { target: { value: 'n4242k' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/map1'));
    expect(router.state.location.search).toBe('?utm_source=news');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(store.getState().welcome.welcomeComplete).toBe(true);
    expect(await prefs.models.get('N4242K')).toMatchObject({ tail: 'N4242K', deleted: 'F' });
  });

  it('opened directly, Skip stores N12345 when the tail is empty and goes to map view one', async () => {
    const { prefs, store } = loadedStore();
    const { router } = renderApp('/app/aircraft_profile_welcome', { prefs, store });
    fireEvent.change(await screen.findByLabelText('Tail'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/map1'));
    expect(await prefs.models.get('N12345')).toMatchObject({ tail: 'N12345', deleted: 'F' });
    expect(store.getState().welcome.welcomeComplete).toBe(true);
  });

  it('shows the loading text while no profile is loaded', async () => {
    renderApp('/app/aircraft_profile_welcome');
    expect(await screen.findByText('Getting Aircraft Profiles from Clearway server')).toBeTruthy();
  });
});

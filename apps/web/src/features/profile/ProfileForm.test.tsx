import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cessna152Template, cessna172sTemplate, DEFAULT_PROFILE, type AircraftProfile, type WbRecord } from '@clearway/flightplan';
import { ServicesContext, type AppServices } from '../../platform/services';
import type { PrefsDb } from '../../db/prefs';
import { makeStore } from '../../store';
import { testPrefs } from '../../test/renderApp';
import { setWelcomeComplete } from '../welcome';
import { NUMERIC_FIELD_LABELS, ProfileForm, withModelWb, type ProfileFormProps } from './ProfileForm';
import { modelsReloadRequested, PROFILE_LOADING_TEXT, profileLoaded, profileSaved } from './profileSlice';
import { PROFILE_BOUNDS } from './validation';

interface SetupOptions {
  welcomeComplete?: boolean;
  profile?: AircraftProfile | null;
  prefs?: PrefsDb;
  props?: Partial<ProfileFormProps>;
}

function setup({ welcomeComplete = false, profile = { ...DEFAULT_PROFILE }, prefs = testPrefs(), props = {} }: SetupOptions = {}) {
  const store = makeStore({ prefs });
  if (welcomeComplete) store.dispatch(setWelcomeComplete(true));
  if (profile) store.dispatch(profileLoaded(profile));
  const onSaved = vi.fn();
  const services: AppServices = { prefs, applyUpdate: () => undefined, appVersion: 't' };
  const utils = render(
    <Provider store={store}>
      <ServicesContext.Provider value={services}>
        <ProfileForm variant="settings" onSaved={onSaved} {...props} />
      </ServicesContext.Provider>
    </Provider>,
  );
  return { ...utils, store, prefs, onSaved };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, text: string) => fireEvent.change(field(label), { target: { value: text } });
/** The helper text under a field (MUI links it by aria-describedby). */
function messageOf(label: string): string | null {
  const id = field(label).getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

afterEach(() => {
  delete (globalThis as { webkit?: unknown }).webkit;
});

describe('ProfileForm', () => {
  it('shows the loading text until a profile is loaded', () => {
    const { store } = setup({ profile: null });
    expect(screen.getByText(PROFILE_LOADING_TEXT)).toBeTruthy();
    expect(PROFILE_LOADING_TEXT).toBe('Getting Aircraft Profiles from Clearway server');
    act(() => void store.dispatch(profileLoaded({ ...DEFAULT_PROFILE })));
    expect(screen.queryByText(PROFILE_LOADING_TEXT)).toBeNull();
    expect(field('Tail').value).toBe('N12345');
  });

  it('shows every field of the spec with its default', () => {
    setup();
    expect(field('Tail').value).toBe('N12345');
    const expected: Record<string, string> = {
      'Cruise TAS': '140',
      'Cruise Altitude': '6000',
      'Starting Fuel': '50',
      'Cruise Fuel (gph)': '10.5',
      'Climb TAS': '79',
      'Climb Rate': '500',
      'Climb Fuel': '14.5',
      'Descent TAS': '105',
      'Descent Rate': '500',
      'Descent Fuel': '8',
    };
    for (const [label, value] of Object.entries(expected)) expect(field(label).value, label).toBe(value);
    expect((screen.getByLabelText('Bends Only') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Preserve Airways') as HTMLInputElement).checked).toBe(true);
    const primary = screen.getByLabelText('Primary Color') as HTMLSelectElement;
    const secondary = screen.getByLabelText('Secondary Color') as HTMLSelectElement;
    expect(primary.value).toBe('W');
    expect(secondary.value).toBe('B');
    expect(primary.selectedOptions[0]?.textContent).toBe('White');
    expect(Array.from(primary.options).map((o) => o.textContent)).toEqual([
      'Amber', 'Blue', 'Beige', 'Black', 'Brown', 'Green', 'Gold', 'Gray', 'Maroon', 'Orange', 'Olive Drab',
      'Purple', 'Pink', 'Red', 'Silver', 'Turquoise', 'Tan', 'Violet', 'White', 'Yellow',
    ]);
    expect((screen.getByLabelText('VFR') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('IFR') as HTMLInputElement).checked).toBe(false);
  });

  it('validates on change with the message under the field, for every bounded field', () => {
    setup();
    for (const [name, { min, max }] of Object.entries(PROFILE_BOUNDS)) {
      const label = NUMERIC_FIELD_LABELS[name as keyof typeof NUMERIC_FIELD_LABELS].label;
      type(label, 'abc');
      expect(messageOf(label), label).toBe('Invalid Number');
      expect(field(label).getAttribute('aria-invalid')).toBe('true');
      type(label, String(min - 1));
      expect(messageOf(label), label).toBe('Too low');
      type(label, String(max + 1));
      expect(messageOf(label), label).toBe('Too high');
      type(label, String(min));
      expect(messageOf(label), label).toBeNull();
      expect(field(label).getAttribute('aria-invalid')).toBe('false');
      type(label, String(max));
      expect(messageOf(label), label).toBeNull();
    }
    type('Starting Fuel', 'full');
    expect(messageOf('Starting Fuel')).toBe('Invalid Number');
    type('Starting Fuel', '100000');
    expect(messageOf('Starting Fuel')).toBeNull();
    type('Tail', 'n1');
    expect(messageOf('Tail')).toBe('Required');
    type('Tail', '');
    expect(messageOf('Tail')).toBe('Required');
    type('Tail', 'n12');
    expect(messageOf('Tail')).toBeNull();
    expect(field('Tail').value).toBe('N12');
  });

  it('before the welcome: Skip and Continue; Continue hidden while any field has an error, Skip stays', () => {
    setup();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
    type('Climb Rate', '99');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy();
    type('Climb Rate', '100');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
    type('Tail', 'AB');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('after the welcome: Done only, no Skip; Done hidden while any field has an error', () => {
    setup({ welcomeComplete: true });
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
    type('Descent Fuel', '0.5');
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
    type('Descent Fuel', '8');
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('the first save stores the profile and a models row, marks the welcome complete (persisted) and notifies the native wrapper', async () => {
    const posted: unknown[] = [];
    (globalThis as { webkit?: unknown }).webkit = { messageHandlers: { setWelcomeComplete: { postMessage: (m: unknown) => posted.push(m) } } };
    const { store, prefs, onSaved } = setup();
    type('Tail', 'n739x');
    type('Cruise TAS', '120');
    fireEvent.change(screen.getByLabelText('Primary Color'), { target: { value: 'R' } });
    fireEvent.click(screen.getByLabelText('IFR'));
    fireEvent.click(screen.getByLabelText('Bends Only'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const saved = onSaved.mock.calls[0]?.[0] as AircraftProfile;
    expect(saved).toMatchObject({ tail: 'N739X', airspeed: 120, primary_color: 'R', flightRule: 'IFR', bends_only: false, altitude: 6000 });
    expect(store.getState().profile.current).toEqual(saved);
    expect(store.getState().welcome.welcomeComplete).toBe(true);
    expect(posted).toEqual([{ complete: true }]);
    expect(await prefs.models.get('N739X')).toMatchObject({ tail: 'N739X', airspeed: 120, deleted: 'F' });
    expect(await prefs.getProperty('profile')).toMatchObject({ tail: 'N739X', airspeed: 120 });
    await waitFor(async () => expect(await prefs.getProperty('welcomeComplete')).toBe(true));
    // The form now shows Done, and a later save does not notify again.
    fireEvent.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));
    expect(posted).toHaveLength(1);
  });

  it('Skip saves with tail N12345 when the tail is empty and completes the welcome', async () => {
    const { store, prefs, onSaved } = setup({ profile: { ...DEFAULT_PROFILE, tail: 'N1' } });
    type('Tail', '');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(store.getState().profile.current?.tail).toBe('N12345');
    expect(await prefs.models.get('N12345')).toMatchObject({ tail: 'N12345', deleted: 'F' });
    expect(store.getState().welcome.welcomeComplete).toBe(true);
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
  });

  it('entering a known tail loads its stored values; deleted models do not load', async () => {
    const prefs = testPrefs();
    const future = new Date(Date.now() + 3 * 3600_000).toISOString();
    await prefs.models.put({ ...DEFAULT_PROFILE, tail: 'N55AB', airspeed: 165, altitude: 9500, gph: 12, primary_color: 'GD', flightRule: 'IFR', etd: 180, etd_iso: future, deleted: 'F', ts: 1 });
    await prefs.models.put({ ...DEFAULT_PROFILE, tail: 'N99ZZ', airspeed: 300, deleted: 'T', ts: 2 });
    // Every models lookup, so the test can wait until the form's lookups have answered.
    const lookups: Promise<unknown>[] = [];
    const get = prefs.models.get.bind(prefs.models) as (tail: string) => Promise<unknown>;
    (prefs.models as unknown as { get: (tail: string) => Promise<unknown> }).get = (tail: string) => {
      const lookup = get(tail);
      lookups.push(lookup);
      return lookup;
    };
    setup({ prefs, welcomeComplete: true });
    type('Tail', 'n55ab');
    await waitFor(() => expect(field('Cruise TAS').value).toBe('165'));
    expect(field('Tail').value).toBe('N55AB');
    expect(field('Cruise Altitude').value).toBe('9500');
    expect(field('Cruise Fuel (gph)').value).toBe('12');
    expect((screen.getByLabelText('Primary Color') as HTMLSelectElement).value).toBe('GD');
    expect((screen.getByLabelText('IFR') as HTMLInputElement).checked).toBe(true);

    const before = lookups.length;
    type('Tail', 'N99ZZ');
    expect(lookups.length).toBe(before + 1);
    await act(async () => {
      await Promise.all(lookups);
    });
    expect(field('Tail').value).toBe('N99ZZ');
    expect(field('Cruise TAS').value).toBe('165');
  });

  describe('the saved aircraft list on the Tail field', () => {
    /**
     * Opens the Tail field's list and waits until it offers exactly these tails, in this order.
     * Waiting on the names, not on their count: after a reload the old list may have as many
     * entries as the new one, and the new one arrives a moment later.
     */
    async function expectListedTails(expected: string[]): Promise<void> {
      fireEvent.click(screen.getByRole('button', { name: 'Show saved aircraft' }));
      const listbox = await screen.findByRole('listbox');
      await waitFor(() => expect(within(listbox).getAllByRole('option').map((o) => o.textContent ?? '')).toEqual(expected));
    }

    async function savedModels(): Promise<PrefsDb> {
      const prefs = testPrefs();
      await prefs.models.put({ ...DEFAULT_PROFILE, tail: 'N100AA', airspeed: 110, deleted: 'F', ts: 10 });
      await prefs.models.put({ ...DEFAULT_PROFILE, tail: 'N200BB', airspeed: 220, altitude: 12500, gph: 17, secondary_color: 'R', flightRule: 'IFR', bends_only: false, deleted: 'F', ts: 30 });
      await prefs.models.put({ ...DEFAULT_PROFILE, tail: 'N300CC', airspeed: 330, deleted: 'T', ts: 20 });
      return prefs;
    }

    it('lists the saved tails newest first, without the deleted models', async () => {
      setup({ prefs: await savedModels(), welcomeComplete: true });
      await expectListedTails(['N200BB', 'N100AA']);
      expect(screen.queryByRole('option', { name: 'N300CC' })).toBeNull();
    });

    it('picking a saved tail loads its values, a past ETD moved 30 minutes ahead', async () => {
      const prefs = await savedModels();
      const past = new Date(Date.now() - 3600_000).toISOString();
      await prefs.models.put({ ...(await prefs.models.get('N200BB'))!, etd: 60, etd_iso: past });
      const { store, onSaved } = setup({ prefs, welcomeComplete: true });
      await expectListedTails(['N200BB', 'N100AA']);
      fireEvent.click(screen.getByRole('option', { name: 'N200BB' }));
      await waitFor(() => expect(field('Cruise TAS').value).toBe('220'));
      expect(field('Tail').value).toBe('N200BB');
      expect(field('Cruise Altitude').value).toBe('12500');
      expect(field('Cruise Fuel (gph)').value).toBe('17');
      expect((screen.getByLabelText('Secondary Color') as HTMLSelectElement).value).toBe('R');
      expect((screen.getByLabelText('IFR') as HTMLInputElement).checked).toBe(true);
      expect((screen.getByLabelText('Bends Only') as HTMLInputElement).checked).toBe(false);
      // Saving stores the chosen aircraft, with its ETD moved ahead of now.
      fireEvent.click(screen.getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
      const saved = store.getState().profile.current!;
      expect(saved).toMatchObject({ tail: 'N200BB', airspeed: 220, altitude: 12500, flightRule: 'IFR', etd: 30 });
      expect(Date.parse(saved.etd_iso)).toBeGreaterThan(Date.now());
    });

    it('reads the list again when a reload is requested or a profile is saved', async () => {
      const prefs = await savedModels();
      const { store } = setup({ prefs, welcomeComplete: true });
      await expectListedTails(['N200BB', 'N100AA']);
      fireEvent.click(screen.getByRole('button', { name: 'Hide saved aircraft' }));
      await prefs.models.put({ ...DEFAULT_PROFILE, tail: 'N400DD', deleted: 'F', ts: 40 });
      await prefs.models.put({ ...(await prefs.models.get('N100AA'))!, deleted: 'T', ts: 41 });
      const before = store.getState().profile.modelsVersion;
      act(() => void store.dispatch(modelsReloadRequested()));
      expect(store.getState().profile.modelsVersion).toBe(before + 1);
      await expectListedTails(['N400DD', 'N200BB']);
      fireEvent.click(screen.getByRole('button', { name: 'Hide saved aircraft' }));

      // Saving a new tail adds it to the list.
      type('Tail', 'n500ee');
      fireEvent.click(screen.getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(store.getState().profile.current?.tail).toBe('N500EE'));
      expect(store.getState().profile.modelsVersion).toBe(before + 2);
      await expectListedTails(['N500EE', 'N400DD', 'N200BB']);
    });
  });

  it('a failure while saving is only logged', async () => {
    const prefs = testPrefs();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(prefs, 'setProperty').mockRejectedValue(new Error('disk full'));
    const { store, onSaved } = setup({ prefs });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Could not save the aircraft profile', expect.any(Error)));
    expect(onSaved).not.toHaveBeenCalled();
    expect(store.getState().welcome.welcomeComplete).toBe(false);
    expect(within(screen.getByTestId('profile-form-settings')).getByRole('button', { name: 'Continue' })).toBeTruthy();
    error.mockRestore();
  });
});

describe('unsaved edits when the stored profile changes (issue 24: Save in the W&B panel)', () => {
  it('a W&B save of the same aircraft keeps the unsaved fields and takes the stored values of the others', async () => {
    const { store } = setup({ welcomeComplete: true, profile: { ...DEFAULT_PROFILE, tail: 'N172' } });
    type('Cruise TAS', '123');
    fireEvent.click(screen.getByLabelText('IFR'));
    const input = field('Cruise TAS');
    // The W&B panel's Save stores the profile with its record; the optimizer changes the altitude.
    const wbRecord: WbRecord = { version: 1, aircraft: cessna172sTemplate(), loading: { loads: { front: 170 }, taxiFuelGal: 1.4 } };
    act(() => void store.dispatch(profileSaved({ ...DEFAULT_PROFILE, tail: 'N172', altitude: 8500, wb: wbRecord })));
    // The same inputs (the form was not mounted again), the edits kept, the untouched field updated.
    expect(field('Cruise TAS')).toBe(input);
    expect(field('Cruise TAS').value).toBe('123');
    expect((screen.getByLabelText('IFR') as HTMLInputElement).checked).toBe(true);
    expect(field('Cruise Altitude').value).toBe('8500');
    // Done saves the edits over the stored profile, W&B included.
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(store.getState().profile.current?.airspeed).toBe(123));
    const saved = store.getState().profile.current!;
    expect(saved.flightRule).toBe('IFR');
    expect(saved.altitude).toBe(8500);
    expect(saved.wb).toEqual(wbRecord);
    expect(field('Cruise TAS').value).toBe('123');
  });

  it('another aircraft stored elsewhere starts the form over', () => {
    const { store } = setup({ welcomeComplete: true, profile: { ...DEFAULT_PROFILE, tail: 'N172' } });
    type('Cruise TAS', '123');
    act(() => void store.dispatch(profileSaved({ ...DEFAULT_PROFILE, tail: 'N152', airspeed: 95 })));
    expect(field('Tail').value).toBe('N152');
    expect(field('Cruise TAS').value).toBe('95');
  });
});

describe('withModelWb: the weight and balance a saved profile keeps (issue 24)', () => {
  const wb = (aircraft = cessna172sTemplate()): WbRecord => ({ version: 1, aircraft, loading: { loads: {}, taxiFuelGal: 1 } });
  const current: AircraftProfile = { ...DEFAULT_PROFILE, tail: 'N1', wb: wb() };
  const n2: AircraftProfile = { ...DEFAULT_PROFILE, tail: 'N2', wb: wb(cessna152Template()) };

  it('the same tail keeps the current profile W&B', () => {
    expect(withModelWb({ ...current, airspeed: 100 }, current, null).wb).toEqual(current.wb);
  });
  it('a stored tail loaded in the form takes that model W&B, not the current one', () => {
    expect(withModelWb({ ...current, tail: 'N2' }, current, n2).wb?.aircraft.name).toBe('Cessna 152');
  });
  it('a new tail has none (its panel starts on a template)', () => {
    expect('wb' in withModelWb({ ...current, tail: 'N3' }, current, n2)).toBe(false);
  });
});

import { useEffect, useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AircraftProfile } from '@clearway/flightplan';
import { useServices } from '../../platform/services';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { setWelcomeComplete } from '../welcome';
import { COLOR_CODES } from './colors';
import { notifyNativeWelcomeComplete } from './nativeWelcome';
import { PROFILE_LOADING_TEXT, profileSaved } from './profileSlice';
import { findModel, listModels, storeProfile } from './profileStore';
import {
  NUMERIC_PROFILE_FIELDS,
  parseNumber,
  profileTexts,
  validateField,
  validateProfileTexts,
  type NumericProfileField,
  type ProfileField,
} from './validation';

export interface ProfileFormProps {
  variant: 'welcome' | 'route' | 'settings';
  onSaved?: (profile: AircraftProfile) => void;
}

/** The tail a Skip saves when the tail field is empty (spec part 2 §2 "Profile page buttons"). */
export const SKIP_TAIL = 'N12345';

/** Labels and unit adornments of the numeric fields, in form order (spec part 2 §3, §5). */
export const NUMERIC_FIELD_LABELS: Readonly<Record<NumericProfileField, { label: string; unit?: string }>> = {
  airspeed: { label: 'Cruise TAS', unit: 'kts' },
  altitude: { label: 'Cruise Altitude', unit: 'ft' },
  starting_fuel: { label: 'Starting Fuel', unit: 'gal' },
  gph: { label: 'Cruise Fuel (gph)' },
  climb_speed: { label: 'Climb TAS', unit: 'kts' },
  climb_rate: { label: 'Climb Rate', unit: 'ft/min' },
  climb_fuel: { label: 'Climb Fuel', unit: 'gph' },
  descent_speed: { label: 'Descent TAS', unit: 'kts' },
  descent_rate: { label: 'Descent Rate', unit: 'ft/min' },
  descent_fuel: { label: 'Descent Fuel', unit: 'gph' },
};

const NUMERIC_PROFILE_FIELDS_AND_TAIL: readonly ProfileField[] = ['tail', ...NUMERIC_PROFILE_FIELDS];

type Choices = Pick<AircraftProfile, 'bends_only' | 'preserve_airways' | 'primary_color' | 'secondary_color' | 'flightRule' | 'etd' | 'etd_iso'>;

function choicesOf(profile: AircraftProfile): Choices {
  const { bends_only, preserve_airways, primary_color, secondary_color, flightRule, etd, etd_iso } = profile;
  return { bends_only, preserve_airways, primary_color, secondary_color, flightRule, etd, etd_iso };
}

/**
 * The profile the form holds: every numeric text that reads as a number, over the base profile (a field
 * that does not read keeps the base value), with the choices and the given tail (uppercase).
 */
export function formProfile(base: AircraftProfile, texts: Readonly<Record<ProfileField, string>>, choices: Choices, tail: string): AircraftProfile {
  const out: AircraftProfile = { ...base, ...choices, tail: tail.trim().toUpperCase() };
  for (const field of NUMERIC_PROFILE_FIELDS) out[field] = parseNumber(texts[field]) ?? base[field];
  return out;
}

/**
 * The weight and balance a saved profile keeps (issue 24): the stored model's when its tail was loaded,
 * the current profile's when the tail is unchanged, none for a new tail (its panel starts on a template).
 */
export function withModelWb(profile: AircraftProfile, base: AircraftProfile, loaded: AircraftProfile | null): AircraftProfile {
  const { wb: _dropped, ...rest } = profile;
  const wb = loaded && loaded.tail === profile.tail ? loaded.wb : profile.tail === base.tail.toUpperCase() ? base.wb : undefined;
  return wb ? { ...rest, wb } : rest;
}

/**
 * The Aircraft Profile form (spec part 2 §3, §4 "Saving", §5): every field with its label, validation
 * on change with the message under the field, a known tail loading its stored model; the Tail field
 * also lists the saved, non-deleted aircraft (read again on mount and whenever `modelsVersion` moves,
 * e.g. after a save or the route page's Modify), choosing one loads it like typing it. Buttons (§2
 * "Profile page buttons"): Skip only before the welcome is complete, Continue before the welcome or
 * Done after, hidden while any field has an error. The first save marks the welcome complete.
 */
export function ProfileForm(props: ProfileFormProps) {
  const current = useAppSelector((s) => s.profile.current);
  if (!current) {
    return (
      <Typography data-testid="profile-loading" sx={{ p: 2 }}>
        {PROFILE_LOADING_TEXT}
      </Typography>
    );
  }
  // Keyed on the aircraft (its tail) only: a new stored profile of the same aircraft (saved by the W&B
  // panel, the optimizer or the ETD menu) updates the fields not edited here and keeps the unsaved edits.
  return <ProfileFormBody key={current.tail.toUpperCase()} base={current} {...props} />;
}

/** What the form shows: the stored profile's values under the fields and choices edited here and not saved yet. */
export interface FormEdits {
  texts: Partial<Record<ProfileField, string>>;
  choices: Partial<Choices>;
}

export const NO_EDITS: FormEdits = { texts: {}, choices: {} };

/** The form's texts and choices: the base profile's, with the unsaved edits over them. */
export function formValues(base: AircraftProfile, edits: FormEdits): { texts: Record<ProfileField, string>; choices: Choices } {
  return { texts: { ...profileTexts(base), ...edits.texts }, choices: { ...choicesOf(base), ...edits.choices } };
}

/** The edits still unsaved once `saved` is stored: those that differ from it. */
export function editsAfterSave(edits: FormEdits, saved: AircraftProfile): FormEdits {
  const { texts, choices } = formValues(saved, NO_EDITS);
  const keptTexts = Object.fromEntries(Object.entries(edits.texts).filter(([k, v]) => texts[k as ProfileField] !== v));
  const keptChoices = Object.fromEntries(Object.entries(edits.choices).filter(([k, v]) => choices[k as keyof Choices] !== v));
  return { texts: keptTexts, choices: keptChoices };
}

function ProfileFormBody({ variant, onSaved, base }: ProfileFormProps & { base: AircraftProfile }) {
  const dispatch = useAppDispatch();
  const { prefs } = useServices();
  const welcomeComplete = useAppSelector((s) => s.welcome.welcomeComplete);
  const modelsVersion = useAppSelector((s) => s.profile.modelsVersion);
  /** Tails of the saved, non-deleted models, newest first (the Tail field's list). */
  const [savedTails, setSavedTails] = useState<string[]>([]);
  const [edits, setEdits] = useState<FormEdits>(NO_EDITS);
  const { texts, choices } = formValues(base, edits);
  const setTexts = (update: (t: Record<ProfileField, string>) => Record<ProfileField, string>) =>
    setEdits((e) => {
      const next = update(formValues(base, e).texts);
      const changed = Object.fromEntries(NUMERIC_PROFILE_FIELDS_AND_TAIL.filter((k) => next[k] !== formValues(base, e).texts[k] || k in e.texts).map((k) => [k, next[k]]));
      return { ...e, texts: changed };
    });
  const setChoices = (update: (c: Choices) => Choices) =>
    setEdits((e) => {
      const before = formValues(base, e).choices;
      const next = update(before);
      const changed = Object.fromEntries((Object.keys(next) as (keyof Choices)[]).filter((k) => next[k] !== before[k] || k in e.choices).map((k) => [k, next[k]]));
      return { ...e, choices: changed };
    });
  const [saving, setSaving] = useState(false);
  /** The tail last typed, so that a slow model lookup for an older tail is ignored. */
  const latestTail = useRef(base.tail);
  /** The stored model last loaded by its tail: its weight and balance goes with it (issue 24). */
  const loadedModel = useRef<AircraftProfile | null>(null);

  useEffect(() => {
    let live = true;
    listModels(prefs).then(
      (models) => {
        if (live) setSavedTails(models.map((m) => m.tail));
      },
      (error: unknown) => console.error('Could not read the aircraft models', error),
    );
    return () => {
      live = false;
    };
  }, [prefs, modelsVersion]);

  const errors = validateProfileTexts(texts);
  const hasErrors = Object.keys(errors).length > 0;
  const idOf = (field: string) => `profile-${variant}-${field}`;

  const changeTail = (typed: string) => {
    const tail = typed.toUpperCase();
    latestTail.current = tail;
    setTexts((t) => ({ ...t, tail }));
    if (validateField('tail', tail)) return;
    findModel(prefs, tail, Date.now()).then(
      (model) => {
        if (!model || latestTail.current !== tail) return;
        loadedModel.current = model;
        // Every field of the loaded aircraft is an edit until it is saved.
        setEdits({ texts: { ...profileTexts(model), tail }, choices: choicesOf(model) });
      },
      (error: unknown) => console.error('Could not look up the aircraft model', error),
    );
  };

  const save = async (skip: boolean) => {
    if (saving) return;
    const tail = skip && validateField('tail', texts.tail) ? SKIP_TAIL : texts.tail;
    const profile = withModelWb(formProfile(base, texts, choices, tail), base, loadedModel.current);
    setSaving(true);
    try {
      const saved = await storeProfile(prefs, profile, Date.now());
      setEdits((e) => editsAfterSave(e, saved));
      dispatch(profileSaved(saved));
      if (!welcomeComplete) {
        dispatch(setWelcomeComplete(true));
        notifyNativeWelcomeComplete(true);
      }
      onSaved?.(saved);
    } catch (error) {
      console.error('Could not save the aircraft profile', error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box data-testid={`profile-form-${variant}`} component="form" noValidate onSubmit={(e) => e.preventDefault()} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {/* The welcome page has the page title (h1) above the form. */}
      {variant !== 'welcome' && (
        <Typography component="h2" variant="h6">
          Aircraft Profile
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: variant === 'settings' ? '1fr' : 'repeat(auto-fill, minmax(190px, 1fr))',
        }}
      >
        <Autocomplete
          id={idOf('tail')}
          freeSolo
          disableClearable
          forcePopupIcon
          openText="Show saved aircraft"
          closeText="Hide saved aircraft"
          options={savedTails}
          // The list is named on its own, so that 'Tail' names only the text field.
          slotProps={{ listbox: { 'aria-label': 'Saved aircraft', 'aria-labelledby': undefined } }}
          value={texts.tail}
          inputValue={texts.tail}
          onInputChange={(_e, typed, reason) => {
            if (reason === 'input' || reason === 'clear') changeTail(typed);
          }}
          onChange={(_e, chosen) => {
            if (typeof chosen === 'string') changeTail(chosen);
          }}
          size="small"
          renderInput={(params) => (
            <TextField
              {...params}
              label="Tail"
              error={Boolean(errors.tail)}
              helperText={errors.tail}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, autoCapitalize: 'characters', autoComplete: 'off', spellCheck: false },
              }}
            />
          )}
        />
        {NUMERIC_PROFILE_FIELDS.map((field) => {
          const { label, unit } = NUMERIC_FIELD_LABELS[field];
          return (
            <TextField
              key={field}
              id={idOf(field)}
              label={label}
              value={texts[field]}
              onChange={(e) => setTexts((t) => ({ ...t, [field]: e.target.value }))}
              error={Boolean(errors[field])}
              helperText={errors[field]}
              size="small"
              slotProps={{
                htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
              }}
            />
          );
        })}
        {(['primary_color', 'secondary_color'] as const).map((field) => (
          <TextField
            key={field}
            id={idOf(field)}
            select
            label={field === 'primary_color' ? 'Primary Color' : 'Secondary Color'}
            value={choices[field]}
            onChange={(e) => setChoices((c) => ({ ...c, [field]: e.target.value }))}
            size="small"
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {COLOR_CODES.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </TextField>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        <FormControlLabel
          control={<Checkbox checked={choices.bends_only} onChange={(_e, checked) => setChoices((c) => ({ ...c, bends_only: checked }))} />}
          label="Bends Only"
        />
        <FormControlLabel
          control={<Checkbox checked={choices.preserve_airways} onChange={(_e, checked) => setChoices((c) => ({ ...c, preserve_airways: checked }))} />}
          label="Preserve Airways"
        />
      </Box>
      <FormControl>
        <FormLabel id={idOf('flight-rule')}>Flight Rule</FormLabel>
        <RadioGroup
          row
          aria-labelledby={idOf('flight-rule')}
          value={choices.flightRule}
          onChange={(_e, value) => (value === 'VFR' || value === 'IFR') && setChoices((c) => ({ ...c, flightRule: value }))}
        >
          <FormControlLabel value="VFR" control={<Radio />} label="VFR" />
          <FormControlLabel value="IFR" control={<Radio />} label="IFR" />
        </RadioGroup>
      </FormControl>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {!welcomeComplete && (
          <Button variant="outlined" disabled={saving} onClick={() => void save(true)}>
            Skip
          </Button>
        )}
        {!hasErrors && (
          <Button variant="contained" type="submit" disabled={saving} onClick={() => void save(false)}>
            {welcomeComplete ? 'Done' : 'Continue'}
          </Button>
        )}
      </Box>
    </Box>
  );
}

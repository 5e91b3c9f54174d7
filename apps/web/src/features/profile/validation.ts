import type { AircraftProfile } from '@clearway/flightplan';

/**
 * Aircraft profile validation (spec part 2 §5 "Validation rules"). Pure: fields are checked on change
 * from the text the user typed.
 */

/** The numeric profile fields the form edits. */
export type NumericProfileField =
  | 'airspeed'
  | 'altitude'
  | 'starting_fuel'
  | 'gph'
  | 'climb_speed'
  | 'climb_rate'
  | 'climb_fuel'
  | 'descent_speed'
  | 'descent_rate'
  | 'descent_fuel';

/** Every field that can carry an error (the error map): the tail and the numeric fields. */
export type ProfileField = 'tail' | NumericProfileField;

export type ProfileFieldError = 'Invalid Number' | 'Too low' | 'Too high' | 'Required';

export const INVALID_NUMBER = 'Invalid Number' as const;
export const TOO_LOW = 'Too low' as const;
export const TOO_HIGH = 'Too high' as const;
export const REQUIRED = 'Required' as const;

/** The bounds table of spec part 2 §5 (inclusive). starting_fuel is checked as a number only. */
export const PROFILE_BOUNDS: Readonly<Record<Exclude<NumericProfileField, 'starting_fuel'>, { min: number; max: number }>> = {
  airspeed: { min: 30, max: 800 },
  altitude: { min: 100, max: 60000 },
  gph: { min: 1, max: 100 },
  climb_speed: { min: 10, max: 1000 },
  climb_rate: { min: 100, max: 10000 },
  climb_fuel: { min: 1, max: 100 },
  descent_speed: { min: 10, max: 1000 },
  descent_rate: { min: 100, max: 10000 },
  descent_fuel: { min: 1, max: 100 },
};

export const NUMERIC_PROFILE_FIELDS: readonly NumericProfileField[] = [
  'airspeed',
  'altitude',
  'starting_fuel',
  'gph',
  'climb_speed',
  'climb_rate',
  'climb_fuel',
  'descent_speed',
  'descent_rate',
  'descent_fuel',
];

/** The tail needs at least 3 characters (after trimming). */
export const TAIL_MIN_LENGTH = 3;

/** A plain decimal number: optional sign, digits with an optional fraction, or a fraction alone. */
const NUMBER_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** The number a field's text holds, or null when it is not a number (empty text included). */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!NUMBER_PATTERN.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/**
 * The message for one field's text, or null when it is fine: tail 'Required' unless it has 3 or more
 * characters; numbers 'Invalid Number', then 'Too low' / 'Too high' against the bounds table.
 */
export function validateField(field: ProfileField, text: string): ProfileFieldError | null {
  if (field === 'tail') return text.trim().length >= TAIL_MIN_LENGTH ? null : REQUIRED;
  const value = parseNumber(text);
  if (value === null) return INVALID_NUMBER;
  if (field === 'starting_fuel') return null;
  const { min, max } = PROFILE_BOUNDS[field];
  if (value < min) return TOO_LOW;
  if (value > max) return TOO_HIGH;
  return null;
}

/** The error map of a whole form: only fields with an error appear. */
export function validateProfileTexts(texts: Readonly<Record<ProfileField, string>>): Partial<Record<ProfileField, ProfileFieldError>> {
  const errors: Partial<Record<ProfileField, ProfileFieldError>> = {};
  for (const field of ['tail', ...NUMERIC_PROFILE_FIELDS] as ProfileField[]) {
    const error = validateField(field, texts[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The texts a form starts with for a profile. */
export function profileTexts(profile: AircraftProfile): Record<ProfileField, string> {
  const texts = { tail: profile.tail } as Record<ProfileField, string>;
  for (const field of NUMERIC_PROFILE_FIELDS) texts[field] = String(profile[field]);
  return texts;
}

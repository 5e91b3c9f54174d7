const pad = (n: number) => String(n).padStart(2, '0');

/** A time as a `datetime-local` field's value (the device's local time, minutes). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value back to epoch ms (local time); NaN when empty or malformed. */
export function fromLocalInput(value: string): number {
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value) ? new Date(value).getTime() : Number.NaN;
}

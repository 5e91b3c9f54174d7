import TextField from '@mui/material/TextField';
import { FIELD_TARGET } from '../touch';

export interface PickerOption {
  value: string;
  label: string;
}

/** A native select of a picker level; '' is the "choose one" placeholder. */
export function PickerSelect({ label, value, options, onChange, disabled }: { label: string; value: string; options: PickerOption[]; onChange(value: string): void; disabled?: boolean }) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      sx={[{ minWidth: 180 }, FIELD_TARGET]}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'aria-label': label } }}
    >
      <option value="">{options.length === 0 ? 'None' : 'Choose...'}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}

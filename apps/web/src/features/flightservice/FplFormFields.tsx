import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FPL_FIELDS, type FplField, type FplForm, type FplIssue } from '@clearway/flightplan';

/** The boxes that take a long text (a full row). */
const WIDE: ReadonlySet<FplField> = new Set(['route', 'otherInfo', 'colour', 'remarks', 'pilot']);
/** Each item's heading, in the form's order. */
const ITEMS: readonly { item: string; title: string }[] = [
  { item: '7', title: '7 Aircraft identification' },
  { item: '8', title: '8 Flight rules and type of flight' },
  { item: '9', title: '9 Number, type of aircraft, wake turbulence category' },
  { item: '10a', title: '10 Equipment' },
  { item: '10b', title: '10 Surveillance' },
  { item: '13', title: '13 Departure aerodrome and time' },
  { item: '15', title: '15 Cruising speed, level and route' },
  { item: '16', title: '16 Destination, total EET, alternates' },
  { item: '18', title: '18 Other information' },
  { item: '19', title: '19 Supplementary information' },
];

export interface FplFormFieldsProps {
  form: FplForm;
  issues: readonly FplIssue[];
  disabled: boolean;
  onChange: (field: FplField, value: string) => void;
}

/** The FAA ICAO form, box by box, each with its errors (red) or warnings under it; 44 px boxes, one column on a phone. */
export function FplFormFields({ form, issues, disabled, onChange }: FplFormFieldsProps) {
  return (
    <Box component="fieldset" disabled={disabled} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      {ITEMS.map(({ item, title }) => (
        <Box key={item} sx={{ mb: 1.5 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            {title}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
            {FPL_FIELDS.filter((f) => f.item === item).map(({ field, label }) => {
              const own = issues.filter((i) => i.field === field);
              const errors = own.filter((i) => i.severity === 'error');
              return (
                <TextField
                  key={field}
                  label={label}
                  value={form[field]}
                  size="small"
                  disabled={disabled}
                  error={errors.length > 0}
                  helperText={own.length > 0 ? own.map((i) => i.message).join(' ') : undefined}
                  onChange={(event) => onChange(field, event.target.value.toUpperCase())}
                  slotProps={{ htmlInput: { 'data-testid': `fpl-${field}`, autoCapitalize: 'characters', spellCheck: false, style: { minHeight: 28 } } }}
                  sx={{ gridColumn: WIDE.has(field) ? '1 / -1' : undefined, '& .MuiInputBase-root': { minHeight: 44 } }}
                />
              );
            })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

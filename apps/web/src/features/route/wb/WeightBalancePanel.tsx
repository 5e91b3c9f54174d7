import { useMemo, useState } from 'react';
import { Box, Button, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { computeWb, WB_TEMPLATES, type WbPoint, type WbProfile, type WbRecord, type WbTemplateId } from '@clearway/flightplan';
import { FIELD_TARGET, touchTarget } from '../touch';
import { EnvelopeChart } from './EnvelopeChart';

/** Start, taxi and run-up fuel, US gallons, when the profile has none (the Cessna 172S POH's sample loading allows 1.4 gal). */
export const TAXI_FUEL_GAL = 1.4;

interface Inputs {
  /** The aircraft's stations, limits and envelopes (a template's, or the stored profile's). */
  aircraft: WbProfile;
  emptyWeightLb: string;
  emptyMomentLbIn: string;
  loads: Record<string, string>;
  taxiFuelGal: string;
}

function inputsOf(record: WbRecord): Inputs {
  const { aircraft, loading } = record;
  return {
    aircraft,
    emptyWeightLb: String(aircraft.emptyWeightLb),
    emptyMomentLbIn: String(Math.round(aircraft.emptyMomentLbIn * 10) / 10),
    loads: Object.fromEntries(aircraft.stations.map((s) => [s.id, String(loading.loads[s.id] ?? 0)])),
    taxiFuelGal: String(loading.taxiFuelGal),
  };
}

/** A fresh record on a template: its example empty weight, the pilot on board and full usable fuel. */
export function templateRecord(id: WbTemplateId): WbRecord {
  const aircraft = WB_TEMPLATES[id].make();
  const loads = Object.fromEntries(aircraft.stations.map((s) => [s.id, s.kind === 'fuel' ? (s.max ?? 0) : s.id === 'front' ? 170 : 0]));
  return { version: 1, aircraft, loading: { loads, taxiFuelGal: TAXI_FUEL_GAL } };
}

const templateOf = (aircraft: WbProfile): WbTemplateId | '' =>
  (Object.keys(WB_TEMPLATES) as WbTemplateId[]).find((id) => WB_TEMPLATES[id].label === aircraft.name) ?? '';

/** The record the inputs describe, or what is wrong with them (one sentence per field, naming it). */
export function readInputs(inputs: Inputs): { record: WbRecord | null; errors: string[] } {
  const errors: string[] = [];
  const number = (text: string, what: string, unit: string, positive: boolean): number => {
    const trimmed = text.trim().replace(',', '.');
    if (trimmed === '' && !positive) return 0;
    const n = Number(trimmed);
    if (trimmed === '' || !Number.isFinite(n) || n < 0 || (positive && n === 0)) {
      errors.push(`${what}: enter ${unit} as a number${positive ? ' above 0' : ', 0 or more'} (not "${text}").`);
      return NaN;
    }
    return n;
  };
  const emptyWeightLb = number(inputs.emptyWeightLb, 'Empty weight', 'pounds', true);
  const emptyMomentLbIn = number(inputs.emptyMomentLbIn, 'Empty moment', 'lb·in', true);
  const loads = Object.fromEntries(
    inputs.aircraft.stations.map((s) => [s.id, number(inputs.loads[s.id] ?? '', s.name, s.kind === 'fuel' ? 'gallons' : 'pounds', false)]),
  );
  const taxiFuelGal = number(inputs.taxiFuelGal, 'Taxi fuel', 'gallons', false);
  if (errors.length > 0) return { record: null, errors };
  return { record: { version: 1, aircraft: { ...inputs.aircraft, emptyWeightLb, emptyMomentLbIn }, loading: { loads, taxiFuelGal } }, errors };
}

export interface WeightBalancePanelProps {
  /** The trip's fuel burn from the navlog, US gallons. */
  fuelBurnGal: number;
  /** The weight and balance stored with the aircraft profile; absent: the Cessna 172S template. */
  stored?: WbRecord;
  /** Keeps the entries with the aircraft profile (and so syncs them); no Save button without it. */
  onSave?: (record: WbRecord) => void;
  /** The profile's tail, for the Save button's label. */
  tail?: string;
}

/**
 * Weight and balance for the flight (issue 24): the aircraft's stations, limits and envelopes (from a
 * template of its published documents, or as stored with the profile), its own empty weight and
 * moment, the loads per station, the trip's fuel burn from the navlog; ramp, takeoff, landing and
 * zero-fuel weights and CGs, drawn on the envelopes, and every limit exceeded said plainly. Save keeps
 * the definition and this loading with the aircraft profile, which syncs it.
 */
export function WeightBalancePanel({ fuelBurnGal, stored, onSave, tail }: WeightBalancePanelProps) {
  const [inputs, setInputs] = useState<Inputs>(() => inputsOf(stored ?? templateRecord('c172s')));
  const [savedRecord, setSavedRecord] = useState<WbRecord | undefined>(stored);
  const { record, errors } = useMemo(() => readInputs(inputs), [inputs]);
  const burn = Number.isFinite(fuelBurnGal) ? Math.max(0, fuelBurnGal) : 0;
  const result = record ? computeWb(record.aircraft, { loads: record.loading.loads, fuelBurnGal: burn, taxiFuelGal: record.loading.taxiFuelGal }) : null;
  const categories = [...new Set(inputs.aircraft.envelopes.map((e) => e.category))];
  const unsaved = record !== null && JSON.stringify(record) !== JSON.stringify(savedRecord);
  const rows: [string, string, WbPoint][] = result
    ? [['Ramp', 'R', result.ramp], ['Takeoff', 'T', result.takeoff], ['Landing', 'L', result.landing], ['Zero fuel', 'Z', result.zeroFuel]]
    : [];
  const field = (label: string, value: string, onChange: (v: string) => void, unit: string, testId: string) => (
    <TextField
      key={testId}
      label={`${label} (${unit})`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      size="small"
      slotProps={{ htmlInput: { 'data-testid': testId, inputMode: 'decimal' } }}
      sx={{ ...FIELD_TARGET, width: { xs: '100%', sm: 220 } }}
    />
  );
  const templateId = templateOf(inputs.aircraft);
  return (
    <Box component="section" data-testid="wb-panel" aria-labelledby="wb-title" sx={{ mt: 2 }}>
      <Typography id="wb-title" variant="h6" component="h2">
        Weight and balance
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1 }}>
        <TextField
          select
          label="Aircraft"
          size="small"
          value={templateId}
          onChange={(e) => setInputs(inputsOf(templateRecord(e.target.value as WbTemplateId)))}
          slotProps={{ htmlInput: { 'data-testid': 'wb-template' } }}
          sx={{ ...FIELD_TARGET, width: { xs: '100%', sm: 300 } }}
        >
          {templateId === '' ? <MenuItem value="">{inputs.aircraft.name}</MenuItem> : null}
          {(Object.keys(WB_TEMPLATES) as WbTemplateId[]).map((id) => (
            <MenuItem key={id} value={id} sx={{ minHeight: 44 }}>
              {WB_TEMPLATES[id].label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }} data-testid="wb-source">
        {`${inputs.aircraft.name}: ${inputs.aircraft.source}. Enter your aircraft's own empty weight and moment. Trip fuel ${burn.toFixed(1)} gal from the navlog.`}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        {field('Empty weight', inputs.emptyWeightLb, (v) => setInputs((s) => ({ ...s, emptyWeightLb: v })), 'lb', 'wb-empty-weight')}
        {field('Empty moment', inputs.emptyMomentLbIn, (v) => setInputs((s) => ({ ...s, emptyMomentLbIn: v })), 'lb·in', 'wb-empty-moment')}
        {inputs.aircraft.stations.map((s) =>
          field(s.name, inputs.loads[s.id] ?? '', (v) => setInputs((st) => ({ ...st, loads: { ...st.loads, [s.id]: v } })), s.kind === 'fuel' ? 'gal' : 'lb', `wb-load-${s.id}`),
        )}
        {field('Taxi fuel', inputs.taxiFuelGal, (v) => setInputs((s) => ({ ...s, taxiFuelGal: v })), 'gal', 'wb-taxi-fuel')}
      </Box>
      {onSave ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            data-testid="wb-save"
            disabled={!record || !unsaved}
            onClick={() => {
              if (!record) return;
              onSave(record);
              setSavedRecord(record);
            }}
            sx={touchTarget}
          >
            {tail ? `Save with ${tail}` : 'Save with the aircraft'}
          </Button>
          <Typography variant="body2" color="text.secondary" data-testid="wb-save-state">
            {unsaved ? 'Not saved yet.' : record ? 'Saved with the aircraft profile.' : ''}
          </Typography>
        </Box>
      ) : null}
      {result ? (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Weights and CGs" sx={{ '& td, & th': { px: 1, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } }}>
              <TableHead>
                <TableRow>
                  <TableCell />
                  <TableCell align="right">Weight lb</TableCell>
                  <TableCell align="right">CG in</TableCell>
                  {categories.map((c) => (
                    <TableCell key={c} align="right" sx={{ textTransform: 'capitalize' }}>
                      {c}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map(([name, , p]) => (
                  <TableRow key={name} data-testid="wb-row">
                    <TableCell component="th">{name}</TableCell>
                    <TableCell align="right" data-col="weight">{p.weightLb.toFixed(1)}</TableCell>
                    <TableCell align="right" data-col="cg">{p.cgIn.toFixed(2)}</TableCell>
                    {categories.map((c, i) => (
                      <TableCell key={c} align="right" data-col={c} sx={{ color: p.within[c] ? 'text.primary' : i === 0 ? 'error.main' : 'text.secondary' }}>
                        {p.within[c] ? 'within' : i === 0 ? 'OUTSIDE' : 'outside'}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <EnvelopeChart profile={record!.aircraft} points={rows.filter(([name]) => name !== 'Ramp').map(([, short, p]) => [short, p])} />
          {result.problems.length > 0 ? (
            <Box role="alert" data-testid="wb-problems" sx={{ color: 'error.main', fontWeight: 600 }}>
              {result.problems.map((p) => (
                <Typography key={p} variant="body2" sx={{ color: 'inherit', fontWeight: 'inherit' }}>
                  {p}
                </Typography>
              ))}
            </Box>
          ) : (
            <Typography variant="body2" data-testid="wb-ok" color="success.main">
              Within the limits.
            </Typography>
          )}
        </>
      ) : (
        <Box role="alert" data-testid="wb-input-errors" sx={{ color: 'error.main' }}>
          {errors.map((e) => (
            <Typography key={e} variant="body2" sx={{ color: 'inherit' }}>
              {e}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

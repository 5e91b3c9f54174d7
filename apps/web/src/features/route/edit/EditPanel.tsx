import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Route } from '@clearway/flightplan';
import type { WaypointMatch } from '@clearway/navdb';
import { useAppDispatch } from '../../../store/hooks';
import type { RouteEdit } from '../../../worker/engineMessages';
import { finalFixesCleared } from '../../../store/mapStateSlice';
import { ApproachPicker } from './ApproachPicker';
import { insertEdit, referenceWaypoint, vnavError } from './editHelpers';
import { NO_EDIT, type EditState } from './editState';
import { ProcedurePicker } from './ProcedurePicker';
import { WaypointSearch } from './WaypointSearch';
import { FIELD_TARGET, touchTarget } from '../touch';

export interface EditPanelProps {
  route: Route;
  editState: EditState;
  onEditStateChange(s: EditState): void;
  /** Applies an edit (the page runs editRoute and commits the result). */
  onEdit(edit: RouteEdit): Promise<void>;
}

const TITLES: Record<NonNullable<EditState['insert_at']>, (code: string) => string> = {
  after: (code) => `Insert after ${code}`,
  before: (code) => `Insert before ${code}`,
  start: () => 'Insert at start',
  end: () => 'Insert at end',
};

/** VNAV altitude input (spec part 2 §5): the weak check, 'Invalid Number', Set only with a value and no error. */
function VnavInput({ code, onSet, disabled }: { code: string; onSet(altitude: string): void; disabled?: boolean }) {
  const [text, setText] = useState('');
  const error = vnavError(text);
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <TextField
        size="small"
        sx={FIELD_TARGET}
        label={`Altitude at ${code}`}
        value={text}
        autoFocus
        onChange={(e) => setText(e.target.value)}
        error={error !== null}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { 'aria-label': 'VNAV altitude', inputMode: 'numeric' } }}
      />
      {text !== '' && error === null ? (
        <Button variant="contained" size="small" onClick={() => onSet(text.trim())} disabled={disabled} sx={touchTarget}>
          Set
        </Button>
      ) : null}
    </Box>
  );
}

/**
 * What the active edit sub-mode asks for (spec part 2 §4 "Route page"): waypoint search for the
 * inserts, the VNAV altitude, the clear-VNAV confirmation, or the DP / STAR / approach picker.
 * Every edit goes through `onEdit`; a done edit and Cancel return to no sub-mode, and Cancel clears
 * the final-fix preview.
 */
export function EditPanel({ route, editState, onEditStateChange, onEdit }: EditPanelProps) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const { edit_mode: mode, edit_code: code } = editState;
  if (mode === null) return null;

  const apply = (edit: RouteEdit | null) => {
    if (!edit) return;
    setBusy(true);
    onEdit(edit)
      .then(() => onEditStateChange(NO_EDIT))
      .catch((error: unknown) => console.error('Route edit failed', error))
      .finally(() => setBusy(false));
  };
  const cancel = () => {
    dispatch(finalFixesCleared());
    onEditStateChange(NO_EDIT);
  };

  let title = '';
  let body: ReactNode = null;
  // The waypoint the sub-mode names: exactly the chosen one when known (a code may repeat in the route).
  const target = editState.edit_waypoint ?? code ?? '';
  // The key remounts the input of a sub-mode when it moves to another waypoint (fresh text, fresh picker).
  const key = `${mode}:${code ?? ''}:${editState.edit_waypoint?.original_index ?? ''}:${editState.insert_at ?? ''}`;
  if (mode === 'insert' || mode === 'insert_before') {
    const at = editState.insert_at ?? (mode === 'insert' ? 'after' : 'before');
    title = TITLES[at](code ?? '');
    const reference = referenceWaypoint(route, { ...editState, insert_at: at });
    body = <WaypointSearch key={key} reference={reference} disabled={busy} onAdd={(match: WaypointMatch) => apply(insertEdit({ ...editState, insert_at: at }, match))} />;
  } else if (mode === 'vnav' && code) {
    title = `VNAV ${code}`;
    body = <VnavInput key={key} code={code} disabled={busy} onSet={(altitude) => apply({ op: 'setAltitude1', code: target, altitude })} />;
  } else if (mode === 'clear_vnav' && code) {
    title = `Clear VNAV ${code}`;
    body = (
      <Box>
        <Button variant="contained" size="small" disabled={busy} onClick={() => apply({ op: 'setAltitude1', code: target, altitude: -1 })} sx={touchTarget}>
          Clear VNAV
        </Button>
      </Box>
    );
  } else if ((mode === 'dp' || mode === 'star') && code) {
    title = mode === 'dp' ? `DP ${code}` : `STAR ${code}`;
    body = <ProcedurePicker key={key} kind={mode} airport={code} disabled={busy} onSelect={apply} />;
  } else if (mode === 'approach' && code) {
    title = `Approach ${code}`;
    body = <ApproachPicker key={key} airport={code} disabled={busy} onSelect={apply} />;
  }

  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="edit-panel" data-edit-mode={mode}>
      <Typography variant="subtitle2">{title}</Typography>
      {body}
      <Box>
        <Button size="small" onClick={cancel} sx={touchTarget}>
          Cancel
        </Button>
      </Box>
    </Paper>
  );
}

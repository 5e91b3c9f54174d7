import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ProcedureEntry, TransitionWaypoints } from '@clearway/flightplan';
import { useServices } from '../../../platform/services';
import { useAppDispatch } from '../../../store/hooks';
import type { RouteEdit } from '../../../worker/engineMessages';
import { finalFixesCleared, finalFixesSet } from '../../../store/mapStateSlice';
import { pickerLabel } from './editHelpers';
import { PickerSelect } from './PickerSelect';
import { touchTarget } from '../touch';
import { platePagePath } from '../../plates';

export interface ApproachPickerProps {
  /** The destination code. */
  airport: string;
  onSelect(edit: RouteEdit): void;
  disabled?: boolean;
}

/**
 * The approach picker (spec part 2 §4 "Procedure pickers"): choosing an approach loads its
 * transitions ('VTF' shown as 'Vectors To Final'); choosing a transition previews its waypoints on
 * the map and shows the final-fixes text; Select Approach appears once the transition is chosen.
 */
export function ApproachPicker({ airport, onSelect, disabled }: ApproachPickerProps) {
  const { routing } = useServices();
  const dispatch = useAppDispatch();
  const [procedures, setProcedures] = useState<ProcedureEntry[] | null>(null);
  const [procedure, setProcedure] = useState('');
  const [transitions, setTransitions] = useState<string[] | null>(null);
  const [transition, setTransition] = useState('');
  const [preview, setPreview] = useState<TransitionWaypoints | null>(null);
  const cascade = useRef(0);

  useEffect(() => {
    if (!routing) return;
    let live = true;
    routing
      .call('getProcedures', { airport })
      .then((list) => {
        if (live) setProcedures(list);
      })
      .catch((error: unknown) => console.error('Could not list approaches', error));
    return () => {
      live = false;
    };
  }, [routing, airport]);

  useEffect(() => () => void dispatch(finalFixesCleared()), [dispatch]);

  const fail = (error: unknown) => console.error('Approach picker', error);

  const chooseProcedure = (p: string) => {
    const run = ++cascade.current;
    setProcedure(p);
    setTransitions(null);
    setTransition('');
    setPreview(null);
    dispatch(finalFixesCleared());
    if (!routing || p === '') return;
    routing
      .call('getProcTransitions', { airport, procedure: p, flag: 'PF' })
      .then((list) => {
        if (run === cascade.current) setTransitions(list);
      })
      .catch(fail);
  };

  const chooseTransition = (t: string) => {
    const run = ++cascade.current;
    setTransition(t);
    setPreview(null);
    dispatch(finalFixesCleared());
    if (!routing || t === '') return;
    routing
      .call('getTransitionWaypoints', { airport, procedure, transition: t, flag: 'PF' })
      .then((result) => {
        if (run !== cascade.current) return;
        setPreview(result);
        dispatch(finalFixesSet({ fixes: result.waypoints, ts: Date.now() }));
      })
      .catch(fail);
  };

  const ready = procedure !== '' && transition !== '' && preview !== null;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="approach-picker">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <PickerSelect
          label="Approach"
          value={procedure}
          options={(procedures ?? []).map((p) => ({ value: p.nfd, label: p.name }))}
          onChange={chooseProcedure}
          disabled={disabled || procedures === null}
        />
        {transitions ? (
          <PickerSelect
            label="Transition"
            value={transition}
            options={transitions.map((t) => ({ value: t, label: pickerLabel(t) }))}
            onChange={chooseTransition}
            disabled={disabled}
          />
        ) : null}
      </Box>
      {procedure !== '' ? (
        <Box>
          <Button size="small" variant="outlined" sx={touchTarget} data-testid="approach-chart" component={Link} to={platePagePath(airport, procedure)}>
            Chart
          </Button>
        </Box>
      ) : null}
      {procedures !== null && procedures.length === 0 ? <Typography variant="body2">{`No Approach at ${airport}`}</Typography> : null}
      {preview ? (
        <Typography variant="body2" data-testid="final-fixes">
          {preview.transition_strings.join(' ')}
        </Typography>
      ) : null}
      {ready ? (
        <Box>
          <Button
            variant="contained"
            size="small"
            sx={touchTarget}
            disabled={disabled}
            onClick={() => onSelect({ op: 'selectAproach', airport, procedure, transition, flag: 'PF' })}
          >
            Select Approach
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

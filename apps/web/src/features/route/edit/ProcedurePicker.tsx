import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { autoSelect, waypointText, type ProcedureEntry, type Waypoint } from '@clearway/flightplan';
import { useServices } from '../../../platform/services';
import { useAppDispatch } from '../../../store/hooks';
import type { RouteEdit } from '../../../worker/engineMessages';
import { finalFixesCleared, finalFixesSet } from '../../../store/mapStateSlice';
import { dpSelection, pickerLabel, starSelection } from './editHelpers';
import { PickerSelect } from './PickerSelect';
import { touchTarget } from '../touch';

export interface ProcedurePickerProps {
  kind: 'dp' | 'star';
  /** The origin (DP) or destination (STAR) code. */
  airport: string;
  onSelect(edit: RouteEdit): void;
  disabled?: boolean;
}

const TEXTS = {
  dp: { procedure: 'DP', level1: 'Runway', level2: 'Transition', button: 'Select DP', type: 'PD' as const },
  star: { procedure: 'STAR', level1: 'Transition', level2: 'Runway', button: 'Select STAR', type: 'PE' as const },
};

/**
 * The DP or STAR picker cascade (spec part 2 §4 "Procedure pickers"): choosing a procedure loads
 * its level 1 transitions (a DP's runways, a STAR's enroute transitions); exactly one is selected by
 * itself and level 2 is fetched; exactly one of those is selected too, and the final fixes are
 * fetched and previewed on the map. Select DP / Select STAR appears once the transitions are chosen.
 */
export function ProcedurePicker({ kind, airport, onSelect, disabled }: ProcedurePickerProps) {
  const { routing } = useServices();
  const dispatch = useAppDispatch();
  const texts = TEXTS[kind];
  const type = texts.type;
  const [procedures, setProcedures] = useState<ProcedureEntry[] | null>(null);
  const [procedure, setProcedure] = useState('');
  const [level1, setLevel1] = useState<string[] | null>(null);
  const [transition1, setTransition1] = useState('');
  const [level2, setLevel2] = useState<string[] | null>(null);
  const [transition2, setTransition2] = useState('');
  const [fixes, setFixes] = useState<Waypoint[] | null>(null);
  // Each choice starts a new cascade; answers of an older one are dropped.
  const cascade = useRef(0);

  useEffect(() => {
    if (!routing) return;
    let live = true;
    routing
      .call(kind === 'dp' ? 'getDPs' : 'getStars', { airport })
      .then((list) => {
        if (live) setProcedures(list);
      })
      .catch((error: unknown) => console.error('Could not list procedures', error));
    return () => {
      live = false;
    };
  }, [routing, kind, airport]);

  // The preview belongs to the picker: it goes when the picker does.
  useEffect(() => () => void dispatch(finalFixesCleared()), [dispatch]);

  const fail = (error: unknown) => console.error('Procedure picker', error);

  const chooseTransition2 = (p: string, t1: string, t2: string, run: number) => {
    setTransition2(t2);
    setFixes(null);
    dispatch(finalFixesCleared());
    if (!routing || t2 === '') return;
    routing
      .call('getFinalWaypoints', { airport, procedure: p, transitions: [t1, t2], flag: type })
      .then((list) => {
        if (run !== cascade.current) return;
        setFixes(list);
        dispatch(finalFixesSet({ fixes: list, ts: Date.now() }));
      })
      .catch(fail);
  };

  const chooseTransition1 = (p: string, t1: string, run: number) => {
    setTransition1(t1);
    setLevel2(null);
    setTransition2('');
    setFixes(null);
    dispatch(finalFixesCleared());
    if (!routing || t1 === '') return;
    routing
      .call('getStarLevel2Transitions', { airport, procedure: p, type })
      .then((list) => {
        if (run !== cascade.current) return;
        setLevel2(list);
        const only = autoSelect(list);
        if (only !== null) chooseTransition2(p, t1, only, run);
      })
      .catch(fail);
  };

  const chooseProcedure = (p: string) => {
    const run = ++cascade.current;
    setProcedure(p);
    setLevel1(null);
    setTransition1('');
    setLevel2(null);
    setTransition2('');
    setFixes(null);
    dispatch(finalFixesCleared());
    if (!routing || p === '') return;
    routing
      .call('getLevel1Transitions', { airport, procedure: p, type })
      .then((list) => {
        if (run !== cascade.current) return;
        setLevel1(list);
        const only = autoSelect(list);
        if (only !== null) chooseTransition1(p, only, run);
      })
      .catch(fail);
  };

  const ready = procedure !== '' && transition1 !== '' && transition2 !== '' && fixes !== null;
  const select = () => {
    if (!ready) return;
    const selection = kind === 'dp' ? dpSelection(procedure, transition1, transition2) : starSelection(procedure, transition1, transition2);
    onSelect(kind === 'dp' ? { op: 'setDP', selection, finalFixes: fixes, origin: airport } : { op: 'setStar', selection, finalFixes: fixes, destination: airport });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid={`${kind}-picker`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <PickerSelect
          label={texts.procedure}
          value={procedure}
          options={(procedures ?? []).map((p) => ({ value: p.nfd, label: p.name }))}
          onChange={chooseProcedure}
          disabled={disabled || procedures === null}
        />
        {level1 ? (
          <PickerSelect
            label={texts.level1}
            value={transition1}
            options={level1.map((t) => ({ value: t, label: pickerLabel(t) }))}
            onChange={(t) => chooseTransition1(procedure, t, ++cascade.current)}
            disabled={disabled}
          />
        ) : null}
        {level2 ? (
          <PickerSelect
            label={texts.level2}
            value={transition2}
            options={level2.map((t) => ({ value: t, label: pickerLabel(t) }))}
            onChange={(t) => chooseTransition2(procedure, transition1, t, ++cascade.current)}
            disabled={disabled}
          />
        ) : null}
      </Box>
      {procedures !== null && procedures.length === 0 ? <Typography variant="body2">{`No ${texts.procedure} at ${airport}`}</Typography> : null}
      {fixes ? (
        <Typography variant="body2" data-testid="final-fixes">
          {fixes.map(waypointText).join(' ')}
        </Typography>
      ) : null}
      {ready ? (
        <Box>
          <Button variant="contained" size="small" onClick={select} disabled={disabled} sx={touchTarget}>
            {texts.button}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

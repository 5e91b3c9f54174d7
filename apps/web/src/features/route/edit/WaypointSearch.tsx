import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { Waypoint } from '@clearway/flightplan';
import type { WaypointMatch } from '@clearway/navdb';
import { useServices } from '../../../platform/services';
import { useAppSelector } from '../../../store/hooks';
import { isSearchable, SEARCH_DEBOUNCE_MS, searchCode, searchHint } from './editHelpers';
import { FIELD_TARGET, touchTarget } from '../touch';

export interface WaypointSearchProps {
  /** The waypoint the hint measures from and the search looks near; null when the route is empty. */
  reference: Waypoint | null;
  /** Adds the found waypoint. */
  onAdd(match: WaypointMatch): void;
  disabled?: boolean;
}

interface Found {
  code: string;
  match: WaypointMatch | null;
}

/**
 * Waypoint search of the insert sub-modes (spec part 2 §5): the text uppercased, a search from 2
 * characters debounced 100 ms, the hint 'Found! ...' or '{CODE} not found', Add only when found.
 * Search failures are swallowed (§8): no hint, no Add.
 */
export function WaypointSearch({ reference, onAdd, disabled }: WaypointSearchProps) {
  const { routing } = useServices();
  const unit = useAppSelector((s) => s.units.distance_unit);
  const [text, setText] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const code = searchCode(text);
  const refLat = reference?.location.lat;
  const refLon = reference?.location.lon;

  useEffect(() => {
    if (!routing || !isSearchable(code)) return;
    let live = true;
    const timer = setTimeout(() => {
      const near = refLat !== undefined && refLon !== undefined ? { latDeg: refLat, lonDeg: refLon } : null;
      routing
        .call('getWaypoint', { code, reference: near })
        .then((match) => {
          if (live) setFound({ code, match });
        })
        .catch(() => {
          // Search failures are swallowed silently (spec part 2 §8).
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [routing, code, refLat, refLon]);

  // Only an answer for the text now in the box counts.
  const current = found && found.code === code && isSearchable(code) ? found : null;
  const hint = current ? searchHint(code, current.match, reference, unit) : ' ';
  const match = current?.match ?? null;

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <TextField
        size="small"
        sx={FIELD_TARGET}
        label="Waypoint"
        value={text}
        autoFocus
        onChange={(e) => setText(e.target.value.toUpperCase())}
        helperText={hint}
        error={current !== null && match === null}
        slotProps={{ htmlInput: { 'aria-label': 'Waypoint', autoCapitalize: 'characters', spellCheck: false } }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && match && !disabled) onAdd(match);
        }}
      />
      {match ? (
        <Button variant="contained" size="small" onClick={() => onAdd(match)} disabled={disabled} sx={touchTarget}>
          Add
        </Button>
      ) : null}
    </Box>
  );
}

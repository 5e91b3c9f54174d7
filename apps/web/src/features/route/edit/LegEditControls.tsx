import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddCircleOutlineOutlined from '@mui/icons-material/AddCircleOutlineOutlined';
import AddCircle from '@mui/icons-material/AddCircle';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import FirstPage from '@mui/icons-material/FirstPage';
import Height from '@mui/icons-material/Height';
import LastPage from '@mui/icons-material/LastPage';
import LayersClear from '@mui/icons-material/LayersClear';
import LinkOff from '@mui/icons-material/LinkOff';
import NearMe from '@mui/icons-material/NearMe';
import RemoveCircleOutlineOutlined from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { DEFAULT_PROFILE, UNKNOWN_ALT, type Leg, type Route, type Waypoint } from '@clearway/flightplan';
import { useServices } from '../../../platform/services';
import { useAppSelector } from '../../../store/hooks';
import type { RouteEdit } from '../../../worker/engineMessages';
import { DESTRUCTIVE_GAP_PX, MIN_TOUCH_PX, touchTarget } from '../touch';
import { hasApproach, hasDp, hasStar } from './editHelpers';
import { isEditTarget, NO_EDIT, type EditState, type EditSubMode } from './editState';

export interface LegEditControlsProps {
  route: Route;
  leg: Leg;
  legIndex: number;
  editState: EditState;
  onEditStateChange(s: EditState): void;
  onEdit(edit: RouteEdit): Promise<void>;
  /** A local (not stored) route, as Direct To makes; null puts the stored route back. */
  onLocalRoute(route: Route | null): void;
}

function ControlButton({ label, onClick, disabled, pressed, children }: { label: string; onClick: () => void; disabled?: boolean; pressed?: boolean; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <Box component="span" sx={{ display: 'inline-flex' }}>
        <IconButton aria-label={label} aria-pressed={pressed} onClick={onClick} disabled={disabled} color={pressed ? 'primary' : 'default'} sx={ICON_TARGET}>
          {children}
        </IconButton>
      </Box>
    </Tooltip>
  );
}

/** A 20 px icon in a 44x44 CSS px button (issue 27: every control at least 44x44). */
const ICON_TARGET = { width: MIN_TOUCH_PX, height: MIN_TOUCH_PX, p: 0 } as const;

/**
 * The per-leg controls of edit mode (spec part 2 §2, §4 "Route edits"). They act on the leg's end
 * waypoint (the navlog row's WPT); the first leg also inserts at the start and offers the DP of the
 * origin, the last leg inserts at the end and offers the destination's STAR and approach. Sub-modes
 * that need input (insert, VNAV, clear VNAV, procedures) go to the EditPanel through the edit state;
 * one-click edits go straight to `onEdit`. Direct To is a local change (`onLocalRoute`).
 *
 * Every control is at least 44x44 CSS px and 8 px from any other; the removals come last, set further
 * apart, and each offers Undo (the route screen's applyEdit action).
 */
export function LegEditControls({ route, leg, legIndex, editState, onEditStateChange, onEdit, onLocalRoute }: LegEditControlsProps) {
  const { routing } = useServices();
  const profile = useAppSelector((s) => s.profile.current) ?? DEFAULT_PROFILE;
  const [busy, setBusy] = useState(false);
  const wpt = leg.end;
  const code = wpt.code;
  const first = legIndex === 0;
  const last = legIndex === route.legs.length - 1;
  const isDestination = last && route.destination !== null;
  const isOrigin = first && route.origin !== null;

  const run = (edit: RouteEdit) => {
    setBusy(true);
    onEdit(edit)
      .catch((error: unknown) => console.error('Route edit failed', error))
      .finally(() => setBusy(false));
  };
  // Sub-modes name the exact waypoint (its original_index), so a code repeated in the route
  // (KHWD SUNOL KHWD) edits the row it was chosen on.
  const pressed = (edit_mode: EditSubMode, target: Waypoint, insert_at: EditState['insert_at'] = null) =>
    editState.edit_mode === edit_mode && editState.insert_at === insert_at && isEditTarget(editState, target.code, target);
  const mode = (edit_mode: EditSubMode, target: Waypoint, insert_at: EditState['insert_at'] = null) => () => {
    onEditStateChange(pressed(edit_mode, target, insert_at) ? NO_EDIT : { edit_mode, edit_code: target.code, insert_at, edit_waypoint: target });
  };

  const directTo = () => {
    // Toggling again puts the stored route back (spec part 2 §4 "Direct To").
    if (wpt.directTo) {
      onLocalRoute(null);
      return;
    }
    if (!routing) return;
    setBusy(true);
    routing
      .call('editRoute', { route, edit: { op: 'directTo', target: wpt, position: null }, profile })
      .then((edited) => routing.call('runFlightPlan', { route: edited, profile }))
      .then((flown) => onLocalRoute(flown))
      .catch((error: unknown) => console.error('Direct To failed', error))
      .finally(() => setBusy(false));
  };

  const origin = route.waypoints[0];
  const destination = route.waypoints[route.waypoints.length - 1];
  const procedure = wpt.type === 'DP' || wpt.type === 'STAR';
  const hasAltitude = wpt.alt1 !== UNKNOWN_ALT;
  // Nothing goes between a DP and its origin or a STAR and its destination (their insertAfter / insertBefore).
  const next = route.legs[legIndex + 1]?.end;
  const canInsertBefore = wpt.insertBefore && leg.start.insertAfter;
  const canInsertAfter = !last && wpt.insertAfter && (next?.insertBefore ?? true);

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: `${DESTRUCTIVE_GAP_PX}px` }} data-testid={`leg-edit-${legIndex}`}>
      {first && origin ? (
        <ControlButton label="Insert at start" onClick={mode('insert', origin, 'start')} pressed={pressed('insert', origin, 'start')} disabled={busy}>
          <FirstPage fontSize="small" />
        </ControlButton>
      ) : null}
      {canInsertBefore ? (
        <ControlButton label={`Insert before ${code}`} onClick={mode('insert_before', wpt, 'before')} pressed={pressed('insert_before', wpt, 'before')} disabled={busy}>
          <AddCircle fontSize="small" />
        </ControlButton>
      ) : null}
      {canInsertAfter ? (
        <ControlButton label={`Insert after ${code}`} onClick={mode('insert', wpt, 'after')} pressed={pressed('insert', wpt, 'after')} disabled={busy}>
          <AddCircleOutlineOutlined fontSize="small" />
        </ControlButton>
      ) : null}
      {last && destination ? (
        <ControlButton label="Insert at end" onClick={mode('insert', destination, 'end')} pressed={pressed('insert', destination, 'end')} disabled={busy}>
          <LastPage fontSize="small" />
        </ControlButton>
      ) : null}
      {!procedure ? (
        <ControlButton label={`VNAV ${code}`} onClick={mode('vnav', wpt)} pressed={pressed('vnav', wpt)} disabled={busy}>
          <Height fontSize="small" />
        </ControlButton>
      ) : null}
      {!procedure && hasAltitude ? (
        <ControlButton label={`Clear VNAV ${code}`} onClick={mode('clear_vnav', wpt)} pressed={pressed('clear_vnav', wpt)} disabled={busy}>
          <LayersClear fontSize="small" />
        </ControlButton>
      ) : null}
      {!procedure ? (
        <ControlButton label={`Move up ${code}`} onClick={() => run({ op: 'moveUp', waypoint: wpt })} disabled={busy}>
          <ArrowUpward fontSize="small" />
        </ControlButton>
      ) : null}
      {!procedure && !last ? (
        <ControlButton label={`Move down ${code}`} onClick={() => run({ op: 'moveDown', waypoint: wpt })} disabled={busy}>
          <ArrowDownward fontSize="small" />
        </ControlButton>
      ) : null}
      {!procedure && wpt.type !== 'AIRWAY' ? (
        <ControlButton label={`Direct To ${code}`} onClick={directTo} pressed={wpt.directTo} disabled={busy || (!routing && !wpt.directTo)}>
          <NearMe fontSize="small" />
        </ControlButton>
      ) : null}
      {isOrigin && origin && !hasDp(route) ? (
        <Button size="small" variant={pressed('dp', origin) ? 'contained' : 'outlined'} onClick={mode('dp', origin)} disabled={busy} sx={touchTarget}>
          DP
        </Button>
      ) : null}
      {isDestination && destination && !hasStar(route) ? (
        <Button size="small" variant={pressed('star', destination) ? 'contained' : 'outlined'} onClick={mode('star', destination)} disabled={busy} sx={touchTarget}>
          Star
        </Button>
      ) : null}
      {isDestination && destination && !hasApproach(route) ? (
        <Button size="small" variant={pressed('approach', destination) ? 'contained' : 'outlined'} onClick={mode('approach', destination)} disabled={busy} sx={touchTarget}>
          Approach
        </Button>
      ) : null}
      {/* Destructive controls last, set apart from the others (each removal offers Undo). */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: `${DESTRUCTIVE_GAP_PX}px`, ml: `${2 * DESTRUCTIVE_GAP_PX}px` }} data-testid={`leg-remove-${legIndex}`}>
        {wpt.type === 'AIRWAY' ? (
          <ControlButton label={`Remove airway ${code}`} onClick={() => run({ op: 'removeAirway', airway: wpt })} disabled={busy}>
            <LinkOff fontSize="small" />
          </ControlButton>
        ) : wpt.type === 'DP' ? (
          <ControlButton label="Remove DP" onClick={() => run({ op: 'removeDP' })} disabled={busy}>
            <RemoveCircleOutlineOutlined fontSize="small" />
          </ControlButton>
        ) : wpt.type === 'STAR' ? (
          <ControlButton label="Remove STAR" onClick={() => run({ op: 'removeStar' })} disabled={busy}>
            <RemoveCircleOutlineOutlined fontSize="small" />
          </ControlButton>
        ) : (
          <ControlButton label={`Remove ${code}`} onClick={() => run({ op: 'removeWaypoint', code: wpt })} disabled={busy}>
            <Delete fontSize="small" />
          </ControlButton>
        )}
        {isDestination && wpt.has_approach ? (
          <ControlButton label="Remove approach" onClick={() => run({ op: 'removeAproach' })} disabled={busy}>
            <RemoveCircleOutlineOutlined fontSize="small" />
          </ControlButton>
        ) : null}
      </Box>
    </Box>
  );
}

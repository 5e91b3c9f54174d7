import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Box, Typography, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { isEastbound, type AircraftProfile, type Leg, type OptimizerRow, type Route } from '@clearway/flightplan';
import { useAppSelector } from '../../store/hooks';
import { PROFILE_LOADING_TEXT } from '../profile';
import { ProfileForm } from '../profile/components';
import { NavDataExpiryBanner } from '../navdata/components';
import { useSyncedTableVersion } from '../../platform/syncedTables';
import {
  applyEdit,
  deleteSavedRoute,
  dismissUndo,
  loadRoute,
  pressRouteButton,
  reloadList,
  saveProfile,
  saveRoute,
  savedProfileText,
  selectAltitude,
  setEtd,
  undo,
  type RouteActionContext,
  type RouteMode,
} from './actions';
import { CompactRouteSummary } from './CompactRouteSummary';
import { EditPanel } from './edit/EditPanel';
import { NO_EDIT, type EditState } from './edit/editState';
import { LegEditControls } from './edit/LegEditControls';
import { NavlogTable } from './NavlogTable';
import { OptimizerPanel } from './OptimizerPanel';
import { RouteListPanel } from './RouteListPanel';
import { RouteButtonBar, RouteSnackbars } from './RouteScreenParts';
import { departureMs, EtdFields, SummaryStrip } from './SummaryStrip';
import { RouteNotamCounts } from './RouteNotamCounts';
import { useRouteScreen, type RouteScreenHandle } from './useRouteScreen';
import { WindsNote } from './WindsNote';
import { RoutePlanFiles } from './planfiles/ImportExport';
import { RouteVerticalProfile } from './profile/VerticalProfile';
import { KneeboardButton, type AirportFrequencies } from './kneeboard/KneeboardDialog';
import { WeightBalancePanel } from './wb/WeightBalancePanel';

export type { RouteMode } from './actions';
export const NO_ROUTE_TEXT = 'No route';

interface Props {
  /** 'profile' for the profile-only page; otherwise the page starts in navlog. */
  initialMode?: RouteMode;
}

/**
 * The flight plan screen (/app/route, spec part 2 §2 "Route screen modes", §4 "Route page"). Shows the
 * loading text until the aircraft profile is loaded. What the buttons do lives in `actions/`; this
 * view only shows the state and wires the controls to them.
 */
export function RoutePage({ initialMode = 'navlog' }: Props) {
  const profile = useAppSelector((s) => s.profile.current);
  if (!profile) {
    return (
      <Box data-testid="page-route" sx={{ p: 2 }}>
        <Typography variant="h5" component="h1" gutterBottom>Flight Plan</Typography>
        <Typography data-testid="profile-loading">{PROFILE_LOADING_TEXT}</Typography>
      </Box>
    );
  }
  return <RouteScreen profile={profile} initialMode={initialMode} />;
}

/** Pending edit state and the local (Direct To) route belong to one stored route: a new ts resets them (spec part 2 §4). */
function useLegEditing(storedTs: number | null) {
  const [edit, setEdit] = useState<{ ts: number | null; state: EditState }>({ ts: storedTs, state: NO_EDIT });
  const [local, setLocal] = useState<{ ts: number | null; route: Route } | null>(null);
  const setEditState = useCallback((state: EditState) => setEdit({ ts: storedTs, state }), [storedTs]);
  const setLocalRoute = useCallback((next: Route | null) => setLocal(next ? { ts: storedTs, route: next } : null), [storedTs]);
  return {
    editState: edit.ts === storedTs ? edit.state : NO_EDIT,
    localRoute: local && local.ts === storedTs ? local.route : null,
    setEditState,
    setLocalRoute,
  };
}

/** A sync that changed recent searches or saved routes (another device) re-reads the list on screen. */
function useSyncedListReload({ state, run }: RouteScreenHandle) {
  const searchesVersion = useSyncedTableVersion('searches');
  const routesVersion = useSyncedTableVersion('routes');
  const listShown = state.mode === 'recent' || state.mode === 'saved' ? state.mode : null;
  const listVersion = listShown === 'recent' ? searchesVersion : listShown === 'saved' ? routesVersion : 0;
  useEffect(() => {
    if (listVersion !== 0 && listShown) void run(reloadList, listShown);
  }, [listShown, listVersion, run]);
}

function RouteScreen({ profile, initialMode }: { profile: AircraftProfile; initialMode: RouteMode }) {
  const handle = useRouteScreen(initialMode);
  const { state, run } = handle;
  const stored = useAppSelector((s) => s.route.current);
  const units = useAppSelector((s) => s.units);
  const editing = useLegEditing(stored?.ts ?? null);
  const route = editing.localRoute ?? stored;
  useSyncedListReload(handle);
  // A phone (under MUI's sm, 600 px) gets one summary box and the ETD fields under the navlog, so the
  // first navlog row is high on the screen (issue 27 point 6).
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const onEtdOffset = useCallback((minutes: number) => void run(setEtd, { offsetMinutes: minutes }), [run]);
  const onEtdDate = useCallback((ms: number) => void run(setEtd, { atMs: ms }), [run]);
  const onEdit = useCallback((edit: Parameters<typeof applyEdit.perform>[1]) => run(applyEdit, edit), [run]);
  const routing = handle.context.routing;
  const frequencies = useMemo<AirportFrequencies | undefined>(
    () => (routing ? async (code) => (await routing.call('airport', { code }))?.frequencies ?? null : undefined),
    [routing],
  );

  const legControls =
    state.mode === 'edit' && route
      ? (leg: Leg, i: number) => (
          <LegEditControls
            route={route}
            leg={leg}
            legIndex={i}
            editState={editing.editState}
            onEditStateChange={editing.setEditState}
            onEdit={onEdit}
            onLocalRoute={editing.setLocalRoute}
          />
        )
      : undefined;

  return (
    <Box
      data-testid="page-route"
      data-mode={state.mode}
      data-route-ts={stored?.ts ?? ''}
      data-final-string={route?.final_string ?? ''}
      sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 0.75, sm: 1 }, p: { xs: 0.75, sm: 1 }, minHeight: '100%' }}
    >
      <Typography variant="h5" component="h1" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', m: 0 }}>
        Flight Plan
      </Typography>
      <NavDataExpiryBanner />
      <SummaryStrip
        route={route}
        profile={profile}
        units={units}
        onEtdOffset={onEtdOffset}
        onEtdDate={onEtdDate}
        phone={phone ? { compact: route ? <CompactRouteSummary route={route} inline /> : null } : undefined}
      />
      {route && !phone ? <CompactRouteSummary route={route} /> : null}
      {/* On a phone the NOTAM counts and the winds note go under the navlog, so the first leg stays high on the screen (issue 27). */}
      {route && !phone ? <RouteNotamCounts route={route} /> : null}
      {route && !phone ? <WindsNote route={route} /> : null}
      <Box sx={{ flex: 1, overflow: 'auto' }}>
        {state.mode === 'navlog' || state.mode === 'edit' ? (
          route ? (
            <>
              <NavlogTable route={route} units={units} legControls={legControls} />
              {phone ? <WindsNote route={route} /> : null}
              {phone ? <RouteNotamCounts route={route} /> : null}
              {state.mode === 'navlog' ? (
                <>
                  <Box sx={{ pt: 1 }}>
                    <KneeboardButton route={route} profile={profile} units={units} frequencies={frequencies} />
                  </Box>
                  <RouteVerticalProfile route={route} units={units} />
                </>
              ) : null}
              {state.mode === 'edit' ? <EditPanel route={route} editState={editing.editState} onEditStateChange={editing.setEditState} onEdit={onEdit} /> : null}
            </>
          ) : (
            <Typography data-testid="no-route" color="text.secondary" sx={{ p: 1 }}>
              {NO_ROUTE_TEXT}
            </Typography>
          )
        ) : (
          <ModeBody handle={handle} route={route} profile={profile} />
        )}
      </Box>
      {phone ? (
        <Box data-testid="etd-fields" sx={{ display: 'flex', gap: 1, pt: 0.75 }}>
          <EtdFields profile={profile} departure={departureMs(profile, route)} onEtdOffset={onEtdOffset} onEtdDate={onEtdDate} fill />
        </Box>
      ) : null}
      {state.mode === 'navlog' || state.mode === 'edit' ? <RoutePlanFiles handle={handle} route={stored} /> : null}
      <RouteButtonBar mode={state.mode} onPress={(b) => void run(pressRouteButton, b)} />
      <RouteSnackbars
        state={state}
        onHideMessage={() => handle.context.screen.hideMessage()}
        onUndo={() => void run(undo, undefined)}
        onDismissUndo={() => void run(dismissUndo, undefined)}
      />
    </Box>
  );
}

/** The optimizer's rows for a route and the radios' choice (the engine's getOptimizerOutput). */
function fetchOptimizerRows({ routing, getState }: RouteActionContext, route: Route, isVfr: boolean, isEast: boolean): Promise<OptimizerRow[]> {
  const profile = getState().profile.current;
  return routing && profile ? routing.call('getOptimizerOutput', { route, isVfr, isEast, profile }) : Promise.resolve([]);
}

/** The profile, list and optimizer modes. */
function ModeBody({ handle, route, profile }: { handle: RouteScreenHandle; route: Route | null; profile: AircraftProfile }): ReactNode {
  const { state, run, context } = handle;
  const units = useAppSelector((s) => s.units);
  const fetchRows = useCallback((r: Route, isVfr: boolean, isEast: boolean) => fetchOptimizerRows(context, r, isVfr, isEast), [context]);
  const load = (code: string) => void run(loadRoute, { code, then: 'navlog' });
  const modify = (code: string) => void run(loadRoute, { code, then: 'edit' });
  switch (state.mode) {
    case 'profile':
      return (
        <>
          <ProfileForm variant="route" onSaved={(p) => context.screen.showMessage(savedProfileText(p.tail))} />
          <WeightBalancePanel key={profile.tail} fuelBurnGal={route?.total_fuel ?? 0} stored={profile.wb} tail={profile.tail} onSave={(wb) => void run(saveProfile, { ...profile, wb })} />
        </>
      );
    case 'recent':
      return <RouteListPanel kind="recent" entries={state.recent} onLoad={load} onModify={modify} onSave={(c) => void run(saveRoute, c)} />;
    case 'saved':
      return <RouteListPanel kind="saved" entries={state.saved} onLoad={load} onModify={modify} onDelete={(c) => void run(deleteSavedRoute, c)} />;
    case 'optimizer':
      return route ? (
        <OptimizerPanel
          route={route}
          profile={profile}
          units={units}
          initialEast={isEastbound(route, route.etd_ms ?? route.ts)}
          fetchRows={fetchRows}
          onSelect={(altitude) => void run(selectAltitude, altitude)}
        />
      ) : (
        <Typography color="text.secondary">{NO_ROUTE_TEXT}</Typography>
      );
    default:
      return null;
  }
}

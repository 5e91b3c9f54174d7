import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Paper, Snackbar, Stack, Typography } from '@mui/material';
import { isEastbound, type AircraftProfile, type Leg, type OptimizerRow, type Route } from '@clearway/flightplan';
import { useServices } from '../../platform/services';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { RouteEdit } from '../../worker/engineMessages';
import { etdFromDate, etdFromOffset, modelsReloadRequested, PROFILE_LOADING_TEXT, profileSaved, storeProfile } from '../profile';
import { ProfileForm } from '../profile/components';
import { analysisKey } from './analysis';
import { analysisStarted, routeAnalyzed } from './routeSlice';
import { CompactRouteSummary } from './CompactRouteSummary';
import { EditPanel } from './edit/EditPanel';
import { NO_EDIT, type EditState } from './edit/editState';
import { LegEditControls } from './edit/LegEditControls';
import { NavlogTable } from './NavlogTable';
import { OptimizerPanel } from './OptimizerPanel';
import { clearRoute, commitRoute, type RouteCommandDeps } from './routeCommands';
import { deleteSavedRoute, loadRecentRoutes, loadSavedRoutes, saveRoute, type RouteListEntry } from './routeLists';
import { RouteListPanel } from './RouteListPanel';
import { useSyncedTableVersion } from '../../platform/syncedTables';
import { SummaryStrip } from './SummaryStrip';

/** The wall clock for stamps (outside render). */
const wallClock = (): number => Date.now();

export type RouteMode = 'navlog' | 'edit' | 'profile' | 'recent' | 'saved' | 'optimizer';

/** Snackbar timings (spec part 2 §9). */
export const MESSAGE_SNACKBAR_MS = 2500;
export const CLEAR_SNACKBAR_MS = 4000;

/** Bottom buttons, spelled as the spec lists them (spec part 2 §2). */
export const ROUTE_BUTTONS = ['Modify', 'NavLog', 'Profile', 'Clear', 'Recent', 'Save', 'Load', 'Reverse', 'Optimze', 'Routes'] as const;
export type RouteButton = (typeof ROUTE_BUTTONS)[number];

export const ROUTE_SAVED_TEXT = 'Route Saved!';
export const ROUTE_REVERSED_TEXT = 'Route Reversed!';
export const NO_ROUTE_TEXT = 'No route';
export const selectedAltitudeText = (altitude: number): string => `Selected Cruise Altitude: ${altitude}`;
export const savedProfileText = (tail: string): string => `Saved Performance Profile for ${tail}`;

interface Props {
  /** 'profile' for the profile-only page; otherwise the page starts in navlog. */
  initialMode?: RouteMode;
}

/**
 * The flight plan screen (/app/route, spec part 2 §2 "Route screen modes", §4 "Route page"). Shows the
 * loading text until the aircraft profile is loaded.
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

function RouteScreen({ profile, initialMode }: { profile: AircraftProfile; initialMode: RouteMode }) {
  const { prefs, routing } = useServices();
  const dispatch = useAppDispatch();
  const stored = useAppSelector((s) => s.route.current);
  const units = useAppSelector((s) => s.units);
  const [mode, setMode] = useState<RouteMode>(initialMode);
  const storedTs = stored?.ts ?? null;

  // Pending edit state and the local (Direct To) route belong to one stored route: a new ts resets them.
  const [edit, setEdit] = useState<{ ts: number | null; state: EditState }>({ ts: storedTs, state: NO_EDIT });
  const [local, setLocal] = useState<{ ts: number | null; route: Route } | null>(null);
  const editState = edit.ts === storedTs ? edit.state : NO_EDIT;
  const localRoute = local && local.ts === storedTs ? local.route : null;
  const route = localRoute ?? stored;

  const [message, setMessage] = useState<{ text: string; id: number } | null>(null);
  const [undo, setUndo] = useState<{ previous: Route; id: number } | null>(null);
  const [recent, setRecent] = useState<RouteListEntry[] | null>(null);
  const [saved, setSaved] = useState<RouteListEntry[] | null>(null);
  const messageId = useRef(0);

  const deps: RouteCommandDeps = useMemo(() => ({ prefs, dispatch, now: () => Date.now() }), [prefs, dispatch]);

  const showMessage = useCallback((text: string) => {
    messageId.current += 1;
    setMessage({ text, id: messageId.current });
  }, []);

  const setEditState = useCallback((state: EditState) => setEdit({ ts: storedTs, state }), [storedTs]);
  const setLocalRoute = useCallback((next: Route | null) => setLocal(next ? { ts: storedTs, route: next } : null), [storedTs]);

  /** Plans a route (runFlightPlan) and makes it the current route, stamped and stored. */
  const planAndCommit = useCallback(
    async (next: Route): Promise<Route> => {
      const planned = routing && next.waypoints.length >= 2 ? await routing.call('runFlightPlan', { route: next, profile }).catch(() => next) : next;
      const stamped = await commitRoute(deps, planned);
      if (planned !== next) {
        // Already analysed for this profile: the search box's analysis need not run it again.
        dispatch(analysisStarted(analysisKey(stamped, profile)));
        dispatch(routeAnalyzed(stamped));
      }
      return stamped;
    },
    [routing, profile, deps, dispatch],
  );

  const applyEdit = useCallback(
    async (routeEdit: RouteEdit): Promise<void> => {
      if (!routing || !stored) return;
      try {
        const edited = await routing.call('editRoute', { route: stored, edit: routeEdit, profile });
        await planAndCommit(edited);
      } catch (error) {
        console.error('Route edit failed', error);
      }
    },
    [routing, stored, profile, planAndCommit],
  );

  const saveProfile = useCallback(
    async (next: AircraftProfile): Promise<AircraftProfile | null> => {
      try {
        const result = await storeProfile(prefs, next, Date.now());
        dispatch(profileSaved(result));
        return result;
      } catch (error) {
        console.error('Could not save the profile', error);
        return null;
      }
    },
    [prefs, dispatch],
  );

  const loadCode = async (code: string, then: RouteMode) => {
    if (!routing) return;
    try {
      const parsed = await routing.call('parseRoute', { text: code, profile });
      await planAndCommit(parsed);
      setMode(then);
    } catch (error) {
      console.error('Could not load the route', error);
    }
  };

  const reloadRecent = useCallback(() => {
    loadRecentRoutes(prefs).then(setRecent, (error: unknown) => {
      console.error('Could not read recent routes', error);
      setRecent([]);
    });
  }, [prefs]);
  const reloadSaved = useCallback(() => {
    loadSavedRoutes(prefs).then(setSaved, (error: unknown) => {
      console.error('Could not read saved routes', error);
      setSaved([]);
    });
  }, [prefs]);

  // A sync that changed recent searches or saved routes (another device) re-reads the list on screen.
  const searchesVersion = useSyncedTableVersion('searches');
  const routesVersion = useSyncedTableVersion('routes');
  const listVersion = mode === 'recent' ? searchesVersion : mode === 'saved' ? routesVersion : 0;
  const listShown = mode === 'recent' || mode === 'saved' ? mode : null;
  useEffect(() => {
    if (listVersion === 0) return;
    if (listShown === 'recent') reloadRecent();
    else if (listShown === 'saved') reloadSaved();
  }, [listShown, listVersion, reloadRecent, reloadSaved]);

  const save = async (code: string) => {
    try {
      await saveRoute(prefs, code, wallClock());
      showMessage(ROUTE_SAVED_TEXT);
    } catch (error) {
      console.error('Could not save the route', error);
    }
  };

  const press = (button: RouteButton) => {
    switch (button) {
      case 'Modify':
        // Spec part 2 §4: Modify goes to edit and reloads the model list.
        dispatch(modelsReloadRequested());
        setMode('edit');
        return;
      case 'NavLog':
        setMode('navlog');
        return;
      case 'Profile':
        setMode('profile');
        return;
      case 'Clear': {
        if (!stored) return;
        const previous = stored;
        void clearRoute(deps).then(() => {
          setMessage(null);
          messageId.current += 1;
          setUndo({ previous, id: messageId.current });
        });
        return;
      }
      case 'Recent':
        setMode('recent');
        reloadRecent();
        return;
      case 'Save':
        if (stored?.final_string) void save(stored.final_string);
        return;
      case 'Load':
        setMode('saved');
        reloadSaved();
        return;
      case 'Reverse':
        if (!stored || !routing) return;
        void routing
          .call('editRoute', { route: stored, edit: { op: 'reverseRoute' }, profile })
          .then((reversed) => planAndCommit(reversed))
          .then(() => showMessage(ROUTE_REVERSED_TEXT))
          .catch((error: unknown) => console.error('Could not reverse the route', error));
        return;
      case 'Optimze':
        setMode('optimizer');
        return;
      case 'Routes':
        // Does nothing (spec part 2 §2).
        return;
    }
  };

  const fetchOptimizer = useCallback(
    (r: Route, isVfr: boolean, isEast: boolean): Promise<OptimizerRow[]> =>
      routing ? routing.call('getOptimizerOutput', { route: r, isVfr, isEast, profile }) : Promise.resolve([]),
    [routing, profile],
  );

  const selectAltitude = (altitude: number) => {
    void saveProfile({ ...profile, altitude }).then((result) => {
      if (result) showMessage(selectedAltitudeText(altitude));
    });
  };

  const legControls =
    mode === 'edit' && route
      ? (leg: Leg, i: number) => (
          <LegEditControls
            route={route}
            leg={leg}
            legIndex={i}
            editState={editState}
            onEditStateChange={setEditState}
            onEdit={applyEdit}
            onLocalRoute={setLocalRoute}
          />
        )
      : undefined;

  return (
    <Box
      data-testid="page-route"
      data-mode={mode}
      data-route-ts={stored?.ts ?? ''}
      data-final-string={route?.final_string ?? ''}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 1, minHeight: '100%' }}
    >
      <Typography variant="h5" component="h1" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', m: 0 }}>
        Flight Plan
      </Typography>
      <SummaryStrip
        route={route}
        profile={profile}
        units={units}
        onEtdOffset={(minutes) => void saveProfile({ ...profile, ...etdFromOffset(minutes, Date.now()) })}
        onEtdDate={(ms) => void saveProfile({ ...profile, ...etdFromDate(ms, Date.now()) })}
      />
      {route ? <CompactRouteSummary route={route} /> : null}
      <Box sx={{ flex: 1, overflow: 'auto' }}>
        {(mode === 'navlog' || mode === 'edit') &&
          (route ? (
            <>
              <NavlogTable route={route} units={units} legControls={legControls} />
              {mode === 'edit' ? <EditPanel route={route} editState={editState} onEditStateChange={setEditState} onEdit={applyEdit} /> : null}
            </>
          ) : (
            <Typography data-testid="no-route" color="text.secondary" sx={{ p: 1 }}>
              {NO_ROUTE_TEXT}
            </Typography>
          ))}
        {mode === 'profile' && <ProfileForm variant="route" onSaved={(p) => showMessage(savedProfileText(p.tail))} />}
        {mode === 'recent' && (
          <RouteListPanel kind="recent" entries={recent} onLoad={(c) => void loadCode(c, 'navlog')} onModify={(c) => void loadCode(c, 'edit')} onSave={(c) => void save(c)} />
        )}
        {mode === 'saved' && (
          <RouteListPanel
            kind="saved"
            entries={saved}
            onLoad={(c) => void loadCode(c, 'navlog')}
            onModify={(c) => void loadCode(c, 'edit')}
            onDelete={(c) => {
              deleteSavedRoute(prefs, c, Date.now()).then(reloadSaved, (error: unknown) => console.error('Could not delete the route', error));
            }}
          />
        )}
        {mode === 'optimizer' &&
          (route ? (
            <OptimizerPanel
              route={route}
              profile={profile}
              units={units}
              initialEast={isEastbound(route, route.etd_ms ?? route.ts)}
              fetchRows={fetchOptimizer}
              onSelect={selectAltitude}
            />
          ) : (
            <Typography color="text.secondary">{NO_ROUTE_TEXT}</Typography>
          ))}
      </Box>
      <Paper component="nav" aria-label="Route screen" sx={{ position: 'sticky', bottom: 0, p: 0.5 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {ROUTE_BUTTONS.map((b) => (
            <Button key={b} size="small" variant={modeOf(b) === mode ? 'contained' : 'text'} onClick={() => press(b)}>
              {b}
            </Button>
          ))}
        </Stack>
      </Paper>
      <Snackbar
        key={`message-${message?.id ?? 0}`}
        open={message !== null}
        autoHideDuration={MESSAGE_SNACKBAR_MS}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') setMessage(null);
        }}
        message={message?.text}
        slotProps={{ content: { 'data-testid': 'message-snackbar' } as object }}
      />
      <Snackbar
        key={`undo-${undo?.id ?? 0}`}
        open={undo !== null}
        autoHideDuration={CLEAR_SNACKBAR_MS}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') setUndo(null);
        }}
        message="Route Cleared"
        slotProps={{ content: { 'data-testid': 'clear-snackbar' } as object }}
        action={
          <>
            <Button
              color="secondary"
              size="small"
              onClick={() => {
                const previous = undo?.previous;
                setUndo(null);
                if (previous) void commitRoute(deps, previous);
              }}
            >
              Undo
            </Button>
            <Button color="inherit" size="small" onClick={() => setUndo(null)}>
              Ok
            </Button>
          </>
        }
      />
    </Box>
  );
}

/** The mode a bottom button shows, for its pressed look. */
function modeOf(button: RouteButton): RouteMode | null {
  switch (button) {
    case 'Modify':
      return 'edit';
    case 'NavLog':
      return 'navlog';
    case 'Profile':
      return 'profile';
    case 'Recent':
      return 'recent';
    case 'Load':
      return 'saved';
    case 'Optimze':
      return 'optimizer';
    default:
      return null;
  }
}

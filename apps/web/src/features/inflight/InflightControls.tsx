import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { NAV_LOG_LOOP_MS } from '@clearway/inflight';
import { useAppDispatch, useAppSelector, useAppStore } from '../../store/hooks';
import { startInflight, type InflightRuntimeOptions } from './inflightRuntime';
import { calloutsSet, directToSet, followSet, type ChannelChip } from './inflightSlice';
import { degrees, navStrip } from './navigation';

/** Settings' "Never" for resume_nav (spec part 2 §6: options 5, 10, 30, 60, 3600 s (Never)). */
const RESUME_NAV_NEVER_S = 3600;
const TOUCH = { minHeight: 44, minWidth: 44 } as const;
const CHIP_COLOURS: Record<ChannelChip, 'success' | 'warning' | 'default'> = { on: 'success', lost: 'warning', off: 'default' };

function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** One status chip: on, lost (was on, timed out) or off. */
function StatusChip({ id, label, state }: { id: string; label: string; state: ChannelChip }) {
  const word = state === 'on' ? 'on' : state === 'lost' ? 'lost' : 'off';
  return <Chip size="small" data-testid={`inflight-chip-${id}`} data-state={state} color={CHIP_COLOURS[state]} variant={state === 'off' ? 'outlined' : 'filled'} label={`${label} ${word}`} sx={{ fontWeight: 600 }} />;
}

/**
 * The in-flight controls in the map host's own layer (issue 19): the nav strip (next waypoint,
 * distance, desired track, ETE and ETA; its list offers Direct-To on each waypoint), the status chips
 * (receiver heartbeat, traffic, ADS-B GPS, device GPS) and "Resume Navigation" after panning, which
 * comes back by itself after the resume_nav seconds. Starts the in-flight loops (inflightRuntime.ts),
 * which run on every page: `visible` only says whether the controls are shown (the map pages);
 * `bottomClearancePx`: how much of the map's bottom edge something else takes (the expiry banner).
 */
export function InflightControls({ visible = true, runtime, bottomClearancePx = 0 }: { visible?: boolean; runtime?: Omit<InflightRuntimeOptions, 'store'>; bottomClearancePx?: number }) {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const s = useAppSelector((state) => state.inflight);
  const waypoints = useAppSelector((state) => state.route.current?.all_waypoints ?? null);
  const resumeNav = useAppSelector((state) => state.settings.resume_nav);
  const [listOpen, setListOpen] = useState(false);
  const [runtimeOptions] = useState(runtime);

  useEffect(() => {
    const started = startInflight({ store, ...runtimeOptions });
    return () => started.stop();
  }, [store, runtimeOptions]);

  // Resume Navigation by itself resume_nav seconds after the last pan (not for "Never").
  useEffect(() => {
    if (s.follow || s.pannedAt === null || resumeNav >= RESUME_NAV_NEVER_S) return undefined;
    const timer = setTimeout(() => dispatch(followSet(true)), Math.max(0, s.pannedAt + resumeNav * 1000 - Date.now()));
    return () => clearTimeout(timer);
  }, [s.follow, s.pannedAt, resumeNav, dispatch]);

  const [timeZone] = useState(localTimeZone);
  const fix = s.position?.fix ?? null;
  // The nav log loop (spec part 2 §9: 200 ms): the clock the ETE and ETA are worked from.
  const [now, setNow] = useState(() => Date.now());
  const hasFix = fix !== null;
  useEffect(() => {
    if (!hasFix) return undefined;
    const timer = setInterval(() => setNow(Date.now()), NAV_LOG_LOOP_MS);
    return () => clearInterval(timer);
  }, [hasFix]);
  const nav = useMemo(() => (fix ? navStrip(fix, waypoints, s.directTo, now, timeZone) : null), [fix, waypoints, s.directTo, now, timeZone]);
  if (!visible) return null;
  const showChips = s.link === 'open' || s.deviceGps !== 'off' || s.receiver.heartbeat !== 'off';
  // Something at the bottom of the map (the nav data expiry banner): the chips and Resume Navigation go above it.
  const lift = Math.max(0, bottomClearancePx - 16);

  return (
    <>
      {nav && (
        <Paper
          elevation={4}
          data-testid="nav-strip"
          data-next={nav.navLog.code}
          data-type={nav.navLog.type}
          sx={{ position: 'absolute', top: 8, left: 8, right: 64, maxWidth: 640, zIndex: 3, display: 'flex', flexDirection: 'column' }}
        >
          <Box
            component="button"
            type="button"
            aria-expanded={listOpen}
            aria-label="Next waypoint; tap for the nav log and Direct-To"
            onClick={() => setListOpen((open) => !open)}
            sx={{ ...TOUCH, all: 'unset', boxSizing: 'border-box', cursor: 'pointer', display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5, px: 1.5, py: 0.5, color: 'text.primary', width: '100%' }}
          >
            <Typography component="span" sx={{ fontWeight: 700, fontSize: 18 }} data-testid="nav-next">
              {nav.navLog.type === 'Direct' ? 'Direct ' : ''}{nav.navLog.code}
            </Typography>
            <Typography component="span" data-testid="nav-distance">{nav.distanceNm.toFixed(1)} nm</Typography>
            <Typography component="span" data-testid="nav-dtk">DTK {degrees(nav.desiredTrackDeg, nav.magnetic)}</Typography>
            <Typography component="span" data-testid="nav-ete">ETE {nav.eteWpt}</Typography>
            <Typography component="span" data-testid="nav-eta">ETA {nav.etaWpt}</Typography>
          </Box>
          {listOpen && waypoints && (
            <Box role="list" aria-label="Nav log" sx={{ maxHeight: '40vh', overflowY: 'auto', borderTop: 1, borderColor: 'divider' }}>
              {s.directTo && (
                <Button fullWidth sx={TOUCH} data-testid="direct-to-cancel" onClick={() => dispatch(directToSet(null))}>
                  Cancel Direct-To
                </Button>
              )}
              {waypoints.map((w, index) => (
                <Box role="listitem" key={`${w.code}-${index}`} sx={{ display: 'flex', alignItems: 'center', px: 1.5, gap: 1, bgcolor: index === nav.index ? 'action.selected' : undefined }}>
                  <Typography sx={{ flex: 1, fontWeight: index === nav.index ? 700 : 400 }}>{w.code}</Typography>
                  <Button
                    sx={TOUCH}
                    data-testid={`direct-to-${index}`}
                    onClick={() => {
                      dispatch(directToSet({ index, from: fix ? { lat: fix.latitude, lon: fix.longitude } : null }));
                      setListOpen(false);
                    }}
                  >
                    Direct-To
                  </Button>
                </Box>
              ))}
            </Box>
          )}
        </Paper>
      )}
      {!s.follow && s.position && (
        <Button
          variant="contained"
          data-testid="resume-navigation"
          onClick={() => dispatch(followSet(true))}
          sx={{ ...TOUCH, position: 'absolute', bottom: 72 + lift, left: '50%', transform: 'translateX(-50%)', zIndex: 3, fontWeight: 700 }}
        >
          Resume Navigation
        </Button>
      )}
      {showChips && (
        <Box data-testid="inflight-chips" data-link={s.link} data-lift={lift} sx={{ position: 'absolute', left: 8, bottom: 24 + lift, zIndex: 3, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, maxWidth: 'calc(100% - 80px)' }}>
          <StatusChip id="heartbeat" label={s.receiver.name ?? 'Receiver'} state={s.receiver.heartbeat} />
          <StatusChip id="traffic" label="Traffic" state={s.receiver.traffic} />
          <StatusChip id="adsb-gps" label="ADS-B GPS" state={s.receiver.adsbGps} />
          <StatusChip id="device-gps" label="GPS" state={s.deviceGps} />
          <Button
            size="small"
            variant={s.callouts ? 'contained' : 'outlined'}
            data-testid="inflight-callouts"
            aria-pressed={s.callouts}
            onClick={() => dispatch(calloutsSet(!s.callouts))}
            sx={{ ...TOUCH, fontWeight: 600, bgcolor: s.callouts ? undefined : 'background.paper' }}
          >
            {s.callouts ? 'Callouts on' : 'Callouts off'}
          </Button>
        </Box>
      )}
    </>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { defaultFlightData, type SimAutopilotCommand, type SimFlightData } from '@clearway/protocol';
import type { RootState } from '../../store';
import { drawPfd } from './pfdDraw';
import { routeToSimWaypoints } from './routeToSim';
import {
  FMS_DOWNLOAD_URL,
  forceReconnect,
  getSimState,
  holdSimLink,
  sendAutopilotCommand,
  sendDirectTo,
  sendFlightPlan,
  setCurrentXPlaneHost,
  setRadioFrequency,
  toggleFlightDirector,
  toggleSubscribed,
  useSim,
} from './simStore';

const TOUCH = { minHeight: 44, minWidth: 44 } as const;
/** Smoothing time constant of the drawn values, ms: the display moves at the frame rate between packets. */
const SMOOTH_MS = 60;
/** Trend filter time constant, ms; the trend vectors show where speed and altitude will be in 6 s. */
const TREND_MS = 1000;
const READOUT_EVERY_MS = 250;

const lerpAngle = (from: number, to: number, k: number) => from + ((((to - from) % 360) + 540) % 360 - 180) * k;

/** Moves display toward target by k (0..1); returns whether anything moved visibly. */
function smooth(display: SimFlightData, target: SimFlightData, k: number): boolean {
  let moved = false;
  const step = (key: 'pitch' | 'roll' | 'airspeed' | 'altitude' | 'verticalSpeed' | 'slipSkid') => {
    const next = display[key] + (target[key] - display[key]) * k;
    if (Math.abs(next - display[key]) > 0.001) moved = true;
    display[key] = next;
  };
  step('pitch');
  step('roll');
  step('airspeed');
  step('altitude');
  step('verticalSpeed');
  step('slipSkid');
  const heading = lerpAngle(display.heading, target.heading, k);
  if (Math.abs(heading - display.heading) > 0.001) moved = true;
  const { pitch, roll, airspeed, altitude, verticalSpeed, slipSkid } = display;
  Object.assign(display, structuredClone(target), { pitch, roll, airspeed, altitude, verticalSpeed, slipSkid, heading: ((heading % 360) + 360) % 360 });
  return moved;
}

function statusText(s: ReturnType<typeof getSimState>): { label: string; color: 'success' | 'warning' | 'default' | 'error' } {
  if (!s.linked) return { label: 'Simulator link: server not reachable', color: 'error' };
  if (s.connected) return { label: `X-Plane connected (${s.dataSource === 'webapi' ? 'web API' : 'UDP'})${s.isSimulating ? ' · simulating' : ' · paused'}`, color: 'success' };
  if (s.stale) return { label: 'Link lost: last position shown as stale', color: 'warning' };
  if (s.xplaneHosts.length === 0) return { label: 'Looking for X-Plane...', color: 'default' };
  return { label: s.subscribed ? 'Waiting for X-Plane data...' : 'X-Plane found: subscribe to fly', color: 'default' };
}

/** The Sim PFD (issue 20): a primary flight display drawn from the simulator's flightData, with the link's controls. */
export default function SimPfd() {
  const theme = useTheme();
  const night = theme.palette.mode === 'dark';
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const boxRef = useRef<HTMLDivElement | null>(null);
  const linked = useSim((s) => s.linked);
  const connected = useSim((s) => s.connected);
  const stale = useSim((s) => s.stale);
  const subscribed = useSim((s) => s.subscribed);
  const hosts = useSim((s) => s.xplaneHosts);
  const current = useSim((s) => s.currentXplaneHost);
  const hasData = useSim((s) => s.flightData !== null);
  const fdActive = useSim((s) => s.flightData?.fdActive ?? 0);
  const lastResult = useSim((s) => s.lastResult);
  const fms = useSim((s) => s.fms);
  const isSimulating = useSim((s) => s.isSimulating);
  const dataSource = useSim((s) => s.dataSource);
  const route = useSelector((state: RootState) => state.route.current);
  const [com, setCom] = useState('');
  const [target, setTarget] = useState(0);
  const status = statusText({ ...getSimState(), linked, connected, stale, subscribed, xplaneHosts: hosts, isSimulating, dataSource });
  const waypoints = route === null ? [] : routeToSimWaypoints(route);

  useEffect(() => holdSimLink(), []);

  // The frame loop: smooth toward the latest flightData and draw when anything moved.
  useEffect(() => {
    const canvas = canvasRef.current;
    const box = boxRef.current;
    if (canvas === null || box === null) return undefined;
    const ctx = canvas.getContext('2d');
    if (ctx === null) return undefined;
    let size = { w: 0, h: 0, dpr: 1 };
    let dirty = true;
    const resize = () => {
      const rect = box.getBoundingClientRect();
      const dpr = window.devicePixelRatio || 1;
      size = { w: Math.max(1, Math.floor(rect.width)), h: Math.max(1, Math.floor(rect.height)), dpr };
      canvas.width = Math.round(size.w * dpr);
      canvas.height = Math.round(size.h * dpr);
      canvas.style.width = `${size.w}px`;
      canvas.style.height = `${size.h}px`;
      dirty = true;
    };
    resize();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(box);
    const display = defaultFlightData();
    let seeded = false;
    let last = performance.now();
    let lastStale = false;
    const trend = { speed: 0, altitude: 0 };
    let lastReadout = 0;
    let readoutOf: number | null = null;
    let readoutStale = false;
    /** Frames drawn (data-frames, at each draw: the e2e and bench:sim see the PFD redraw). */
    let drawn = 0;
    let frame = 0;
    const tick = (now: number) => {
      frame = requestAnimationFrame(tick);
      const dt = Math.min(250, Math.max(0, now - last));
      last = now;
      const sim = getSimState();
      if (sim.flightData === null) return;
      if (!seeded) {
        Object.assign(display, structuredClone(sim.flightData));
        seeded = true;
        dirty = true;
      }
      const before = { speed: display.airspeed, altitude: display.altitude };
      const moved = smooth(display, sim.flightData, 1 - Math.exp(-dt / SMOOTH_MS));
      if (dt > 0) {
        const t = 1 - Math.exp(-dt / TREND_MS);
        trend.speed += (((display.airspeed - before.speed) / dt) * 6000 - trend.speed) * t;
        trend.altitude += (((display.altitude - before.altitude) / dt) * 6000 - trend.altitude) * t;
      }
      const isStale = !sim.connected;
      // The readout (aria-label, data-*) follows the latest data, a few times a second.
      if (now - lastReadout >= READOUT_EVERY_MS && (readoutOf !== sim.flightDataAt || isStale !== readoutStale)) {
        lastReadout = now;
        readoutOf = sim.flightDataAt;
        readoutStale = isStale;
        const t = sim.flightData;
        const readout = `Altitude ${Math.round(t.altitude)} ft, airspeed ${Math.round(t.airspeed)} kt, heading ${Math.round(t.heading)}°, pitch ${Math.round(t.pitch)}°, bank ${Math.round(t.roll)}°, vertical speed ${Math.round(t.verticalSpeed)} ft/min`;
        canvas.setAttribute('aria-label', `Primary flight display${isStale ? ' (stale)' : ''}: ${readout}`);
        canvas.dataset.altitude = String(Math.round(t.altitude));
        canvas.dataset.airspeed = String(Math.round(t.airspeed));
        canvas.dataset.heading = String(Math.round(t.heading));
      }
      if (!moved && !dirty && isStale === lastStale) return;
      dirty = false;
      lastStale = isStale;
      ctx.setTransform(size.dpr, 0, 0, size.dpr, 0, 0);
      drawPfd(ctx, size.w, size.h, { data: display, speedTrend: trend.speed, altitudeTrend: trend.altitude, stale: isStale, night });
      drawn++;
      canvas.dataset.frames = String(drawn);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
    };
  }, [night]);

  const autopilot = (command: SimAutopilotCommand, label: string) => (
    <Button key={command} size="small" variant="outlined" sx={TOUCH} disabled={!connected} onClick={() => sendAutopilotCommand(command)}>{label}</Button>
  );

  return (
    // A full-height page (platform/pages.ts): from md up exactly the height under the top bar; on a phone
    // at least that, growing with the controls under the PFD (the page scrolls).
    <Box data-testid="page-SimPFD" sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, flex: '1 1 auto', minHeight: { xs: 'auto', md: 0 }, bgcolor: night ? '#000' : 'background.default' }}>
      <Box ref={boxRef} sx={{ position: 'relative', flex: { xs: '0 0 auto', md: '1 1 auto' }, height: { xs: '68vh', md: 'auto' }, minHeight: 320, minWidth: 0 }}>
        <canvas ref={canvasRef} data-testid="sim-pfd" role="img" aria-label="Primary flight display: no data" style={{ display: 'block' }} />
        {!hasData && (
          <Typography sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.secondary', p: 2, textAlign: 'center' }}>
            {linked ? 'Waiting for the simulator: start X-Plane with its network data on, then Subscribe.' : 'Loading...'}
          </Typography>
        )}
      </Box>
      <Box component="section" aria-label="Simulator controls" sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5, width: { md: 340 }, overflowY: 'auto' }}>
        <Typography variant="h6" component="h1">Sim Center/PFD</Typography>
        <Chip data-testid="sim-status" label={status.label} color={status.color} sx={{ alignSelf: 'flex-start', maxWidth: '100%' }} />
        {hosts.length > 0 && (
          <TextField select size="small" label="X-Plane" value={current ?? ''} onChange={(e) => setCurrentXPlaneHost(e.target.value)} sx={{ '& .MuiInputBase-root': { minHeight: 44 } }}>
            {hosts.map((h) => <MenuItem key={h.id} value={h.id} sx={TOUCH}>{h.name === '' ? h.id : `${h.name} (${h.id})`}</MenuItem>)}
          </TextField>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant={subscribed ? 'outlined' : 'contained'} sx={TOUCH} disabled={!linked} onClick={() => toggleSubscribed()}>{subscribed ? 'Unsubscribe' : 'Subscribe'}</Button>
          <Button variant="outlined" sx={TOUCH} disabled={!linked} onClick={() => forceReconnect()}>Reconnect</Button>
          <Button variant="outlined" sx={TOUCH} disabled={!connected} aria-pressed={fdActive > 0} onClick={() => toggleFlightDirector(1)}>{fdActive > 0 ? 'FD off' : 'FD on'}</Button>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} role="group" aria-label="Autopilot">
          {autopilot('toggle', 'AP')}
          {autopilot('heading', 'HDG')}
          {autopilot('nav', 'NAV')}
          {autopilot('altitude', 'ALT')}
          {autopilot('verticalSpeed', 'VS')}
          {autopilot('approach', 'APR')}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <TextField size="small" label="COM1 standby (MHz)" value={com} onChange={(e) => setCom(e.target.value)} slotProps={{ htmlInput: { inputMode: 'decimal' } }} sx={{ flex: 1, '& .MuiInputBase-root': { minHeight: 44 } }} />
          <Button variant="outlined" sx={TOUCH} disabled={!connected || !(Number(com) >= 118 && Number(com) <= 137)} onClick={() => setRadioFrequency('com1Standby', Number(com))}>Set</Button>
        </Box>
        {waypoints.length >= 2 ? (
          <>
            <Button variant="contained" sx={TOUCH} disabled={!linked} onClick={() => sendFlightPlan(waypoints, 'Clearway')}>Send flight plan to X-Plane</Button>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <TextField select size="small" label="Direct to" value={Math.min(target, waypoints.length - 1)} onChange={(e) => setTarget(Number(e.target.value))} sx={{ flex: 1, '& .MuiInputBase-root': { minHeight: 44 } }}>
                {waypoints.map((w, i) => <MenuItem key={`${w.id}-${i}`} value={i} sx={TOUCH}>{w.id}</MenuItem>)}
              </TextField>
              <Button variant="outlined" sx={TOUCH} disabled={!connected} onClick={() => {
                const w = waypoints[Math.min(target, waypoints.length - 1)]!;
                sendDirectTo(w.id, w.lat, w.lon, Math.min(target, waypoints.length - 1));
              }}>Direct</Button>
            </Box>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">Plan a route to send it to X-Plane.</Typography>
        )}
        {fms !== null && (
          <Button component="a" href={FMS_DOWNLOAD_URL} download="Clearway.fms" variant="text" sx={TOUCH}>Download the .fms flight plan</Button>
        )}
        {lastResult !== null && (
          <Typography data-testid="sim-result" variant="body2" role="status" color={lastResult.ok ? 'text.primary' : 'warning.main'}>{lastResult.message}</Typography>
        )}
      </Box>
    </Box>
  );
}

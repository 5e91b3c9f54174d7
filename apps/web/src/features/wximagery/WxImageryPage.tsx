// The weather imagery pages (/app/wx_surface, wx_tops, wx_radar_composite, wx_radar_regional_static,
// wx_radar_regional_looping, wx_freezing_levels, wx_satellite_usa, gfa): the server's picture of a
// product with its issue time and age, a picker where a product has several views, loops played
// frame by frame. Pictures come from the device first (the `wx` database), then the server.
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { IMAGERY_PAGES, type ImageryIndex, type ImageryPageName, type ImageryProductState, type ImageryViewState } from '@clearway/protocol';
import { WxDb } from '../../db/wx';
import { PAGES } from '../../platform/pages';
import { serverFetch } from '../../platform/serverFetch';
import { useAppSelector } from '../../store/hooks';
import { AGE_TICK_MS, formatWeatherAge } from '../weather';
import { frameDwellMs, formatIssueTime, pickView, viewTitle, type LoopSpeed } from './format';
import { deviceFrames, wxImageryDb, type ImageryClientDeps } from './imageryCache';
import { useFrameUrls, useImageryIndex } from './useImagery';
import { ZoomableImage } from './ZoomableImage';

let sharedDb: ReturnType<typeof wxImageryDb> | null = null;
function deviceDb() {
  sharedDb ??= wxImageryDb(new WxDb());
  return sharedDb;
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The client's settings: the configured weather root, the app's fetch and the device's `wx` database. */
function useClientDeps(override: ImageryClientDeps | undefined): ImageryClientDeps | null {
  const root = useAppSelector((s) => s.config.config?.endpoints.weatherRoot ?? null);
  return useMemo(() => override ?? (root === null ? null : { root, fetch: serverFetch, db: deviceDb(), now: () => Date.now() }), [override, root]);
}

function Picker({ product, view, onPick }: { product: ImageryProductState; view: ImageryViewState; onPick: (id: string) => void }) {
  const groups = [...new Set(product.views.map((v) => v.group ?? ''))];
  const inGroup = product.views.filter((v) => (v.group ?? '') === (view.group ?? ''));
  const button = (v: ImageryViewState, label: string) => (
    <ToggleButton key={v.id} value={v.id} data-testid={`wximagery-view-${v.id}`} aria-label={v.configured ? label : `${label} (not configured)`} sx={{ px: 1.5, textTransform: 'none', ...(v.configured ? {} : { color: 'text.secondary', fontStyle: 'italic' }) }}>
      {label}
    </ToggleButton>
  );
  return (
    <Stack spacing={1} data-testid="wximagery-picker">
      {groups.length > 1 && (
        <ToggleButtonGroup exclusive size="small" value={view.group ?? ''} aria-label="Field" onChange={(_e, group: string | null) => {
          if (group === null) return;
          const sameLabel = product.views.find((v) => (v.group ?? '') === group && v.label === view.label);
          const first = product.views.find((v) => (v.group ?? '') === group);
          const next = sameLabel ?? first;
          if (next) onPick(next.id);
        }} sx={{ flexWrap: 'wrap' }}>
          {groups.map((group) => (
            <ToggleButton key={group} value={group} data-testid={`wximagery-group-${group}`} sx={{ px: 1.5, textTransform: 'none' }}>
              {group}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      <ToggleButtonGroup exclusive size="small" value={view.id} aria-label="View" onChange={(_e, id: string | null) => id !== null && onPick(id)} sx={{ flexWrap: 'wrap' }}>
        {inGroup.map((v) => button(v, v.label))}
      </ToggleButtonGroup>
    </Stack>
  );
}

/** The loop's controls: play or pause, a frame back or on, the speed, and where the loop is. */
function LoopControls(props: {
  playing: boolean;
  onPlaying: (playing: boolean) => void;
  onStep: (by: number) => void;
  speed: LoopSpeed;
  onSpeed: (speed: LoopSpeed) => void;
  position: number;
  count: number;
  ready: number;
}) {
  const { playing, onPlaying, onStep, speed, onSpeed, position, count, ready } = props;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} data-testid="wximagery-loop-controls">
      <Button variant="contained" onClick={() => onPlaying(!playing)} data-testid="wximagery-loop-play" aria-pressed={playing}>
        {playing ? 'Pause' : 'Play'}
      </Button>
      <Button variant="outlined" onClick={() => onStep(-1)} data-testid="wximagery-loop-back" aria-label="Previous frame">
        ◀
      </Button>
      <Button variant="outlined" onClick={() => onStep(1)} data-testid="wximagery-loop-next" aria-label="Next frame">
        ▶
      </Button>
      <ToggleButtonGroup exclusive size="small" value={speed} aria-label="Speed" onChange={(_e, value: LoopSpeed | null) => value !== null && onSpeed(value)}>
        <ToggleButton value="slow" sx={{ textTransform: 'none', px: 1.5 }}>Slow</ToggleButton>
        <ToggleButton value="normal" sx={{ textTransform: 'none', px: 1.5 }}>Normal</ToggleButton>
        <ToggleButton value="fast" sx={{ textTransform: 'none', px: 1.5 }}>Fast</ToggleButton>
      </ToggleButtonGroup>
      <Typography variant="body2" color="text.secondary" data-testid="wximagery-loop-position">
        Frame {position + 1} of {count}
        {ready < count ? ` (loading ${ready} of ${count})` : ''}
      </Typography>
    </Stack>
  );
}

export interface WxImageryPageProps {
  page: ImageryPageName;
  /** Tests: the client's settings instead of the app's. */
  deps?: ImageryClientDeps;
}

function productOf(index: ImageryIndex | null, id: string): ImageryProductState | undefined {
  return index?.products.find((p) => p.id === id);
}

export function WxImageryPage({ page, deps: override }: WxImageryPageProps) {
  const [mountedAt] = useState(() => performance.now());
  const [firstPicture, setFirstPicture] = useState<{ ms: number; at: number } | null>(null);
  const info = PAGES.find((p) => p.name === page)!;
  const { product: productId, loop } = IMAGERY_PAGES[page];
  const deps = useClientDeps(override);
  const state = useImageryIndex(deps);
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const product = productOf(state.stored?.index ?? null, productId);
  const view = product === undefined ? undefined : pickView(product, params.get('view'));
  // Loops: the view's frames (the device's too when the index has moved on); stills: the newest that can be had.
  const candidates = product === undefined || view === undefined || !view.configured ? [] : deviceFrames(product, view, state.storedPaths);
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const stillFrame = [...candidates].reverse().find((f) => !failed.has(f.path));
  const wanted = loop ? candidates : stillFrame === undefined ? [] : [stillFrame];
  const { urls, errors } = useFrameUrls(deps, wanted);
  if ([...errors].some((path) => !failed.has(path))) setFailed(new Set([...failed, ...errors]));
  const frames = wanted.filter((f) => !errors.has(f.path));
  const [position, setPosition] = useState<number | null>(null);
  const [playing, setPlaying] = useState(true);
  const [speed, setSpeed] = useState<LoopSpeed>('normal');
  const readyCount = frames.filter((f) => typeof urls[f.path] === 'string').length;
  const allReady = frames.length > 0 && readyCount === frames.length;
  const shownIndex = position === null || position >= frames.length ? frames.length - 1 : position;

  // The loop plays once every frame is here (preloaded), so it never stops on a missing one.
  useEffect(() => {
    if (!loop || !playing || !allReady || frames.length < 2) return;
    const timer = setTimeout(() => setPosition((shownIndex + 1) % frames.length), frameDwellMs(shownIndex, frames.length, speed));
    return () => clearTimeout(timer);
  }, [loop, playing, allReady, frames.length, shownIndex, speed]);

  const pick = (id: string) => {
    setPosition(null);
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('view', id);
      return next;
    }, { replace: true });
  };

  const frame = frames[shownIndex];
  const url = frame === undefined ? undefined : urls[frame.path];
  const title = product !== undefined && view !== undefined ? viewTitle(product, view) : info.title;
  const ageMs = frame === undefined ? null : Math.max(0, now - frame.issuedAt);
  const stale = product !== undefined && ageMs !== null && ageMs > product.staleAfterMs;

  let notice: { severity: 'info' | 'warning' | 'error'; text: string; testId: string } | null = null;
  if (deps === null) notice = { severity: 'info', text: 'Waiting for the app configuration…', testId: 'wximagery-waiting' };
  else if (state.stored === null && state.checking) notice = null;
  else if (state.stored === null) notice = { severity: 'warning', text: `${info.title} has not been downloaded to this device yet and the server cannot be reached (${state.error ?? 'no answer'}).`, testId: 'wximagery-unavailable' };
  else if (product === undefined || view === undefined) notice = { severity: 'error', text: `The server's imagery index has no ${productId} product.`, testId: 'wximagery-unknown' };
  else if (!view.configured) notice = { severity: 'info', text: `${title} is not configured on this server: it has no source address for this product, so there is no picture to show.`, testId: 'wximagery-not-configured' };
  else if (view.status === 'failing' && frame !== undefined) notice = { severity: 'warning', text: `${title} could not be updated (${view.error ?? 'unknown error'}). Showing the last image, issued ${formatIssueTime(frame.issuedAt)} (${formatWeatherAge(ageMs)}).`, testId: 'wximagery-failing' };
  else if (view.status === 'failing') notice = { severity: 'error', text: `${title} could not be fetched by the server (${view.error ?? 'unknown error'}); there is no earlier image.`, testId: 'wximagery-failing' };
  else if (frame === undefined && candidates.length > 0 && wanted.length === 0) notice = { severity: 'warning', text: `The images of ${title} are not stored on this device and the server cannot be reached.`, testId: 'wximagery-image-missing' };
  else if (frame === undefined && candidates.length === 0) notice = { severity: 'info', text: `The server has not fetched ${title} yet; it will appear here once it has.`, testId: 'wximagery-pending' };

  return (
    <Box
      data-testid={`page-${page}`}
      data-first-picture-ms={firstPicture === null ? undefined : firstPicture.ms.toFixed(1)}
      data-first-picture-at={firstPicture === null ? undefined : firstPicture.at.toFixed(1)}
      data-index-from={state.from ?? 'none'}
      sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1100, mx: 'auto' }}
    >
      <Typography component="h1" variant="h5" gutterBottom>
        {info.title}
      </Typography>
      <Stack spacing={1.5}>
        {product !== undefined && view !== undefined && product.views.length > 1 && <Picker product={product} view={view} onPick={pick} />}
        {state.error !== null && state.stored !== null && (
          <Alert severity="info" data-testid="wximagery-offline">
            The server cannot be reached ({state.error}): showing the images stored on this device.
          </Alert>
        )}
        {notice !== null && (
          <Alert severity={notice.severity} data-testid={notice.testId}>
            {notice.text}
          </Alert>
        )}
        {frame !== undefined && view?.configured === true && (
          <Stack spacing={1}>
            <Typography variant="subtitle1" component="h2" data-testid="wximagery-title">
              {title}
            </Typography>
            <Typography variant="body2" data-testid="wximagery-issued" data-issued-at={frame.issuedAt} sx={{ color: stale ? 'warning.main' : 'text.secondary' }}>
              Issued {formatIssueTime(frame.issuedAt)} · <span data-testid="wximagery-age">{formatWeatherAge(ageMs)}</span>
              {stale ? ' · older than usual' : ''}
            </Typography>
            {loop && frames.length > 0 && (
              <LoopControls
                playing={playing}
                onPlaying={setPlaying}
                onStep={(by) => {
                  setPlaying(false);
                  setPosition((shownIndex + by + frames.length) % frames.length);
                }}
                speed={speed}
                onSpeed={setSpeed}
                position={shownIndex}
                count={frames.length}
                ready={readyCount}
              />
            )}
            {typeof url === 'string' && url !== 'error' && (
              <ZoomableImage
                src={url}
                alt={`${title}, issued ${formatIssueTime(frame.issuedAt)}`}
                onLoad={() => setFirstPicture((first) => first ?? { ms: performance.now() - mountedAt, at: performance.now() })}
                imgProps={{ 'data-testid': 'wximagery-image', 'data-frame-id': frame.id, 'data-issued-at': frame.issuedAt }}
              />
            )}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

const components = new Map<ImageryPageName, ComponentType>();

/** The page component of one imagery page (the routes load this module on demand). */
export function imageryPageComponent(page: ImageryPageName): ComponentType {
  let component = components.get(page);
  if (component === undefined) {
    const Page = () => <WxImageryPage page={page} />;
    Page.displayName = `WxImageryPage(${page})`;
    component = Page;
    components.set(page, component);
  }
  return component;
}

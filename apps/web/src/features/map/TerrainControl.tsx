import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { overlayToggled, terrainExaggerationSet } from './overlaysSlice';
import { TERRAIN_EXAGGERATIONS, TERRAIN_OVERLAY_ID } from './terrain';

const TOUCH = { minWidth: 44, width: 48, height: 44, fontWeight: 700, fontSize: 15, borderRadius: 0 } as const;

/** The next exaggeration step after `current` (round). */
export function nextExaggeration(current: number): number {
  const at = TERRAIN_EXAGGERATIONS.findIndex((step) => step > current + 1e-9);
  return TERRAIN_EXAGGERATIONS[at < 0 ? 0 : at]!;
}

/**
 * The map's 3D button (terrain with hillshade, terrain.ts) and, while 3D is on, its exaggeration
 * button (×1, ×1.5, ×2, ×3). Disabled in performance mode, which draws no terrain. 44 px targets.
 * `bottomOffsetPx`: what is under the maps (the vertical profile panel), so the button stays on the map;
 * lifted by it, the button moves `besideToolbarPx` from the right, left of the toolbar, which it would
 * otherwise cover on the shorter map.
 */
export function TerrainControl({ bottomOffsetPx = 0, besideToolbarPx = 8 }: { bottomOffsetPx?: number; besideToolbarPx?: number }) {
  const dispatch = useAppDispatch();
  const shown = useAppSelector((s) => s.overlays.shown[TERRAIN_OVERLAY_ID] === true);
  const exaggeration = useAppSelector((s) => s.overlays.terrainExaggeration);
  const performance = useAppSelector((s) => s.settings.performance_mode);
  const on = shown && !performance;
  const label = performance ? '3D terrain (off in performance mode)' : on ? 'Turn 3D terrain off' : 'Turn 3D terrain on';
  return (
    <Paper elevation={3} data-testid="map-terrain-control" sx={{ position: 'fixed', right: bottomOffsetPx > 0 ? besideToolbarPx : 8, bottom: 72 + bottomOffsetPx, zIndex: 3, display: 'flex', flexDirection: 'column' }}>
      {on && (
        <Tooltip title="Terrain exaggeration" placement="left">
          <Button
            aria-label={`Terrain exaggeration ×${exaggeration}, tap for ×${nextExaggeration(exaggeration)}`}
            data-testid="map-terrain-exaggeration"
            color="inherit"
            sx={TOUCH}
            onClick={() => dispatch(terrainExaggerationSet(nextExaggeration(exaggeration)))}
          >
            ×{exaggeration}
          </Button>
        </Tooltip>
      )}
      <Tooltip title={label} placement="left">
        {/* A span: a disabled button gets no pointer events, the tooltip still explains why. */}
        <span>
          <Button
            aria-label={label}
            aria-pressed={on}
            data-testid="map-3d"
            disabled={performance}
            color={on ? 'primary' : 'inherit'}
            variant={on ? 'contained' : 'text'}
            sx={TOUCH}
            onClick={() => dispatch(overlayToggled(TERRAIN_OVERLAY_ID))}
          >
            3D
          </Button>
        </span>
      </Tooltip>
    </Paper>
  );
}

import { use, useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { ALWAYS_ONLINE } from '../../platform/connectivity';
import { ServicesContext } from '../../platform/services';
import { GAP_SOURCES, isGapSource, TileGaps, tileGapText, type GapSource, type TileAddress } from './layers/tileGaps';

interface TileEvent {
  sourceId?: unknown;
  tile?: { tileID?: { canonical?: TileAddress } };
  error?: { status?: unknown };
}

function tileOf(event: object): { source: GapSource; tile: TileAddress } | null {
  const { tile: held, sourceId } = event as TileEvent;
  const tile = held?.tileID?.canonical;
  return tile && isGapSource(sourceId) ? { source: sourceId, tile } : null;
}

/**
 * "Map not downloaded for this area" over a map view while a basemap or (shown) chart tile in view
 * could not be fetched: offline and not on the device (issue 27 point 9). MapLibre reports such a
 * tile as an error (a 404, "no chart here", is not one); the same tile arriving later clears it, and
 * back online the missing tiles are asked for again. Not a control: taps go through to the map.
 */
export function TileGapNote({ map }: { map: MapLibreMap | null }) {
  const gaps = useMemo(() => new TileGaps(), []);
  const service = use(ServicesContext)?.connectivity ?? ALWAYS_ONLINE;
  const [text, setText] = useState<string | null>(null);

  useEffect(() => {
    if (!map) return undefined;
    const check = () => {
      const b = map.getBounds();
      const view = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()] as const;
      const zoom = map.getZoom();
      const chartShown = map.getLayer('vfr') !== undefined && map.getLayoutProperty('vfr', 'visibility') !== 'none';
      setText(tileGapText(gaps.missingInView('basemap', view, zoom), chartShown && gaps.missingInView('vfr', view, zoom)));
    };
    // Back online, the missing tiles are asked for again; those that did not fail again by the next
    // idle are no longer missing (loaded, or a 404: "nothing here", which fires no event).
    let retried: { source: GapSource; tile: TileAddress }[] = [];
    const failedAgain = new Set<string>();
    const keyOf = (source: GapSource, { z, x, y }: TileAddress) => `${source}/${z}/${x}/${y}`;
    const onError = (event: object) => {
      const at = tileOf(event);
      if (!at || (event as TileEvent).error?.status === 404) return;
      failedAgain.add(keyOf(at.source, at.tile));
      if (gaps.failed(at.source, at.tile)) check();
    };
    const settleRetry = () => {
      for (const { source, tile } of retried) if (!failedAgain.has(keyOf(source, tile))) gaps.loaded(source, tile);
      retried = [];
      check();
    };
    const onData = (event: object) => {
      const at = tileOf(event);
      if (at && gaps.loaded(at.source, at.tile)) check();
    };
    const retry = () => {
      if (service.state() !== 'online') return;
      failedAgain.clear();
      retried = [];
      for (const source of Object.keys(GAP_SOURCES) as GapSource[]) {
        const tiles = gaps.missingTiles(source);
        if (tiles.length === 0 || !map.getSource(source)) continue;
        retried.push(...tiles.map((tile) => ({ source, tile })));
        map.refreshTiles(source, tiles);
      }
      if (retried.length > 0) map.once('idle', settleRetry);
    };
    map.on('error', onError);
    map.on('data', onData);
    map.on('moveend', check);
    // A switched chart layer changes what counts.
    map.on('styledata', check);
    const unsubscribe = service.subscribe(retry);
    return () => {
      map.off('error', onError);
      map.off('data', onData);
      map.off('moveend', check);
      map.off('styledata', check);
      map.off('idle', settleRetry);
      unsubscribe();
    };
  }, [map, gaps, service]);

  if (!text) return null;
  return (
    <Box
      role="status"
      data-testid="tile-gap-note"
      sx={(theme) => ({
        position: 'absolute',
        top: '50%',
        left: '50%',
        transform: 'translate(-50%, -50%)',
        maxWidth: 'calc(100% - 32px)',
        zIndex: 1,
        pointerEvents: 'none',
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        borderRadius: 2,
        fontSize: 16,
        fontWeight: 600,
        boxShadow: 2,
        // Night: a dark panel with light text, no bright surface.
        ...(theme.palette.mode === 'dark' ? { bgcolor: 'rgba(20, 24, 28, 0.92)', color: '#e4ebf0' } : { bgcolor: 'rgba(255, 255, 255, 0.94)', color: '#1b1b1b' }),
      })}
    >
      <CloudOffIcon aria-hidden sx={{ fontSize: 22 }} />
      {text}
    </Box>
  );
}

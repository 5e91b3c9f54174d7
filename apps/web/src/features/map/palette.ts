/**
 * The map's colours and label fonts, shared by the basemap (mapStyle.ts) and the overlays
 * (layers/). Pure data.
 */
export type MapTheme = 'day' | 'night';

/** FAA chart colours: towered airports blue, non-towered magenta; VORs blue, NDBs brown-magenta. */
export const CHART_COLOURS = {
  towered: '#1d5fb4',
  nonTowered: '#a3177f',
  vor: '#1d4f91',
  ndb: '#8b3a62',
  fix: '#3b3b3b',
  route: '#d6008f',
  /** Victor and T routes (low): grey-blue; Jet and Q routes (high): dark blue-grey. */
  airwayLow: '#6f8fa8',
  airwayHigh: '#3d4f63',
  preview: '#0a8f6a',
} as const;

export const PALETTES = {
  day: { water: '#b7d6ea', land: '#f4f0e6', country: '#7d6f5c', state: '#a39684', fix: CHART_COLOURS.fix, halo: '#ffffff', text: '#1b1b1b', airwayLow: CHART_COLOURS.airwayLow, airwayHigh: CHART_COLOURS.airwayHigh },
  night: { water: '#0a1a2a', land: '#1f2a33', country: '#8fa3b5', state: '#58697a', fix: '#c9d2da', halo: '#0a1a2a', text: '#e4ebf0', airwayLow: '#7f9fb8', airwayHigh: '#a9b7c6' },
} as const;

export type Palette = (typeof PALETTES)[MapTheme];

/** Label fonts served by the server (apps/server/src/tiles/glyphs.ts). */
export const LABEL_FONT = ['DejaVu Sans Bold'];
export const NAME_FONT = ['DejaVu Sans Book'];

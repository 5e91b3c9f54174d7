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

/**
 * Per theme: the basemap's colours, and the chart colours of airports and navaids (symbols and
 * labels). By day they are the FAA's; at night lighter tints of the same hues, so every label reads at
 * least 4.5:1 against its halo (issue 27 point 8; mapStyle.test.ts computes it from the style). The
 * `*Text` colours are for labels where the line colour of the same thing is too light to read.
 */
export const PALETTES = {
  day: {
    water: '#b7d6ea', land: '#f4f0e6', country: '#7d6f5c', state: '#a39684', stateText: '#6f6352', fix: CHART_COLOURS.fix, halo: '#ffffff', text: '#1b1b1b',
    airwayLow: CHART_COLOURS.airwayLow, airwayLowText: '#4a6a84', airwayHigh: CHART_COLOURS.airwayHigh,
    towered: CHART_COLOURS.towered, nonTowered: CHART_COLOURS.nonTowered, vor: CHART_COLOURS.vor, ndb: CHART_COLOURS.ndb,
  },
  night: {
    water: '#0a1a2a', land: '#1f2a33', country: '#8fa3b5', state: '#58697a', stateText: '#8796a6', fix: '#c9d2da', halo: '#0a1a2a', text: '#e4ebf0',
    airwayLow: '#7f9fb8', airwayLowText: '#7f9fb8', airwayHigh: '#a9b7c6',
    towered: '#7fb2ff', nonTowered: '#f08ad8', vor: '#8cb8f5', ndb: '#e99ac4',
  },
} as const;

/** One theme's colours (both themes have the same keys). */
export type Palette = { readonly [K in keyof (typeof PALETTES)['day']]: string };

/** Label fonts served by the server (apps/server/src/tiles/glyphs.ts). */
export const LABEL_FONT = ['DejaVu Sans Bold'];
export const NAME_FONT = ['DejaVu Sans Book'];

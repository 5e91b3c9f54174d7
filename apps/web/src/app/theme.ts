import { createTheme, type Components, type Theme } from '@mui/material/styles';

/** Brand colours (spec part 1 §9 "Theme colours primary #13406A, dark #0d2c51"). */
export const BRAND_PRIMARY = '#13406A';
export const BRAND_DARK = '#0d2c51';

const typography = { fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif' };

/** The smallest hit area of a control in CSS px (issue 27: Apple's and Material's 44x44). */
export const MIN_TOUCH_PX = 44;
/** List rows (menus, drawers, suggestions): Material's 48 px at every width. */
export const LIST_ROW_PX = 48;

/**
 * Whether the device's main pointer can hover (a mouse or trackpad). On a touch screen a tap fires an
 * emulated mouseover, and a tooltip opened by it stayed up over the map until the next tap elsewhere.
 */
export function pointerCanHover(): boolean {
  return typeof window === 'undefined' || typeof window.matchMedia !== 'function' || window.matchMedia('(hover: hover)').matches;
}

/** Tooltips: on hover where the pointer hovers; on a touch screen only after a long press (MUI's touch listener), gone 1.5 s after the finger lifts. */
export function tooltipDefaults(canHover: boolean): { disableHoverListener: boolean } {
  return { disableHoverListener: !canHover };
}

/**
 * Touch sizes for the cockpit (issue 27 point 4): every button, icon button, field, list row, switch,
 * checkbox, radio and slider is at least 44x44 CSS px at every screen width, in day and night alike.
 * Sizes only: colours stay MUI's and the palettes'.
 */
export const touchComponents: Components<Omit<Theme, 'components'>> = {
  // A keyboard user sees where the focus is (issue 23): a 2 px ring in the control's own colour on every
  // button, icon button, list row, switch and checkbox focused from the keyboard (MUI's ripple alone is
  // faint), inside the control so that no toolbar or drawer edge clips it.
  MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': { outline: '2px solid', outlineOffset: -2 } } } },
  MuiButton: { styleOverrides: { root: { minHeight: MIN_TOUCH_PX, minWidth: MIN_TOUCH_PX } } },
  // edge="start"/"end" pull the button into the bar's gutter by 8 px, not MUI's 12: a bar with 8 px
  // gutters (the top bar) would otherwise push its last button 4 px past the screen's edge and the whole
  // page would scroll sideways on a phone (issue 27 point 6).
  MuiIconButton: {
    styleOverrides: { root: { minHeight: MIN_TOUCH_PX, minWidth: MIN_TOUCH_PX }, edgeStart: { marginLeft: -8 }, edgeEnd: { marginRight: -8 } },
  },
  MuiToggleButton: { styleOverrides: { root: { minHeight: MIN_TOUCH_PX, minWidth: MIN_TOUCH_PX } } },
  MuiFab: { styleOverrides: { root: { minHeight: MIN_TOUCH_PX, minWidth: MIN_TOUCH_PX } } },
  // Text fields and selects of every size and variant: the box a tap focuses is 44 px tall.
  // A bare input (the top bar's search box) has no border to thicken on focus: a ring instead.
  MuiInputBase: {
    styleOverrides: {
      root: {
        minHeight: MIN_TOUCH_PX,
        '&.Mui-focused:not(.MuiOutlinedInput-root):not(.MuiFilledInput-root):not(.MuiInput-root)': { outline: '2px solid', outlineOffset: 2, borderRadius: 2 },
      },
    },
  },
  // The Autocomplete's 44 px popup and clear buttons, centred in the field, beside the text.
  MuiAutocomplete: {
    styleOverrides: {
      endAdornment: { top: `calc(50% - ${MIN_TOUCH_PX / 2}px)`, display: 'flex' },
      root: {
        '&.MuiAutocomplete-hasPopupIcon .MuiInputBase-root, &.MuiAutocomplete-hasClearIcon .MuiInputBase-root': { paddingRight: MIN_TOUCH_PX + 12 },
        '&.MuiAutocomplete-hasPopupIcon.MuiAutocomplete-hasClearIcon .MuiInputBase-root': { paddingRight: 2 * MIN_TOUCH_PX + 12 },
      },
    },
  },
  // A select's own box (what a tap opens) 44 px tall, its text centred: 1.4375em is MUI's line box.
  MuiSelect: { styleOverrides: { select: { paddingTop: `calc((${MIN_TOUCH_PX}px - 1.4375em) / 2)`, paddingBottom: `calc((${MIN_TOUCH_PX}px - 1.4375em) / 2)` } } },
  MuiCheckbox: { styleOverrides: { root: { padding: (MIN_TOUCH_PX - 24) / 2 } } },
  MuiRadio: { styleOverrides: { root: { padding: (MIN_TOUCH_PX - 24) / 2 } } },
  // A 44 px tall switch: the 20 px thumb in a 44 px button, the track as MUI draws it (34 x 14).
  MuiSwitch: {
    styleOverrides: {
      root: { width: 64, height: MIN_TOUCH_PX, padding: 15 },
      switchBase: { padding: 12 },
      sizeSmall: { width: 64, height: MIN_TOUCH_PX, padding: 15, '& .MuiSwitch-switchBase': { padding: 14 } },
    },
  },
  MuiFormControlLabel: { styleOverrides: { root: { minHeight: MIN_TOUCH_PX } } },
  // The rail, thumb and the space a tap moves the thumb in: 44 px tall (MUI's coarse-pointer padding).
  MuiSlider: { styleOverrides: { root: { '&.MuiSlider-horizontal': { padding: `${(MIN_TOUCH_PX - 4) / 2}px 0` } } } },
  MuiListItemButton: { styleOverrides: { root: { minHeight: LIST_ROW_PX } } },
  // MUI lowers menu rows to their text's height from the sm breakpoint (600 px) up: not here.
  MuiMenuItem: { styleOverrides: { root: { minHeight: LIST_ROW_PX, '@media (min-width:600px)': { minHeight: LIST_ROW_PX } } } },
  MuiTab: { styleOverrides: { root: { minHeight: LIST_ROW_PX, minWidth: MIN_TOUCH_PX } } },
  MuiTableSortLabel: { styleOverrides: { root: { minHeight: MIN_TOUCH_PX } } },
  MuiChip: { styleOverrides: { clickable: { minHeight: MIN_TOUCH_PX } } },
  MuiTooltip: { defaultProps: tooltipDefaults(pointerCanHover()) },
};

/** Day theme: light surfaces, brand blue bars. */
export const dayTheme: Theme = createTheme({
  palette: { mode: 'light', primary: { main: BRAND_PRIMARY, dark: BRAND_DARK } },
  typography,
  components: touchComponents,
});

/** Night theme: MUI dark mode; bars in the brand dark blue, controls in a lighter blue that reads on dark. */
export const nightTheme: Theme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: '#6f9fd4', dark: BRAND_PRIMARY, contrastText: '#0a1726' },
    background: { default: '#0a1726', paper: '#0f2236' },
  },
  typography,
  components: {
    ...touchComponents,
    // White on the brand dark bar: the primary's contrast text is dark (for the light blue controls).
    MuiAppBar: { styleOverrides: { root: { backgroundColor: BRAND_DARK, backgroundImage: 'none', color: '#ffffff' } } },
  },
});

export function themeFor(darkMode: boolean): Theme {
  return darkMode ? nightTheme : dayTheme;
}

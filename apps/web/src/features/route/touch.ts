import type { SxProps, Theme } from '@mui/material/styles';

/** The smallest hit area of a control (issue 27: Apple's and Material's 44x44 CSS px). */
export const MIN_TOUCH_PX = 44;
/** The least space between a destructive control and any other (issue 27). */
export const DESTRUCTIVE_GAP_PX = 8;

/** sx of a button or icon button: at least 44x44 CSS px. */
export const touchTarget: SxProps<Theme> = { minWidth: MIN_TOUCH_PX, minHeight: MIN_TOUCH_PX };

/** sx of a small text field or select: its input box at least 44 CSS px tall. */
export const FIELD_TARGET = { '& .MuiInputBase-root': { minHeight: MIN_TOUCH_PX } } as const;

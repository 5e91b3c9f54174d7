import { Button, Paper, Snackbar, Stack } from '@mui/material';
import { CLEAR_SNACKBAR_MS, MESSAGE_SNACKBAR_MS, modeOf, ROUTE_BUTTONS, type RouteButton, type RouteMode, type RouteScreenState } from './actions';
import { DESTRUCTIVE_GAP_PX, touchTarget } from './touch';

/**
 * The bottom buttons (spec part 2 §2). Each is at least 44x44 CSS px and 8 px from its neighbours (Clear,
 * the destructive one, included); the bar stacks above the page's fields, so no field label paints
 * over it (the profile form's outlined labels sit at z-index 1).
 */
export function RouteButtonBar({ mode, onPress }: { mode: RouteMode; onPress: (button: RouteButton) => void }) {
  return (
    <Paper component="nav" aria-label="Route screen" sx={{ position: 'sticky', bottom: 0, p: 0.5, zIndex: 'appBar' }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: `${DESTRUCTIVE_GAP_PX}px` }}>
        {ROUTE_BUTTONS.map((b) => (
          <Button key={b} size="small" variant={modeOf(b) === mode ? 'contained' : 'text'} onClick={() => onPress(b)} sx={touchTarget}>
            {b}
          </Button>
        ))}
      </Stack>
    </Paper>
  );
}

interface SnackbarProps {
  state: RouteScreenState;
  onHideMessage: () => void;
  onUndo: () => void;
  onDismissUndo: () => void;
}

/**
 * The message snackbar (2.5 s) and the undo snackbar (4 s, Undo and Ok; spec part 2 §4). The undo
 * snackbar of Clear keeps its test id `clear-snackbar`; the others (a removal, a deleted saved route)
 * are `undo-snackbar`.
 */
export function RouteSnackbars({ state, onHideMessage, onUndo, onDismissUndo }: SnackbarProps) {
  const { message, undo } = state;
  return (
    <>
      <Snackbar
        key={`message-${message?.id ?? 0}`}
        open={message !== null}
        autoHideDuration={MESSAGE_SNACKBAR_MS}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') onHideMessage();
        }}
        message={message?.text}
        slotProps={{ content: { 'data-testid': 'message-snackbar' } as object }}
      />
      <Snackbar
        key={`undo-${undo?.id ?? 0}`}
        open={undo !== null}
        autoHideDuration={CLEAR_SNACKBAR_MS}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') onDismissUndo();
        }}
        message={undo?.text}
        slotProps={{ content: { 'data-testid': undo?.source === 'edit' ? 'undo-snackbar' : 'clear-snackbar' } as object }}
        action={
          <Stack direction="row" sx={{ gap: `${DESTRUCTIVE_GAP_PX}px` }}>
            <Button color="secondary" size="small" onClick={onUndo} sx={touchTarget}>
              Undo
            </Button>
            <Button color="inherit" size="small" onClick={onDismissUndo} sx={touchTarget}>
              Ok
            </Button>
          </Stack>
        }
      />
    </>
  );
}

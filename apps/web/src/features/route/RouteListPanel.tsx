import { Box, Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { RECENT_EMPTY_TEXT, SAVED_EMPTY_TEXT, type RouteListEntry } from './routeLists';
import { DESTRUCTIVE_GAP_PX, touchTarget } from './touch';

interface Props {
  kind: 'recent' | 'saved';
  /** null while loading. */
  entries: RouteListEntry[] | null;
  onLoad: (code: string) => void;
  onModify: (code: string) => void;
  /** Recent list: Save. */
  onSave?: (code: string) => void;
  /** Saved list: Delete. */
  onDelete?: (code: string) => void;
}

/**
 * Recent Routes (Load, Modify, Save) and Saved Routes (Load, Modify, Delete) of spec part 2 §2, with
 * the empty-list texts of §8.
 */
export function RouteListPanel({ kind, entries, onLoad, onModify, onSave, onDelete }: Props) {
  const title = kind === 'recent' ? 'Recent Routes' : 'Saved Routes';
  return (
    <Box data-testid={`${kind}-routes`}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {entries === null ? null : entries.length === 0 ? (
        <Typography data-testid="route-list-empty" color="text.secondary">
          {kind === 'recent' ? RECENT_EMPTY_TEXT : SAVED_EMPTY_TEXT}
        </Typography>
      ) : (
        <List dense>
          {entries.map((entry) => (
            <ListItem key={entry.code} data-testid="route-list-item" divider>
              <ListItemText primary={entry.code} sx={{ wordBreak: 'break-word' }} />
              <Stack direction="row" sx={{ gap: `${DESTRUCTIVE_GAP_PX}px` }}>
                <Button size="small" onClick={() => onLoad(entry.code)} sx={touchTarget}>
                  Load
                </Button>
                <Button size="small" onClick={() => onModify(entry.code)} sx={touchTarget}>
                  Modify
                </Button>
                {kind === 'recent' ? (
                  <Button size="small" onClick={() => onSave?.(entry.code)} sx={touchTarget}>
                    Save
                  </Button>
                ) : (
                  <Button size="small" color="error" onClick={() => onDelete?.(entry.code)} sx={touchTarget}>
                    Delete
                  </Button>
                )}
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

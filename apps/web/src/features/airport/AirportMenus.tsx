import { useState, type ReactNode } from 'react';
import { Button, ListItemText, Menu, MenuItem, Typography } from '@mui/material';

/** Spec part 2 §2: toolbar menus are 20em wide and 18em high. */
export const MENU_PAPER_SX = { width: '20em', maxHeight: '18em', height: '18em' } as const;

export interface MenuEntry {
  code: string;
  name?: string;
}

export interface ToolbarMenuProps {
  /** Button text ('Favorite airports', 'Recent airports', 'A'). */
  label: string;
  /** Accessible name of the button and menu. */
  title: string;
  testId: string;
  /** Called when the menu opens; loads its entries. */
  load: () => Promise<MenuEntry[]>;
  empty: ReactNode;
  onChoose: (code: string) => void;
}

/** One toolbar menu listing airports; choosing one calls onChoose. */
export function ToolbarMenu({ label, title, testId, load, empty, onChoose }: ToolbarMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [entries, setEntries] = useState<MenuEntry[] | null>(null);
  const open = (el: HTMLElement) => {
    setAnchor(el);
    setEntries(null);
    load().then(setEntries, () => setEntries([]));
  };
  const close = () => setAnchor(null);
  return (
    <>
      <Button size="small" aria-label={title} data-testid={`${testId}-button`} onClick={(e) => open(e.currentTarget)} aria-haspopup="menu">
        {label}
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ paper: { sx: MENU_PAPER_SX, 'data-testid': testId } as object, list: { 'aria-label': title } }}
      >
        <Typography variant="subtitle2" sx={{ px: 2, py: 0.5 }}>
          {title}
        </Typography>
        {entries === null ? (
          <MenuItem disabled>Loading...</MenuItem>
        ) : entries.length === 0 ? (
          <MenuItem disabled sx={{ whiteSpace: 'normal' }}>
            {empty}
          </MenuItem>
        ) : (
          entries.map((entry) => (
            <MenuItem
              key={entry.code}
              onClick={() => {
                close();
                onChoose(entry.code);
              }}
            >
              <ListItemText primary={entry.code} secondary={entry.name} />
            </MenuItem>
          ))
        )}
      </Menu>
    </>
  );
}

import { useCallback, useState, type KeyboardEvent } from 'react';

export interface ComboboxOptions<T> {
  /** The rows on show (the listbox's options, in order). */
  options: readonly T[];
  /** Rows the arrow keys stop on and Enter picks (error and warning rows are skipped). */
  isSelectable: (option: T) => boolean;
  /** Enter: the active row, or undefined when none is active (the typed text is submitted). */
  onEnter: (option: T | undefined) => void;
}

export interface Combobox {
  /** The listbox is open (it shows only when there are rows, see `expanded`). */
  open: boolean;
  /** The active row's index, -1 for none. */
  active: number;
  /** Open and with rows: aria-expanded, and whether the listbox is drawn. */
  expanded: boolean;
  show(): void;
  close(): void;
  /** New rows: shown, none active. */
  reset(): void;
  setActive(index: number): void;
  onKeyDown(event: Pick<KeyboardEvent, 'key' | 'preventDefault'>): void;
}

/** The index of the next selectable row `delta` (1 or -1) away from `from` (-1: none active), wrapping; `from` when none is. */
export function nextSelectable<T>(options: readonly T[], isSelectable: (option: T) => boolean, from: number, delta: number): number {
  // From no active row, down starts at the first row and up at the last.
  let next = from < 0 && delta < 0 ? options.length : from;
  for (let i = 0; i < options.length; i++) {
    next = (next + delta + options.length) % options.length;
    const option = options[next];
    if (option !== undefined && isSelectable(option)) return next;
  }
  return from;
}

/**
 * The keyboard side of a combobox with a listbox (WAI-ARIA combobox pattern): ArrowDown and ArrowUp
 * open the list and move the active row over selectable rows (wrapping), Enter picks the active row
 * (or submits the text when none is active), Escape closes. The caller draws the rows and the input.
 */
export function useCombobox<T>({ options, isSelectable, onEnter }: ComboboxOptions<T>): Combobox {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);
  const show = useCallback(() => setOpen(true), []);
  const reset = useCallback(() => {
    setOpen(true);
    setActive(-1);
  }, []);

  const move = (delta: number) => {
    if (!options.length) return;
    setOpen(true);
    setActive((current) => nextSelectable(options, isSelectable, current, delta));
  };

  const onKeyDown = (event: Pick<KeyboardEvent, 'key' | 'preventDefault'>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onEnter(active >= 0 ? options[active] : undefined);
    } else if (event.key === 'Escape') {
      close();
    }
  };

  return { open, active, expanded: open && options.length > 0, show, close, reset, setActive, onKeyDown };
}

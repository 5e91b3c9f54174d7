import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, GlobalStyles, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { AircraftProfile, Route } from '@clearway/flightplan';
import type { DisplayUnits } from '../navlogFormat';
import { touchTarget } from '../touch';
import { frequencyText, kneeboard, KNEEBOARD_COLUMNS } from './kneeboard';

/** An airport's radio frequencies, null when unknown (the routing worker's `airport`). */
export type AirportFrequencies = (code: string) => Promise<{ type: string; frequencyKhz: number }[] | null>;

export type KneeboardPaper = 'letter' | 'A5';
/** Id of the style element that sets the printed page's size. */
export const PAGE_STYLE_ID = 'kneeboard-page-size';

/**
 * Prints the kneeboard on `paper`: the page size goes into a style element (`@page`) the print
 * stylesheet reads, then the browser's print dialog (Save as PDF gives the PDF).
 */
export function printKneeboard(paper: KneeboardPaper, print: () => void = () => window.print()): void {
  let style = document.getElementById(PAGE_STYLE_ID);
  if (!style) {
    style = document.createElement('style');
    style.id = PAGE_STYLE_ID;
    document.head.appendChild(style);
  }
  style.textContent = `@page { size: ${paper === 'A5' ? 'A5' : 'letter'} portrait; margin: ${paper === 'A5' ? '8mm' : '12mm'}; }`;
  print();
}

/** Printing: only the kneeboard, black on white, no buttons; the table fits the page. */
const PRINT_STYLES = {
  '@media print': {
    'body > *:not(.kneeboard-dialog)': { display: 'none !important' },
    '.kneeboard-dialog .MuiBackdrop-root, .kneeboard-noprint': { display: 'none !important' },
    '.kneeboard-dialog, .kneeboard-dialog .MuiDialog-container, .kneeboard-dialog .MuiPaper-root, .kneeboard-dialog .MuiDialogContent-root': {
      position: 'static !important',
      overflow: 'visible !important',
      height: 'auto !important',
      maxHeight: 'none !important',
      boxShadow: 'none !important',
      background: '#fff !important',
      color: '#000 !important',
    },
    '.kneeboard-sheet, .kneeboard-sheet *': { color: '#000 !important', background: '#fff !important' },
    '.kneeboard-sheet th, .kneeboard-sheet td': { border: '0.5pt solid #000 !important', padding: '1.5pt 2pt !important', fontSize: '8pt !important' },
  },
} as const;

interface Props {
  open: boolean;
  onClose: () => void;
  route: Route;
  profile: AircraftProfile;
  units: DisplayUnits;
  frequencies?: AirportFrequencies;
  /** The browser's print (tests replace it). */
  print?: () => void;
}

function useFrequencies(codes: string[], lookup: AirportFrequencies | undefined, open: boolean): Record<string, string[]> {
  const [found, setFound] = useState<Record<string, string[]>>({});
  const key = codes.join(' ');
  useEffect(() => {
    if (!open || !lookup) return;
    let live = true;
    void Promise.all(
      key.split(' ').map(async (code) => {
        const list = await lookup(code).catch(() => null);
        return [code, (list ?? []).map(frequencyText)] as const;
      }),
    ).then((pairs) => {
      if (live) setFound(Object.fromEntries(pairs));
    });
    return () => {
      live = false;
    };
  }, [key, lookup, open]);
  return found;
}

/**
 * The full navlog and printable kneeboard (issue 24): every checkpoint of the expanded route with
 * TOC and TOD, altitude, true and magnetic course, wind, TAS, WCA, magnetic heading, GS, distance,
 * ETE, ETA, fuel used and remaining, blanks for ATA and the actual fuel; the departure's and
 * destination's frequencies above. Print (letter or A5) through the browser's print dialog.
 */
export function KneeboardDialog({ open, onClose, route, profile, units, frequencies, print }: Props) {
  const board = useMemo(() => kneeboard(route, profile, units), [route, profile, units]);
  const freqs = useFrequencies([board.departure, board.destination], frequencies, open);
  // The dialog is drawn over the whole window (a portal, outside the page area's container): the
  // window's width decides its padding (platform/pageAreaTheme.tsx).
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog open={open} onClose={onClose} fullScreen className="kneeboard-dialog" aria-labelledby="kneeboard-title">
      <GlobalStyles styles={PRINT_STYLES} />
      <DialogTitle id="kneeboard-title" sx={{ pb: 0.5 }}>
        Navlog {board.departure} – {board.destination}
      </DialogTitle>
      <DialogContent className="kneeboard-sheet" sx={{ px: phone ? 1 : 3 }}>
        <Typography variant="body2" data-testid="kneeboard-header">
          {`ETD ${board.etd} · ${board.totals.dist} ${units.distance_unit} · ETE ${board.totals.ete} · Fuel ${board.totals.fuel} ${units.fuel_unit}, ${board.totals.fuelRem} ${units.fuel_unit} left · ${profile.tail}`}
        </Typography>
        {[board.departure, board.destination].map((code, i) => (
          <Typography key={`${i}:${code}`} variant="body2" data-testid="kneeboard-frequencies" sx={{ mb: 0.5 }}>
            <strong>{code}</strong> {(freqs[code] ?? []).length > 0 ? freqs[code]!.join(' · ') : 'frequencies not known'}
          </Typography>
        ))}
        {/* The table scrolls inside itself on a phone; the page does not. */}
        <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
          <Table size="small" aria-label="Full navlog" data-testid="kneeboard-table" sx={{ '& td, & th': { px: 0.75, py: 0.5, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }, '& td, & th:not(:first-of-type)': { textAlign: 'right' } }}>
            <TableHead>
              <TableRow>
                {KNEEBOARD_COLUMNS.map(([key, label, title]) => (
                  <TableCell key={key} component="th" title={title}>
                    {label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {board.rows.map((row, i) => (
                <TableRow key={`${i}:${row.fix}`} data-testid="kneeboard-row" data-kind={row.kind} sx={row.kind === 'leg' ? undefined : { '& td': { fontStyle: 'italic' } }}>
                  {KNEEBOARD_COLUMNS.map(([key]) => (
                    <TableCell key={key} data-col={key} sx={key === 'fix' ? { textAlign: 'left !important', fontWeight: 600 } : key === 'ata' || key === 'fuelAct' ? { minWidth: 48 } : undefined}>
                      {key === 'ata' || key === 'fuelAct' ? '' : row[key]}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Typography variant="caption" color="text.secondary">
          {`Dist ${units.distance_unit}, speeds ${units.speed_unit}, fuel ${units.fuel_unit}, altitudes ${units.alt_unit}; times UTC. WCA right positive.`}
        </Typography>
      </DialogContent>
      <DialogActions className="kneeboard-noprint" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => printKneeboard('letter', print)} sx={touchTarget}>
          Print letter
        </Button>
        <Button onClick={() => printKneeboard('A5', print)} sx={touchTarget}>
          Print A5
        </Button>
        <Button variant="contained" onClick={onClose} sx={touchTarget}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The Full navlog button of the route screen and its dialog. */
export function KneeboardButton({ route, profile, units, frequencies }: Omit<Props, 'open' | 'onClose' | 'print'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)} sx={touchTarget} disabled={route.all_legs.length === 0}>
        Full navlog
      </Button>
      {open ? <KneeboardDialog open onClose={() => setOpen(false)} route={route} profile={profile} units={units} frequencies={frequencies} /> : null}
    </>
  );
}

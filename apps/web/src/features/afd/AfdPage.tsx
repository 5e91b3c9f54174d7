import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useServices } from '../../platform/services';
import { pagePath } from '../../platform/pages';
import { serverFetch } from '../../platform/serverFetch';
import { useStoredAirportId } from '../../platform/storedAirport';
import { useAppSelector } from '../../store/hooks';
import { PdfPages } from '../plates/components';
import { fetchFaaSupplement, FAA_SUPPLEMENT_SOURCE_TEXT, type FaaSupplement } from './faaSupplement';
import { buildSupplement, type Supplement } from './supplement';

const TOUCH = { minHeight: 44, minWidth: 44 } as const;

type Shown = { code: string; kind: 'loaded'; supplement: Supplement } | { code: string; kind: 'notFound' };

/** `?id=` of the address, else the airport the airport page showed last (prefs `airport_id`). */
function useAirportCode(): string | null {
  const [params] = useSearchParams();
  const queryId = params.get('id')?.trim().toUpperCase() || null;
  const storedId = useStoredAirportId(queryId !== null);
  return queryId ?? storedId;
}

export interface AfdPageProps {
  /** The server's fetch (tests pass their own). */
  fetchFn?: typeof fetch;
  /** The PDF renderer of the FAA pages (default pdf.js; tests pass their own). */
  loadRenderer?: Parameters<typeof PdfPages>[0]['loadRenderer'];
}

/**
 * The chart supplement page (/app/show_afd; issue 21): the airport's FAA Chart Supplement pages when
 * the server has the d-CS (SUPPLEMENT_SOURCE, faaSupplement.ts), drawn with the plate renderer;
 * otherwise Clearway's own supplement entry generated from the nav database on the device
 * (supplement.ts), in the Chart Supplement's order. The page says where its text came from.
 */
export function AfdPage({ fetchFn = serverFetch, loadRenderer }: AfdPageProps = {}) {
  const { routing } = useServices();
  const navigate = useNavigate();
  const code = useAirportCode();
  const dbStatus = useAppSelector((s) => s.navData.status);
  const [shown, setShown] = useState<Shown | null>(null);
  const [faa, setFaa] = useState<{ code: string; value: FaaSupplement | null } | null>(null);
  const [typed, setTyped] = useState('');

  useEffect(() => {
    if (!code) return undefined;
    const controller = new AbortController();
    fetchFaaSupplement(code, fetchFn, controller.signal).then((value) => !controller.signal.aborted && setFaa({ code, value }));
    return () => controller.abort();
  }, [code, fetchFn]);

  useEffect(() => {
    if (!code || !routing) return undefined;
    const controller = new AbortController();
    const { signal } = controller;
    (async () => {
      const summary = await routing.call('airportSummary', { code }, { signal });
      if ('error' in summary) {
        if (!signal.aborted) setShown({ code, kind: 'notFound' });
        return;
      }
      const airport = await routing.call('airport', { code }, { signal }).catch(() => null);
      if (!signal.aborted) setShown({ code, kind: 'loaded', supplement: buildSupplement(summary, airport) });
    })().catch(() => {
      // The nav database is not loaded yet (or the call was cancelled): stay loading until it is.
    });
    return () => controller.abort();
  }, [code, routing, dbStatus]);

  const current = shown !== null && shown.code === code ? shown : null;
  const faaShown = faa !== null && faa.code === code ? faa.value : null;
  const open = (next: string) => navigate(`${pagePath('show_afd')}?id=${encodeURIComponent(next)}`, { replace: true });

  return (
    <Box data-testid="page-show_afd" sx={{ p: 2, overflow: 'auto', height: '100%', boxSizing: 'border-box' }}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h1" sx={{ mr: 1 }}>
          Airport Facility Directory
        </Typography>
        <Box
          component="form"
          sx={{ display: 'flex', gap: 0.5 }}
          onSubmit={(event) => {
            event.preventDefault();
            if (typed.trim()) open(typed.trim().toUpperCase());
          }}
        >
          <TextField size="small" label="Airport" value={typed} onChange={(event) => setTyped(event.target.value)} slotProps={{ htmlInput: { 'data-testid': 'afd-airport-input', style: { minHeight: 28 } } }} sx={{ width: 110 }} />
          <Button type="submit" size="small" variant="outlined" sx={TOUCH}>
            Show
          </Button>
        </Box>
        {code && (
          <>
            <Button size="small" sx={TOUCH} data-testid="afd-airport-link" onClick={() => navigate(`${pagePath('airport')}?id=${encodeURIComponent(code)}`)}>
              Airport page
            </Button>
            <Button size="small" sx={TOUCH} data-testid="afd-plates-link" onClick={() => navigate(`${pagePath('PlateView')}?airport=${encodeURIComponent(code)}`)}>
              Plates
            </Button>
          </>
        )}
      </Stack>
      {!code && <Typography data-testid="afd-empty">Choose an airport to see its chart supplement entry.</Typography>}
      {faaShown !== null ? (
        <Paper variant="outlined" data-testid="afd-faa" sx={{ p: { xs: 1, sm: 2 }, maxWidth: 900 }}>
          <Typography variant="h5" component="h2" data-testid="afd-name" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
            {faaShown.name} ({faaShown.airport})
          </Typography>
          <PdfPages urls={faaShown.pages.map((page) => page.url)} label={`${faaShown.name} chart supplement`} fetchFn={fetchFn} {...(loadRenderer ? { loadRenderer } : {})} />
          <Alert severity="info" data-testid="afd-source" sx={{ mt: 2 }}>
            {FAA_SUPPLEMENT_SOURCE_TEXT}
          </Alert>
        </Paper>
      ) : null}
      {code && faaShown === null && current === null && <Typography data-testid="afd-loading">Loading the supplement entry...</Typography>}
      {faaShown === null && current?.kind === 'notFound' && <Typography data-testid="afd-not-found">Airport not found: {current.code}</Typography>}
      {faaShown === null && current?.kind === 'loaded' && <SupplementView supplement={current.supplement} />}
    </Box>
  );
}

/** The entry as the supplement sets it: place and name lines, then each section with its lines. */
export function SupplementView({ supplement }: { supplement: Supplement }) {
  return (
    <Paper variant="outlined" data-testid="afd-entry" sx={{ p: 2, maxWidth: 900 }}>
      <Typography variant="overline" component="p" data-testid="afd-heading">
        {supplement.heading}
      </Typography>
      <Typography variant="h5" component="h2" data-testid="afd-name" sx={{ overflowWrap: 'anywhere' }}>
        {supplement.name}
      </Typography>
      <Stack spacing={1.5} sx={{ mt: 1.5 }}>
        {supplement.sections.map((section) => (
          <Box key={section.title} component="section" data-testid={`afd-section-${section.title}`}>
            <Typography variant="subtitle2" component="h3" sx={{ textTransform: 'uppercase', color: 'text.secondary' }}>
              {section.title}
            </Typography>
            {section.lines.map((line, i) => (
              <Typography key={i} sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {line}
              </Typography>
            ))}
          </Box>
        ))}
      </Stack>
      <Alert severity="info" data-testid="afd-source" sx={{ mt: 2 }}>
        {supplement.source}
      </Alert>
    </Paper>
  );
}

export default AfdPage;

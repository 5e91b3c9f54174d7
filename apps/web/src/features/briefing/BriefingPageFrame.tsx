// The frame both briefing pages share: title, a form, and the state (not asked, running, error, shown).
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { BriefingView } from './BriefingView';
import type { BriefingOutcome } from './runBriefing';

export type BriefingPageState = { state: 'not_run' } | { state: 'running' } | { state: 'done'; outcome: BriefingOutcome };

export const HIT = { minHeight: 44, minWidth: 44 } as const;

export function BriefingPageFrame({ name, title, intro, form, state, idle }: { name: string; title: string; intro: ReactNode; form: ReactNode; state: BriefingPageState; idle: string }) {
  return (
    <Box data-testid={`page-${name}`} data-state={state.state === 'done' ? (state.outcome.ok ? 'completed' : 'error') : state.state} sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 960, display: 'grid', rowGap: 2, minWidth: 0 }}>
      <Box className="briefing-noprint">
        <Typography component="h1" variant="h5">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {intro}
        </Typography>
      </Box>
      <Box className="briefing-noprint">{form}</Box>
      {state.state === 'not_run' && (
        <Typography color="text.secondary" className="briefing-noprint" data-testid="briefing-not-run">
          {idle}
        </Typography>
      )}
      {state.state === 'running' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }} role="status" data-testid="briefing-running">
          <CircularProgress size={24} aria-hidden />
          <Typography>Assembling the briefing…</Typography>
        </Box>
      )}
      {state.state === 'done' && !state.outcome.ok && (
        <Alert severity="error" data-testid="briefing-error">
          {state.outcome.error}
        </Alert>
      )}
      {state.state === 'done' && state.outcome.ok && <BriefingView briefing={state.outcome.briefing} elapsedMs={state.outcome.elapsedMs} unreadable={state.outcome.unreadable} />}
    </Box>
  );
}

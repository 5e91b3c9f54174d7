// `/app/afss_flight_plan` (issue 22, spec part 1 §2 Flight Service: Flight Plans): the FAA ICAO flight
// plan form pre-filled from the current route and aircraft profile, checked box by box with the FAA's
// wording (@clearway/flightplan fpl/), the ICAO FPL message it makes, and the plans saved in the
// synced `flight_plans` table, filed, amended, cancelled, activated and closed through the server's
// flight-service provider (the built-in test provider is labelled as such).
import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { buildFplMessage, canFile, DEFAULT_PROFILE, validateFpl, type FplField, type FplForm, type FplIssue } from '@clearway/flightplan';
import { canDoFlightPlanAction, type FlightPlanAction, type FlightPlanState, type FlightServiceProviderInfo } from '@clearway/protocol';
import { PrefsDb } from '../../db/prefs';
import { useServices } from '../../platform/services';
import { useSyncedTableVersion } from '../../platform/syncedTables';
import { useAppSelector } from '../../store/hooks';
import { colorName, etdMs } from '../profile';
import { newPlanFromRoute, runPlanAction, saveForm, type FlightPlanDeps } from './actions';
import { fetchProvider, FlightPlanFormError } from './api';
import { FplFormFields } from './FplFormFields';
import { listPlans, removePlan, type FlightPlanRecord } from './plans';

export const FLIGHT_PLAN_TITLE = 'Flight Plans';
const STATE_LABELS: Record<FlightPlanState, string> = { draft: 'Draft', filed: 'Filed', active: 'Active', closed: 'Closed', cancelled: 'Cancelled' };
const STATE_COLORS: Record<FlightPlanState, 'default' | 'info' | 'success' | 'warning'> = { draft: 'default', filed: 'info', active: 'success', closed: 'default', cancelled: 'warning' };
const ACTION_LABELS: Record<FlightPlanAction, string> = { file: 'File', amend: 'Amend', activate: 'Activate', close: 'Close', cancel: 'Cancel plan' };
/** The order of the buttons; Cancel plan (destructive) sits apart at the end. */
const ACTIONS: readonly FlightPlanAction[] = ['file', 'amend', 'activate', 'close', 'cancel'];
const HIT = { minHeight: 44, minWidth: 44 };

function StateChip({ plan, testId }: { plan: FlightPlanRecord; testId: string }) {
  const label = plan.state === 'filed' && plan.version > 1 ? `${STATE_LABELS.filed} (amended ${plan.version - 1}×)` : STATE_LABELS[plan.state];
  return <Chip size="small" label={label} color={STATE_COLORS[plan.state]} data-testid={testId} />;
}

export function FlightPlanPage() {
  const { prefs } = useServices();
  const db = prefs instanceof PrefsDb ? prefs : null;
  const route = useAppSelector((s) => s.route.current);
  const profile = useAppSelector((s) => s.profile.current) ?? DEFAULT_PROFILE;
  const syncedVersion = useSyncedTableVersion('flight_plans');
  const [plans, setPlans] = useState<FlightPlanRecord[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [form, setForm] = useState<FplForm | null>(null);
  const [provider, setProvider] = useState<FlightServiceProviderInfo | null>(null);
  const [providerError, setProviderError] = useState<string | null>(null);
  const [serverIssues, setServerIssues] = useState<FplIssue[]>([]);
  const [notice, setNotice] = useState<{ severity: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const deps = useMemo<FlightPlanDeps | null>(() => (db ? { db, now: Date.now } : null), [db]);

  const reload = useCallback(async () => {
    if (!db) return;
    setPlans(await listPlans(db));
  }, [db]);

  // Read again when another device's plans arrived (the sync bumps the table's version).
  useEffect(() => {
    if (!db) return undefined;
    let live = true;
    listPlans(db).then(
      (rows) => live && setPlans(rows),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [db, syncedVersion]);

  useEffect(() => {
    let live = true;
    fetchProvider().then(
      (info) => live && setProvider(info),
      (error: unknown) => live && setProviderError(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, []);

  const selected = plans.find((p) => p.flight_id === selectedId) ?? null;
  const issues = useMemo(() => (form ? validateFpl(form) : []), [form]);
  const built = useMemo(() => (form ? buildFplMessage(form) : null), [form]);
  const shownIssues = issues.length > 0 ? issues : serverIssues;

  function open(plan: FlightPlanRecord) {
    setSelectedId(plan.flight_id);
    setForm(plan.form);
    setServerIssues([]);
    setNotice(null);
  }

  async function createFromRoute() {
    if (!deps) return;
    const departure = route?.etd_ms ?? etdMs(profile) ?? Date.now();
    const colour = [profile.primary_color, profile.secondary_color].filter(Boolean).map((c) => colorName(c).toUpperCase()).join(' ');
    const plan = await newPlanFromRoute(deps, route, profile, departure, colour, plans);
    await reload();
    open(plan);
  }

  function change(field: FplField, value: string) {
    setForm((f) => (f ? { ...f, [field]: value } : f));
    setServerIssues([]);
  }

  async function save() {
    if (!deps || !selected || !form) return;
    await saveForm(deps, selected, form);
    await reload();
    setNotice({ severity: 'success', text: 'Saved on this device.' });
  }

  async function act(action: FlightPlanAction) {
    if (!deps || !selected || !form) return;
    setBusy(true);
    setNotice(null);
    try {
      const after = await runPlanAction(deps, selected, action, form);
      setNotice(after.refusal ? { severity: 'error', text: `Refused by ${provider?.test_mode ? 'the test provider' : 'flight service'}: ${after.refusal}. The plan is kept as it was.` } : { severity: 'success', text: `Plan ${STATE_LABELS[after.state].toLowerCase()}.` });
      setForm(after.form);
    } catch (error) {
      if (error instanceof FlightPlanFormError) setServerIssues(error.fields);
      setNotice({ severity: 'error', text: error instanceof FlightPlanFormError ? 'Flight service refused the form: see the boxes marked in red.' : `Not done: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      setBusy(false);
      await reload();
    }
  }

  async function remove() {
    if (!deps || !selected) return;
    await removePlan(deps.db, selected.flight_id, deps.now());
    setSelectedId(null);
    setForm(null);
    await reload();
  }

  const enabled = (action: FlightPlanAction) =>
    !!selected && !!form && !busy && canDoFlightPlanAction(action, selected.state) && (action === 'file' || action === 'amend' ? canFile(issues) : true);

  return (
    <Box data-testid="page-afss_flight_plan" sx={{ p: { xs: 1.5, sm: 2 }, overflow: 'auto', height: '100%', boxSizing: 'border-box', maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {FLIGHT_PLAN_TITLE}
      </Typography>
      {provider?.test_mode && (
        <Alert severity="warning" data-testid="fs-test-provider" sx={{ mb: 1 }}>
          {provider.label}
        </Alert>
      )}
      {providerError && (
        <Alert severity="info" sx={{ mb: 1 }}>
          Flight service cannot be reached ({providerError}); plans are kept on this device and can be filed when it can.
        </Alert>
      )}
      <Box data-testid="fs-columns" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '280px 1fr' } }}>
        <Box>
          <Button variant="contained" fullWidth sx={HIT} onClick={() => void createFromRoute()} disabled={!db}>
            New plan from route
          </Button>
          {!route && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              No route is planned: the route boxes stay empty.
            </Typography>
          )}
          <List dense aria-label="Flight plans">
            {plans.map((plan) => (
              <ListItemButton key={plan.flight_id} selected={plan.flight_id === selectedId} onClick={() => open(plan)} sx={HIT} data-testid={`plan-${plan.flight_id}`}>
                <ListItemText primary={`${plan.form.aircraftId || '—'} ${plan.form.departure || '?'} → ${plan.form.destination || '?'}`} secondary={plan.form.departureTime ? `${plan.form.departureTime}Z` : undefined} />
                <StateChip plan={plan} testId={`plan-state-${plan.flight_id}`} />
              </ListItemButton>
            ))}
          </List>
          {plans.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              No flight plans yet.
            </Typography>
          )}
        </Box>
        {selected && form ? (
          <Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
              <Typography variant="h6" component="h2">
                {form.aircraftId || 'Flight plan'}
              </Typography>
              <StateChip plan={selected} testId="selected-plan-state" />
              {selected.reference && <Typography variant="body2">Reference {selected.reference}</Typography>}
            </Box>
            {selected.refusal && !notice && (
              <Alert severity="error" sx={{ mb: 1 }} data-testid="plan-refusal">
                Last refusal: {selected.refusal}
              </Alert>
            )}
            {notice && (
              <Alert severity={notice.severity} sx={{ mb: 1 }} data-testid="plan-notice">
                {notice.text}
              </Alert>
            )}
            <FplFormFields form={form} issues={shownIssues} disabled={busy || selected.state === 'closed' || selected.state === 'cancelled' || selected.state === 'active'} onChange={change} />
            <Typography variant="subtitle2" component="h3">
              ICAO FPL message
            </Typography>
            <Box component="pre" data-testid="fpl-message" sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap', wordBreak: 'break-all', p: 1, bgcolor: 'action.hover', borderRadius: 1, mt: 0.5 }}>
              {built?.message}
              {'\n'}
              {built?.supplementary}
            </Box>
            {selected.filed_message && selected.filed_message !== built?.message && (
              <Typography variant="body2" color="text.secondary">
                The message filed (version {selected.version}) differs: Amend sends this one.
              </Typography>
            )}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
              <Button variant="outlined" sx={HIT} onClick={() => void save()} disabled={busy}>
                Save
              </Button>
              {ACTIONS.map((action) => (
                <Button key={action} variant={action === 'cancel' ? 'outlined' : 'contained'} color={action === 'cancel' ? 'error' : 'primary'} sx={{ ...HIT, ...(action === 'cancel' ? { ml: { sm: 'auto' } } : {}) }} disabled={!enabled(action)} onClick={() => void act(action)}>
                  {ACTION_LABELS[action]}
                </Button>
              ))}
              {(selected.state === 'draft' || selected.state === 'closed' || selected.state === 'cancelled') && (
                <Button variant="text" color="error" sx={HIT} onClick={() => void remove()} disabled={busy}>
                  Remove from list
                </Button>
              )}
            </Box>
          </Box>
        ) : (
          <Typography color="text.secondary">Choose a plan, or make a new one from the route.</Typography>
        )}
      </Box>
    </Box>
  );
}

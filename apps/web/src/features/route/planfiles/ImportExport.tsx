import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Menu, MenuItem, Typography } from '@mui/material';
import type { Route } from '@clearway/flightplan';
import { FORMAT_FILES, type PlanFormat } from '@clearway/planfiles';
import { useAppSelector, useAppStore } from '../../../store/hooks';
import { whenSettled } from '../../../platform/readiness';
import { ROUTING_READY_WAIT_MS } from '../../../worker/facade';
import { loadRoute } from '../actions';
import { touchTarget } from '../touch';
import type { RouteScreenHandle } from '../useRouteScreen';
import { useSearchParams } from 'react-router';
import { sharedPlanProblem, takeSharedPlan } from './sharedPlan';
import { EXPORT_FORMATS, exportRoute, importPlanFile, IMPORT_ACCEPT, sendRouteToXPlaneFolder, xplaneFolderConfigured, type ImportResult, type ResolvePlanFile } from './planFileActions';

interface Props {
  /** The route on screen (exported); null when there is none. */
  route: Route | null;
  /** Matches a plan to the nav database (the routing worker); absent before the engine is ready. */
  resolve: ResolvePlanFile | undefined;
  /** Loads a route string as the current route; false when it could not be built. */
  load: (code: string) => Promise<boolean>;
  /** The loaded nav data cycle, written in X-Plane files. */
  cycle: string | undefined;
}

type Report = { severity: 'success' | 'warning' | 'error'; title: string; result?: ImportResult; error?: string; message?: string };

/** Offer a text as a file download. */
function download(name: string, mime: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Flight plan files in and out (issue 24): Import (file picker, or a file dropped anywhere on the route
 * screen) reads X-Plane, Garmin, MSFS/FSX, Little Navmap, FlightGear, GPX and ICAO route files,
 * recognised by content, and says what it could not map; Export downloads the route in each format.
 */
export function PlanFileImportExport({ route, resolve, load, cycle }: Props) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The server writes plans into X-Plane's folder (XPLANE_FMS_DIR): asked once when the screen opens. */
  const [xplaneFolder, setXplaneFolder] = useState(false);
  useEffect(() => {
    let live = true;
    void xplaneFolderConfigured().then((configured) => {
      if (live) setXplaneFolder(configured);
    });
    return () => {
      live = false;
    };
  }, []);

  const importFile = useCallback(
    async (file: File) => {
      if (!resolve) {
        setReport({ severity: 'error', title: 'Import failed', error: 'The nav data is not loaded yet.' });
        return;
      }
      setBusy(true);
      try {
        const result = await importPlanFile(await file.text(), file.name, resolve);
        const loaded = await load(result.code);
        if (!loaded) setReport({ severity: 'error', title: 'Import failed', error: `${file.name}: the route "${result.code}" could not be built.` });
        else setReport({ severity: result.messages.length > 0 ? 'warning' : 'success', title: 'Plan imported', result });
      } catch (error) {
        setReport({ severity: 'error', title: 'Import failed', error: error instanceof Error ? error.message : String(error) });
      } finally {
        setBusy(false);
      }
    },
    [resolve, load],
  );

  // A file shared to the installed app (share target): the service worker kept it; import it once.
  const [search, setSearch] = useSearchParams();
  const shared = search.get('shared');
  /** The share being handled (effects may run twice in development; the file is taken once). */
  const sharing = useRef(false);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (shared === null || sharing.current) return;
    sharing.current = true;
    setSearch((params) => {
      params.delete('shared');
      return params;
    }, { replace: true });
    const problem = sharedPlanProblem(shared);
    const fail = (error: string) => setReport({ severity: 'error', title: 'Import failed', error });
    (problem !== null ? Promise.resolve(problem) : takeSharedPlan())
      .then(
        (file) => (typeof file === 'string' ? fail(file) : file ? importFile(file) : fail('The shared file was not found (it may have been imported already).')),
        (error: unknown) => fail(`The shared file could not be read: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        sharing.current = false;
      });
  }, [shared, setSearch, importFile]);

  // A file dropped anywhere on the route screen is imported.
  useEffect(() => {
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (e.relatedTarget === null) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDragging(false);
      const file = e.dataTransfer?.files[0];
      if (file) void importFile(file);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [importFile]);

  const exportAs = (format: PlanFormat) => {
    setMenu(null);
    if (!route) return;
    try {
      const file = exportRoute(route, format, cycle);
      download(file.name, file.mime, file.text);
    } catch (error) {
      setReport({ severity: 'error', title: 'Export failed', error: error instanceof Error ? error.message : String(error) });
    }
  };

  const sendToXPlane = async () => {
    setMenu(null);
    if (!route) return;
    setBusy(true);
    try {
      const answer = await sendRouteToXPlaneFolder(route, cycle);
      setReport(answer.ok ? { severity: 'success', title: 'Sent to X-Plane', message: answer.message } : { severity: 'error', title: 'Send to X-Plane failed', error: answer.message });
    } catch (error) {
      setReport({ severity: 'error', title: 'Send to X-Plane failed', error: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid="plan-files" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', outline: dragging ? 2 : 0, outlineStyle: 'dashed', outlineColor: 'primary.main', borderRadius: 1 }}>
      {/* A real button that opens the hidden file input (a <label role="button"> is not an allowed role, axe). */}
      <Button size="small" variant="outlined" disabled={busy} sx={touchTarget} onClick={() => fileInput.current?.click()}>
        Import plan
      </Button>
      <input
        ref={fileInput}
        data-testid="plan-import-input"
        type="file"
        accept={IMPORT_ACCEPT}
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void importFile(file);
        }}
      />
      <Button size="small" variant="outlined" disabled={!route} aria-haspopup="menu" data-testid="plan-export-button" onClick={(e) => setMenu(e.currentTarget)} sx={touchTarget}>
        Export plan
      </Button>
      {dragging ? <Typography variant="body2" color="primary">Drop a flight plan file to import it</Typography> : null}
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {EXPORT_FORMATS.map((f) => (
          <MenuItem key={f} data-testid={`plan-export-${f}`} onClick={() => exportAs(f)} sx={{ minHeight: 44 }}>
            {FORMAT_FILES[f].label}
          </MenuItem>
        ))}
        {xplaneFolder ? (
          <MenuItem data-testid="plan-export-xplane-folder" onClick={() => void sendToXPlane()} sx={{ minHeight: 44 }}>
            Send to X-Plane folder
          </MenuItem>
        ) : null}
      </Menu>
      <Dialog open={report !== null} onClose={() => setReport(null)} fullWidth maxWidth="sm">
        <DialogTitle>{report?.title}</DialogTitle>
        <DialogContent data-testid="plan-import-report">
          {report?.error ? <Alert severity="error">{report.error}</Alert> : null}
          {report?.message ? <Alert severity={report.severity}>{report.message}</Alert> : null}
          {report?.result ? (
            <>
              <Alert severity={report.severity}>{report.result.summary}</Alert>
              {report.result.messages.length > 0 ? (
                <Box component="ul" sx={{ pl: 2.5, mb: 0 }}>
                  {report.result.messages.map((m) => (
                    <li key={m}>
                      <Typography variant="body2">{m}</Typography>
                    </li>
                  ))}
                </Box>
              ) : null}
            </>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReport(null)} sx={touchTarget}>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** The route screen's import and export, wired to its actions and the routing worker. */
export function RoutePlanFiles({ handle, route }: { handle: RouteScreenHandle; route: Route | null }) {
  const { run, context } = handle;
  const cycle = useAppSelector((s) => s.navData.loaded?.cycle);
  const routing = context.routing;
  const store = useAppStore();
  // A file opened while the app is still starting waits for the nav database (settled: loaded, or
  // failed with its own message) instead of failing with the routing worker's 'not initialized'.
  const resolve = useMemo<ResolvePlanFile | undefined>(
    () => (routing ? async (plan) => {
      await whenSettled(store, 'navDb', ROUTING_READY_WAIT_MS);
      return routing.call('resolvePlanFile', { plan });
    } : undefined),
    [routing, store],
  );
  const load = useCallback((code: string) => run(loadRoute, { code, then: 'navlog' }), [run]);
  return <PlanFileImportExport route={route} resolve={resolve} load={load} cycle={cycle} />;
}

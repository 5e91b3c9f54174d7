import {
  FORMAT_FILES,
  formatLabel,
  planToRouteString,
  readPlan,
  routeToPlan,
  writePlan,
  type FlightPlanFile,
  type PlanFormat,
  type ResolveReport,
} from '@clearway/planfiles';
import type { Route } from '@clearway/flightplan';
import { SIM_FMS_FOLDER_PATH, type SimFmsFolderRequest, type SimFmsFolderResult, type SimFmsFolderStatus } from '@clearway/protocol';

/** The formats offered for export, in menu order. */
export const EXPORT_FORMATS: readonly PlanFormat[] = ['xplane-fms', 'garmin-fpl', 'garmin-gfp', 'msfs2020-pln', 'msfs2024-pln', 'fsx-pln', 'lnmpln', 'fgfp', 'gpx', 'icao-route'];

/** What the file picker accepts (the format is recognised from the content; these only narrow the picker). */
export const IMPORT_ACCEPT = '.fms,.fpl,.gfp,.pln,.lnmpln,.fgfp,.gpx,.txt,.xml';

/** The worker call that matches a plan to the nav database. */
export type ResolvePlanFile = (plan: FlightPlanFile) => Promise<ResolveReport>;

export interface ImportResult {
  /** The route string the route screen loads. */
  code: string;
  /** One line for the pilot: the file, its format and what came in. */
  summary: string;
  /** What could not be mapped or needs checking. */
  messages: string[];
}

/** Read a plan file, match it to the nav database and give the route string to load. Throws PlanFileError with the reason. */
export async function importPlanFile(text: string, fileName: string, resolve: ResolvePlanFile): Promise<ImportResult> {
  const { format, plan } = readPlan(text);
  const report = await resolve(plan);
  const code = planToRouteString(report.plan);
  if (code.trim() === '') throw new Error(`${fileName}: no point of the plan is in the nav database or has a position`);
  const counts = { mapped: 0, user: 0, unknown: 0, ambiguous: 0, dropped: 0 };
  for (const p of report.points) counts[p.status] += 1;
  const parts = [`${counts.mapped + counts.ambiguous} from the nav database`];
  if (counts.user > 0) parts.push(`${counts.user} user point${counts.user === 1 ? '' : 's'}`);
  if (counts.unknown > 0) parts.push(`${counts.unknown} not found, kept as lat/lon`);
  if (counts.dropped > 0) parts.push(`${counts.dropped} left out`);
  const messages = [...report.messages];
  const procs = plan.procedures;
  const kept = [procs.sid && `SID ${procs.sid}`, procs.star && `STAR ${procs.star}`, procs.approach && `approach ${procs.approach}`].filter(Boolean);
  if (kept.length > 0) messages.push(`The file names ${kept.join(', ')}: their points are in the route as points; pick the procedures in Edit to fly them as procedures.`);
  return { code, summary: `${fileName} (${formatLabel(format)}): ${parts.join(', ')}.`, messages };
}

/** A route as a file of a format: its name, type and text. */
export function exportRoute(route: Pick<Route, 'waypoints' | 'altitude'>, format: PlanFormat, cycle: string | undefined): { name: string; mime: string; text: string } {
  const plan = routeToPlan(route);
  const text = writePlan(format, plan, cycle && /^\d{4}$/.test(cycle) ? { cycle } : {});
  const first = plan.points[0]?.ident ?? 'route';
  const last = plan.points[plan.points.length - 1]?.ident ?? '';
  const base = `${first}-${last}`.replace(/[^A-Za-z0-9-]/g, '_');
  const { extension, mime } = FORMAT_FILES[format];
  return { name: `${base}.${extension}`, mime, text };
}

/** The X-Plane folder file name of an exported `.fms` (`KSQL-KOAK.fms` → `KSQL-KOAK`): the server's allowed characters, 64 at most. */
export function xplaneFolderName(fileName: string): string {
  return fileName.replace(/\.fms$/i, '').replace(/[^A-Za-z0-9 _-]/g, '_').slice(0, 64) || 'Clearway';
}

/** Whether the server writes plans into X-Plane's folder (XPLANE_FMS_DIR set); false when the simulator link is off or the server cannot be asked. */
export async function xplaneFolderConfigured(fetchFn: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchFn(SIM_FMS_FOLDER_PATH, { credentials: 'same-origin', cache: 'no-cache' });
    if (!response.ok) return false;
    return ((await response.json()) as SimFmsFolderStatus).configured === true;
  } catch {
    return false;
  }
}

/** Sends the route as an X-Plane `.fms` to the server, which writes it into X-Plane's folder; the server's answer in words. */
export async function sendRouteToXPlaneFolder(route: Pick<Route, 'waypoints' | 'altitude'>, cycle: string | undefined, fetchFn: typeof fetch = fetch): Promise<SimFmsFolderResult> {
  const file = exportRoute(route, 'xplane-fms', cycle);
  const request: SimFmsFolderRequest = { name: xplaneFolderName(file.name), fms: file.text };
  let response: Response;
  try {
    response = await fetchFn(SIM_FMS_FOLDER_PATH, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
  } catch (error) {
    return { ok: false, message: `The server could not be reached to send the plan to X-Plane: ${error instanceof Error ? error.message : String(error)}` };
  }
  const answer = (await response.json().catch(() => null)) as Partial<SimFmsFolderResult> | null;
  if (answer && typeof answer.message === 'string') return { ok: response.ok && answer.ok === true, message: answer.message, ...(answer.file ? { file: answer.file } : {}) };
  return { ok: false, message: `The server answered ${response.status} to the X-Plane folder send` };
}

// Export and deletion of the account's data (apps/server/README.md "Security": GET /api/account/export,
// POST /api/account/delete).
import { apiErrorFrom } from '../../platform/api';
import { serverFetch } from '../../platform/serverFetch';

export const ACCOUNT_EXPORT_PATH = '/api/account/export';
export const ACCOUNT_DELETE_PATH = '/api/account/delete';

/** The export as the server sends it: the JSON file and the name from its Content-Disposition. */
export interface AccountExportFile {
  blob: Blob;
  fileName: string;
}

/** `GET /api/account/export`: every synced record as JSON; non-2xx throws ApiError with the server's `error`. */
export async function fetchAccountExport(): Promise<AccountExportFile> {
  const reply = await serverFetch(ACCOUNT_EXPORT_PATH, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!reply.ok) throw await apiErrorFrom(reply, ACCOUNT_EXPORT_PATH);
  const disposition = reply.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'clearway-export.json';
  return { blob: await reply.blob(), fileName };
}

/** Saves a file in the browser's downloads (a temporary object URL on a clicked link). */
export function saveFile(file: AccountExportFile, doc: Document = document): void {
  const url = URL.createObjectURL(file.blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  doc.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * `POST /api/account/delete` with the current password (built-in sign-in; an external issuer's
 * server ignores it and wants a sign-in at most 5 minutes old). The server cancels the subscription
 * first; non-2xx throws ApiError with the server's `error` (403 wrong password, 502 not cancelled).
 */
export async function deleteAccount(custId: string, password: string): Promise<void> {
  const reply = await serverFetch(ACCOUNT_DELETE_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ cust_id: custId, password }),
  });
  if (!reply.ok) throw await apiErrorFrom(reply, ACCOUNT_DELETE_PATH);
}

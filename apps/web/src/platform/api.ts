// Same-origin JSON calls to the Clearway server and the error their non-2xx replies become; every
// feature that talks to the server (account, billing, help, devices) shares them.
import { serverFetch } from './serverFetch';

/** An error reply from the server, with its `error` text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** An error reply as ApiError: the server's `error` text when its body gives one, else '{path} answered {status}'. */
export function apiErrorOf(path: string, status: number, body: unknown): ApiError {
  const text = (body as { error?: unknown } | null)?.error;
  return new ApiError(status, typeof text === 'string' ? text : `${path} answered ${status}`, body);
}

/** ApiError for a non-2xx reply whose body has not been read yet. */
export async function apiErrorFrom(reply: Response, path: string): Promise<ApiError> {
  return apiErrorOf(path, reply.status, await reply.json().catch(() => null));
}

/**
 * POSTs JSON and returns the parsed reply; non-2xx throws ApiError with the server's `error`.
 * `fetchFn` is serverFetch (the browser's, reporting network failures) unless a caller (boot's sign-in wait) injects its own.
 */
export async function postJson<T>(path: string, body: unknown, fetchFn: typeof fetch = serverFetch): Promise<T> {
  const reply = await fetchFn(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const parsed: unknown = await reply.json().catch(() => null);
  if (!reply.ok) throw apiErrorOf(path, reply.status, parsed);
  return parsed as T;
}

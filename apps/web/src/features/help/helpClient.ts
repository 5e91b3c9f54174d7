// Help centre sign-in (spec part 1 §7 get_zendesk_jwt; apps/server/README.md "Billing").
import { helpTokenSchema, parseReply, type HELP_TOKEN_TYPES, type HelpTokenReply } from '@clearway/protocol';
import { postJson } from '../../platform/api';

/** What a token is for: the help centre sign-in, the support widget, or chat. */
export type HelpTokenType = (typeof HELP_TOKEN_TYPES)[number];

/**
 * The reply of `POST /api/get_zendesk_jwt` (the protocol's helpTokenSchema): the token; for sso the
 * address that opens the help centre signed in (null for the other types); who serves the help
 * centre, Zendesk or the server's built-in page.
 */
export type HelpToken = HelpTokenReply;

const HELP_TOKEN_PATH = '/api/get_zendesk_jwt';

/** Shown when the server's reply gives no address to open. */
export const HELP_NO_ADDRESS_TEXT = 'The server gave no help center address.';

/** The built-in help centre page (the server's GET /help?jwt=...). */
export const BUILT_IN_HELP_PATH = '/help';

/**
 * Asks the server for a help token; a 403 (no licence, no trial) throws ApiError with the server's
 * text, a body that is not a help token ReplyShapeError naming the field.
 */
export async function requestHelpToken(custId: string, type: HelpTokenType): Promise<HelpToken> {
  return parseReply(HELP_TOKEN_PATH, helpTokenSchema, await postJson<unknown>(HELP_TOKEN_PATH, { type, cust_id: custId }));
}

/**
 * Where a token opens the help centre: the reply's url when it gives one; for the built-in help centre
 * its page with the token; null when the reply gives no address (Zendesk widget or chat tokens).
 */
export function helpCentreUrl(token: HelpToken): string | null {
  if (token.url) return token.url;
  if (token.provider === 'built-in') return `${BUILT_IN_HELP_PATH}?jwt=${encodeURIComponent(token.jwt)}`;
  return null;
}

/** The part of window that opens new windows. */
export type WindowOpener = Pick<Window, 'open'>;

/**
 * Opens an address in a new window, cut off from this page (no opener). False when the browser
 * blocked the window.
 */
export function openInNewWindow(url: string, host: WindowOpener = window): boolean {
  const opened = host.open(url, '_blank');
  if (!opened) return false;
  try {
    opened.opener = null;
  } catch {
    // a window of another origin may refuse; it was opened all the same
  }
  return true;
}

/**
 * From a click: opens an empty window at once (while the click still allows pop-ups), then sends it
 * to the address `load` resolves. Returns false when the browser blocked the window; a failed `load`
 * closes the window and throws.
 */
export async function openAfterLoading(load: () => Promise<string>, host: WindowOpener = window): Promise<boolean> {
  const opened = host.open('', '_blank');
  if (!opened) return false;
  try {
    opened.opener = null;
  } catch {
    // see openInNewWindow
  }
  try {
    const url = await load();
    opened.location.href = url;
    return true;
  } catch (error) {
    opened.close();
    throw error;
  }
}

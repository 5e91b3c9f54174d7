import Stripe from 'stripe';

/** One Stripe API request as the fake fetch saw it: form or query parameters flattened. */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
}

export type StripeReply = (request: RecordedStripeRequest) => { status?: number; body: object };

/**
 * A real Stripe client whose HTTP goes to a fake fetch (Stripe.createFetchHttpClient): each call is
 * answered by the next scripted reply and recorded, so tests check the request shapes. No network.
 */
export function fakeStripe(replies: StripeReply[]): { stripe: Stripe; requests: RecordedStripeRequest[] } {
  const requests: RecordedStripeRequest[] = [];
  const fetchFn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const form = typeof init?.body === 'string' ? init.body : '';
    const params = Object.fromEntries(new URLSearchParams(url.search ? url.search.slice(1) : form));
    const recorded = { method: init?.method ?? 'GET', path: url.pathname, params };
    requests.push(recorded);
    const reply = replies.shift();
    if (reply === undefined) throw new Error(`unexpected Stripe call ${recorded.method} ${recorded.path}`);
    const { status = 200, body } = reply(recorded);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'request-id': `req_${requests.length}` } });
  };
  const stripe = new Stripe('sk_test_123', { httpClient: Stripe.createFetchHttpClient(fetchFn as typeof fetch), maxNetworkRetries: 0 });
  return { stripe, requests };
}

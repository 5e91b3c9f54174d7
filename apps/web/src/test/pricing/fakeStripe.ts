// Test helper. Stripe.js comes from js.stripe.com and is the edge of the pricing page: this fake
// stands in for the `Stripe` object the loader returns. It implements what the page uses
// (elements().create('card' | 'paymentRequestButton'), paymentRequest(), confirmCardPayment()) and
// records every call with its arguments, so tests assert the request shapes the page sends to Stripe.
// Element and payment-request events are raised by the test with `emit`.
import type { CanMakePaymentResult, PaymentIntent, PaymentIntentResult, Stripe, StripeError } from '@stripe/stripe-js';

type Handler = (payload: unknown) => void;

/** An element the page created: its options, where it was mounted, and its listeners. */
export interface FakeElement {
  type: string;
  options: unknown;
  mountedIn: HTMLElement | null;
  destroyed: boolean;
  emit(event: string, payload: unknown): void;
}

/** A payment request the page created. */
export interface FakePaymentRequest {
  options: unknown;
  emit(event: string, payload: unknown): void;
  listenerCount(event: string): number;
  /** The answer of the page's canMakePayment call, once it asked. */
  asked: Promise<CanMakePaymentResult | null> | null;
}

export interface FakeStripe {
  /** The object handed to the page. */
  stripe: Stripe;
  elements: FakeElement[];
  paymentRequests: FakePaymentRequest[];
  /** Arguments of each confirmCardPayment call, in order. */
  confirmCalls: unknown[][];
  /** Queues the answers of the next confirmCardPayment calls. */
  answerConfirm(...results: PaymentIntentResult[]): void;
}

/** A PaymentIntent as Stripe.js returns it, with the fields the page reads. */
export function paymentIntent(id: string, status: PaymentIntent['status']): PaymentIntent {
  return { id, object: 'payment_intent', status, amount: 1495, currency: 'usd', client_secret: `${id}_secret` } as PaymentIntent;
}

/** A Stripe.js error result. */
export function stripeError(message: string, extra: Partial<StripeError> = {}): PaymentIntentResult {
  return { error: { type: 'card_error', message, ...extra } };
}

/**
 * A fake Stripe. `wallet` is what canMakePayment answers (null: no wallet available).
 */
export function fakeStripe({ wallet = null }: { wallet?: CanMakePaymentResult | null } = {}): FakeStripe {
  const elements: FakeElement[] = [];
  const paymentRequests: FakePaymentRequest[] = [];
  const confirmCalls: unknown[][] = [];
  const answers: PaymentIntentResult[] = [];

  const listeners = () => {
    const handlers = new Map<string, Handler[]>();
    return {
      on(event: string, handler: Handler) {
        handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      },
      off(event: string) {
        handlers.delete(event);
      },
      emit(event: string, payload: unknown) {
        for (const handler of handlers.get(event) ?? []) handler(payload);
      },
      count: (event: string) => handlers.get(event)?.length ?? 0,
    };
  };

  const makeElement = (type: string, options: unknown) => {
    const events = listeners();
    const element = {
      type,
      options,
      mountedIn: null as HTMLElement | null,
      destroyed: false,
      emit: events.emit,
      on(event: string, handler: Handler) {
        events.on(event, handler);
        return element;
      },
      mount(target: HTMLElement) {
        // Stripe puts its iframe inside the target; a marker child stands in for it.
        const frame = document.createElement('div');
        frame.dataset.fakeStripeElement = type;
        target.appendChild(frame);
        element.mountedIn = target;
      },
      destroy() {
        element.mountedIn?.querySelector(`[data-fake-stripe-element="${type}"]`)?.remove();
        element.destroyed = true;
      },
    };
    elements.push(element);
    return element;
  };

  const stripe = {
    elements: () => {
      const created = new Set<string>();
      return {
        create(type: string, options: unknown) {
          // Stripe allows one element of each type per Elements group.
          if (created.has(type)) throw new Error(`Can only create one Element of type ${type}`);
          created.add(type);
          return makeElement(type, options);
        },
      };
    },
    paymentRequest(options: unknown) {
      const events = listeners();
      const request = {
        options,
        asked: null as Promise<CanMakePaymentResult | null> | null,
        emit: events.emit,
        listenerCount: events.count,
        on(event: string, handler: Handler) {
          events.on(event, handler);
          return request;
        },
        off(event: string) {
          events.off(event);
          return request;
        },
        canMakePayment() {
          request.asked = Promise.resolve(wallet);
          return request.asked;
        },
      };
      paymentRequests.push(request);
      return request;
    },
    confirmCardPayment(...args: unknown[]) {
      confirmCalls.push(args);
      const answer = answers.shift();
      if (answer === undefined) return Promise.reject(new Error('fakeStripe: no answer queued for confirmCardPayment'));
      return Promise.resolve(answer);
    },
  };

  return {
    stripe: stripe as unknown as Stripe,
    elements,
    paymentRequests,
    confirmCalls,
    answerConfirm: (...results) => answers.push(...results),
  };
}

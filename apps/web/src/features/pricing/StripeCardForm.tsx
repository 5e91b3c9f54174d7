import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { PRICING_TEXT } from './planText';
import { paymentIntentIdOf } from './stripeLoader';

export interface StripeCardFormProps {
  stripe: Stripe;
  /** The subscription's PaymentIntent client secret from get_key (`client_token`). */
  clientToken: string;
  /** The signed-in user's e-mail, sent as the card's billing e-mail. */
  email: string;
  performanceMode: boolean;
  busy: boolean;
  /** The provider's or server's message, shown as it came (spec part 1 §8). */
  error: string | null;
  /** Runs a payment: `confirm` resolves to the confirmed PaymentIntent's id or throws the provider's message. */
  onPay: (confirm: () => Promise<string>) => void;
  onTurnOffPerformanceMode: () => void;
}

/** Stripe's card element takes its look from options, not from the page's CSS (it lives in an iframe). */
const CARD_STYLE = {
  base: { fontSize: '16px', fontFamily: 'Roboto, Helvetica, Arial, sans-serif', color: 'rgba(0, 0, 0, 0.87)', '::placeholder': { color: 'rgba(0, 0, 0, 0.6)' } },
  invalid: { color: '#d32f2f' },
};

/**
 * The card payment form for Stripe (spec part 1 §2): Stripe's card element mounted into a div, with
 * the element's own messages shown as they come and no others (spec part 1 §5). Submitting confirms
 * the subscription's PaymentIntent on the client (spec part 1 §7); the page then calls
 * checkout_subscription with its id.
 */
export function StripeCardForm({ stripe, clientToken, email, performanceMode, busy, error, onPay, onTurnOffPerformanceMode }: StripeCardFormProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<StripeCardElement | null>(null);
  // Card payment needs the payment form ready (spec part 1 §5).
  const [ready, setReady] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);

  useEffect(() => {
    const target = mountRef.current;
    if (target === null) return;
    // One Elements group per mount: a group holds at most one card element.
    const card = stripe.elements().create('card', { style: CARD_STYLE });
    card.on('ready', () => setReady(true));
    card.on('change', (event) => setFieldError(event.error?.message ?? null));
    card.mount(target);
    cardRef.current = card;
    return () => {
      cardRef.current = null;
      card.destroy();
    };
  }, [stripe]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (performanceMode) {
      onTurnOffPerformanceMode();
      return;
    }
    const card = cardRef.current;
    if (card === null) return;
    onPay(async () => paymentIntentIdOf(await stripe.confirmCardPayment(clientToken, { payment_method: { card, billing_details: { email } } })));
  };

  return (
    <Box component="form" onSubmit={submit} aria-label="Card payment" data-testid="stripe-card-form" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, maxWidth: 420 }}>
      <Box
        ref={mountRef}
        data-testid="stripe-card-element"
        sx={{ border: 1, borderColor: fieldError ? 'error.main' : 'divider', borderRadius: 1, px: 1.5, py: 1.25, minHeight: 20 }}
      />
      {fieldError && (
        <Typography variant="body2" color="error" role="alert" data-testid="stripe-card-error">
          {fieldError}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Button type="submit" variant="contained" disabled={busy || (!performanceMode && !ready)}>
          {performanceMode ? PRICING_TEXT.turnOffPerformanceFirst : PRICING_TEXT.completeWithCard}
        </Button>
        {busy && <CircularProgress size={24} aria-label="Purchase in progress" />}
      </Box>
      {error && (
        <Alert severity="error" data-testid="purchase-error">
          {error}
        </Alert>
      )}
    </Box>
  );
}

import { useEffect, useState } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Sku } from '../account';
import { PRICING_TEXT } from './planText';
import { StripeCardForm } from './StripeCardForm';
import { loadStripeJs } from './stripeLoader';
import { useServices } from '../../platform/services';
import { WalletButton } from './WalletButton';

export interface StripePaymentProps {
  /** get_key's `publishable_key`. */
  publishableKey: string;
  /** get_key's `client_token`, the subscription's PaymentIntent client secret. */
  clientToken: string;
  sku: Sku;
  email: string;
  performanceMode: boolean;
  busy: boolean;
  error: string | null;
  onPay: (confirm: () => Promise<string>) => void;
  onTurnOffPerformanceMode: () => void;
}

type Load = { state: 'loading' } | { state: 'ready'; stripe: Stripe } | { state: 'failed'; message: string };

/**
 * Stripe payment for a begun purchase (spec part 1 §2): loads Stripe.js for the publishable key, then
 * shows the wallet button (when the browser has a wallet; not in performance mode, which cannot
 * purchase) above the card form. A failed load says so and offers another try; the begun purchase
 * stays as it is.
 */
export function StripePayment({ publishableKey, clientToken, sku, email, performanceMode, busy, error, onPay, onTurnOffPerformanceMode }: StripePaymentProps) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { loadStripe = loadStripeJs } = useServices();

  useEffect(() => {
    let live = true;
    loadStripe(publishableKey).then(
      (stripe) => {
        if (!live) return;
        setLoad(stripe === null ? { state: 'failed', message: 'Stripe.js is not available here' } : { state: 'ready', stripe });
      },
      (reason: unknown) => {
        if (live) setLoad({ state: 'failed', message: reason instanceof Error ? reason.message : String(reason) });
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey, attempt, loadStripe]);

  if (load.state === 'loading') {
    return (
      <Box data-testid="payment-form-loading" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <CircularProgress size={24} />
        <Typography>{PRICING_TEXT.paymentFormLoading}</Typography>
      </Box>
    );
  }
  if (load.state === 'failed') {
    return (
      <Alert
        severity="error"
        data-testid="payment-form-failed"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              setLoad({ state: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            {PRICING_TEXT.tryAgain}
          </Button>
        }
      >
        {PRICING_TEXT.paymentFormFailed}: {load.message}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {!performanceMode && <WalletButton stripe={load.stripe} sku={sku} clientToken={clientToken} onPay={onPay} />}
      <StripeCardForm
        stripe={load.stripe}
        clientToken={clientToken}
        email={email}
        performanceMode={performanceMode}
        busy={busy}
        error={error}
        onPay={onPay}
        onTurnOffPerformanceMode={onTurnOffPerformanceMode}
      />
    </Box>
  );
}

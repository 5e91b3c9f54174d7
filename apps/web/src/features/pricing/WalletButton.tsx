import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { PaymentRequestPaymentMethodEvent, Stripe, StripePaymentRequestButtonElement } from '@stripe/stripe-js';
import Box from '@mui/material/Box';
import type { Sku } from '../account';
import { WALLET_AMOUNT_CENTS, WALLET_COUNTRY, WALLET_CURRENCY, WALLET_LABEL } from './planText';
import { assertConfirmed, paymentIntentIdOf } from './stripeLoader';

export interface WalletButtonProps {
  stripe: Stripe;
  sku: Sku;
  /** The subscription's PaymentIntent client secret from get_key (`client_token`). */
  clientToken: string;
  /** Runs a payment: `confirm` resolves to the confirmed PaymentIntent's id or throws the provider's message. */
  onPay: (confirm: () => Promise<string>) => void;
}

/**
 * The optional wallet payment button (spec part 1 §2): a Stripe payment request for the plan's wallet
 * total (spec part 1 §9), shown only when the browser can pay with a wallet (`canMakePayment`).
 * The wallet's payment method confirms the subscription's PaymentIntent without Stripe's own
 * actions so the sheet closes first; a card that then needs 3-D Secure is confirmed again with them.
 */
export function WalletButton({ stripe, sku, clientToken, onPay }: WalletButtonProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);

  const pay = useEffectEvent((event: PaymentRequestPaymentMethodEvent) => {
    onPay(async () => {
      const first = await stripe.confirmCardPayment(clientToken, { payment_method: event.paymentMethod.id }, { handleActions: false });
      try {
        assertConfirmed(first);
      } catch (error) {
        event.complete('fail');
        throw error;
      }
      event.complete('success');
      if (first.paymentIntent.status === 'requires_action') return paymentIntentIdOf(await stripe.confirmCardPayment(clientToken));
      return first.paymentIntent.id;
    });
  });

  useEffect(() => {
    const target = mountRef.current;
    if (target === null) return;
    let live = true;
    let button: StripePaymentRequestButtonElement | null = null;
    const request = stripe.paymentRequest({
      country: WALLET_COUNTRY,
      currency: WALLET_CURRENCY,
      total: { label: WALLET_LABEL[sku], amount: WALLET_AMOUNT_CENTS[sku] },
      requestPayerEmail: true,
    });
    request.on('paymentmethod', (event) => pay(event));
    request.canMakePayment().then(
      (result) => {
        if (!live || result === null) return;
        button = stripe.elements().create('paymentRequestButton', { paymentRequest: request });
        button.mount(target);
        setShown(true);
      },
      // No wallet: the card form alone.
      () => undefined,
    );
    return () => {
      live = false;
      request.off('paymentmethod');
      button?.destroy();
      setShown(false);
    };
  }, [stripe, sku, clientToken]);

  return <Box ref={mountRef} data-testid="wallet-button" hidden={!shown} sx={{ maxWidth: 420 }} />;
}

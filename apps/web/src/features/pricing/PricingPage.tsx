import { useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useServices } from '../../platform/services';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { setPerformanceMode } from '../settings';
import { AccountFrame, AccountLoading } from '../account/components';
import { applyServerProfile, CODE_TRIAL_RUNNING, fetchAccount, formatDate, hasValidLicence, isNativeBuild, type Sku, skuLabel, startTrial, trialAvailable, useLogout } from '../account';
import { checkoutWithCard, checkoutWithPaymentIntent, getKey, type CheckoutResult, type PurchaseKey } from './billingClient';
import { CardForm } from './CardForm';
import { PRICING_TEXT, planTerms } from './planText';
import { StripePayment } from './StripePayment';
import { pagePath } from '../../platform/pages';

/** `/app/pricing`, the Subscription screen (spec part 1 §2 "Subscription screen", §4 "Purchase flow"). */
export function PricingPage({ native = isNativeBuild() }: { native?: boolean }) {
  return (
    <AccountFrame name="pricing">
      <Subscription native={native} />
    </AccountFrame>
  );
}

function NotAvailable({ performance }: { performance: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <Box data-testid="purchase-not-available" sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
      <Typography variant="h6" component="h2">
        {PRICING_TEXT.notAvailable}
      </Typography>
      <Typography>{performance ? PRICING_TEXT.performanceBody : PRICING_TEXT.nativeBody}</Typography>
      {performance && (
        <Button variant="contained" onClick={() => dispatch(setPerformanceMode(false))}>
          {PRICING_TEXT.turnOffPerformance}
        </Button>
      )}
    </Box>
  );
}

type Phase = 'idle' | 'starting' | 'ready' | 'paying' | 'done';

function Subscription({ native }: { native: boolean }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const logout = useLogout();
  const { prefs } = useServices();
  const { status, user, profile } = useAppSelector((s) => s.account);
  const performance = useAppSelector((s) => s.settings.performance_mode);
  const welcomeComplete = useAppSelector((s) => s.welcome.welcomeComplete);
  const [phase, setPhase] = useState<Phase>('idle');
  const [key, setKey] = useState<PurchaseKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Licence state is judged at the time the page opened (render stays pure).
  const [now] = useState(() => Date.now());

  if (status !== 'signedIn' || !user || !profile) return <AccountLoading />;
  const licensed = hasValidLicence(profile, now);

  if (licensed || phase === 'done') {
    const purchase = profile.trial?.purchase;
    return (
      <Box data-testid="purchase-done" sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
        <Typography>
          Customer id: <span data-testid="pricing-cust-id">{user.cust_id}</span>
        </Typography>
        <Typography>
          Subscription: <strong>{skuLabel(purchase?.sku)}</strong>
          {purchase?.expires ? `, ${purchase.renewing ? 'renews on' : 'valid until'} ${formatDate(purchase.expires)}` : ''}
        </Typography>
        <Button variant="contained" onClick={() => void navigate(welcomeComplete ? '/index.html' : pagePath('aircraft_profile_welcome'))}>
          {PRICING_TEXT.success}
        </Button>
      </Box>
    );
  }

  const begin = async (sku: Sku) => {
    setPhase('starting');
    setError(null);
    try {
      setKey(await getKey(user.cust_id, user.email, sku));
      setPhase('ready');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setPhase(key ? 'ready' : 'idle');
    }
  };
  /** Runs one payment attempt: in progress, then completed or failed with the provider's or server's message. */
  const settle = async (checkout: () => Promise<CheckoutResult>) => {
    setPhase('paying');
    setError(null);
    try {
      const result = await checkout();
      if (result.result !== 'success') {
        setError(result.error.message);
        setPhase('ready');
        return;
      }
      // Completed: account refreshed, stored login updated (spec part 1 §4 "Purchase flow").
      const stored = (await prefs.getProperty('login_profile')) ?? null;
      await applyServerProfile(dispatch, prefs, await fetchAccount(user.cust_id), stored, Date.now(), true);
      setPhase('done');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setPhase('ready');
    }
  };
  // Built-in test provider: the card number goes to the server as `nonce`.
  const payWithCardNumber = (started: PurchaseKey, cardNumber: string) =>
    settle(() => checkoutWithCard({ custId: user.cust_id, email: user.email, sku: started.subscription_type, subscriptionId: started.subscription_id, cardNumber }));
  // Stripe: the client confirms the PaymentIntent (spec part 1 §7), then the server checks it.
  const payWithStripe = (started: PurchaseKey, confirm: () => Promise<string>) =>
    settle(async () => {
      const paymentIntentId = await confirm();
      return checkoutWithPaymentIntent({ custId: user.cust_id, email: user.email, sku: started.subscription_type, subscriptionId: started.subscription_id, paymentIntentId });
    });
  const trial = trialAvailable(profile, now);
  const continueTrial = welcomeComplete || native;
  const takeTrial = async () => {
    setError(null);
    try {
      if (profile.code !== CODE_TRIAL_RUNNING) {
        const stored = (await prefs.getProperty('login_profile')) ?? null;
        await applyServerProfile(dispatch, prefs, await startTrial(user.cust_id), stored, Date.now(), true);
      }
      void navigate(continueTrial ? pagePath('map1') : pagePath('welcome'));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const sku = key?.subscription_type;
  const begun = key !== null && sku !== undefined;
  // App-store native builds and performance mode cannot purchase (spec part 1 §6).
  const blocked = native || (performance && !begun);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {blocked && <NotAvailable performance={!native} />}
      {!blocked && (
      <Card variant="outlined" data-testid="plan-card">
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="h6" component="h2">
            {PRICING_TEXT.offer}
          </Typography>
          <Typography data-testid="plan-prices">{PRICING_TEXT.prices}</Typography>
          <Typography color="text.secondary">{PRICING_TEXT.benefits}</Typography>
          {!begun && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="contained" disabled={phase === 'starting'} onClick={() => void begin('standard_monthly')}>
                {PRICING_TEXT.getMonthly}
              </Button>
              <Button variant="contained" disabled={phase === 'starting'} onClick={() => void begin('standard_annual')}>
                {PRICING_TEXT.getAnnual}
              </Button>
            </Box>
          )}
        </CardContent>
      </Card>
      )}
      {begun && (
        <Box data-testid="purchase-begun" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Typography>
            Customer id: <span data-testid="pricing-cust-id">{user.cust_id}</span>
          </Typography>
          <Box data-testid="plan-terms">
            {planTerms(sku).map((line) => (
              <Typography key={line}>{line}</Typography>
            ))}
          </Box>
          {phase !== 'paying' && (
            <Box>
              <Button variant="outlined" disabled={phase === 'starting'} onClick={() => void begin(sku === 'standard_monthly' ? 'standard_annual' : 'standard_monthly')}>
                {sku === 'standard_monthly' ? PRICING_TEXT.switchToAnnual : PRICING_TEXT.switchToMonthly}
              </Button>
            </Box>
          )}
          {key.publishable_key && !key.test_mode ? (
            <StripePayment
              publishableKey={key.publishable_key}
              clientToken={key.client_token}
              sku={sku}
              email={user.email}
              performanceMode={performance}
              busy={phase === 'paying'}
              error={error}
              onPay={(confirm) => void payWithStripe(key, confirm)}
              onTurnOffPerformanceMode={() => dispatch(setPerformanceMode(false))}
            />
          ) : (
            <CardForm
              testMode={key.test_mode}
              performanceMode={performance}
              busy={phase === 'paying'}
              error={error}
              onSubmit={(card) => void payWithCardNumber(key, card)}
              onTurnOffPerformanceMode={() => dispatch(setPerformanceMode(false))}
            />
          )}
        </Box>
      )}
      {!begun && error && (
        <Alert severity="error" data-testid="purchase-error">
          {error}
        </Alert>
      )}
      {!begun && trial && (
        <Box>
          <Button variant="outlined" onClick={() => void takeTrial()}>
            {continueTrial ? PRICING_TEXT.continueTrial : PRICING_TEXT.getTrial}
          </Button>
        </Box>
      )}
      {!begun && !trial && (
        <Box>
          <Button
            variant="text"
            onClick={() =>
              void logout().then(() => navigate('/'))
            }
          >
            {PRICING_TEXT.logout}
          </Button>
        </Box>
      )}
    </Box>
  );
}

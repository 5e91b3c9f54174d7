import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { PRICING_TEXT } from './planText';

interface Props {
  testMode: boolean;
  performanceMode: boolean;
  busy: boolean;
  /** The provider's or server's message, shown as it came (spec part 1 §8). */
  error: string | null;
  onSubmit: (cardNumber: string) => void;
  onTurnOffPerformanceMode: () => void;
}

/**
 * The card payment form for the built-in test provider: card number, expiry and CVC. The provider
 * checks the card (only the number is sent, as `nonce`); the form shows no field messages of its own
 * (spec part 1 §5).
 */
export function CardForm({ testMode, performanceMode, busy, error, onSubmit, onTurnOffPerformanceMode }: Props) {
  const [card, setCard] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (performanceMode) {
      onTurnOffPerformanceMode();
      return;
    }
    onSubmit(card);
  };
  return (
    <Box component="form" onSubmit={submit} aria-label="Card payment" data-testid="card-form" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, maxWidth: 420 }}>
      {testMode && (
        <Alert severity="warning" data-testid="test-mode">
          TEST MODE: no real card is charged. Use a test card number such as 4242 4242 4242 4242.
        </Alert>
      )}
      <TextField label="Card number" value={card} onChange={(e) => setCard(e.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'cc-number' } }} size="small" />
      <Box sx={{ display: 'flex', gap: 1.5 }}>
        <TextField label="Expiry (MM/YY)" value={expiry} onChange={(e) => setExpiry(e.target.value)} slotProps={{ htmlInput: { autoComplete: 'cc-exp' } }} size="small" />
        <TextField label="CVC" value={cvc} onChange={(e) => setCvc(e.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'cc-csc' } }} size="small" />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Button type="submit" variant="contained" disabled={busy || (!performanceMode && card.trim() === '')}>
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

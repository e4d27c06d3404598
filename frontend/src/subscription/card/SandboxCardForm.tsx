import { useState, type FormEvent } from 'react';
import { Alert, Box, Grid, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useIftaDataProvider } from '../../providers/useIftaDataProvider';
import { errorMessage } from '../../providers/httpClient';
import { digitsOnly, formatCardNumber, formatExpiryInput, isCardEntryComplete, parseExpiry } from '../cardInput';
import type { CardFormProps } from './cardFormProps';
import { CardError } from './CardError';
import { CardFormActions } from './CardFormActions';

/**
 * The built-in sandbox provider's card entry: our own inputs, tokenised by the public sandbox
 * endpoint, which plays the part Stripe.js plays in production (docs/architecture.md Card payments).
 */
export const SandboxCardForm = ({ submitLabel, error, onBack, onPaymentMethod }: CardFormProps) => {
  const translate = useTranslate();
  const dataProvider = useIftaDataProvider();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const complete = isCardEntryComplete({ number, expiry, cvc });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseExpiry(expiry);
    if (!complete || !parsed || busy) return;
    setBusy(true);
    setCardError(null);
    try {
      const token = await dataProvider.tokenizeSandboxCard({
        number: digitsOnly(number),
        exp_month: parsed.month,
        exp_year: parsed.year,
        cvc,
      });
      await onPaymentMethod(token.id);
    } catch (failure) {
      setCardError(errorMessage(failure, 'subscription.payment.card_failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={translate('subscription.payment.card_details')}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('subscription.payment.sandbox_hint')}
      </Alert>
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField
            name="cardnumber"
            label={translate('subscription.payment.card_number')}
            value={number}
            onChange={(event) => setNumber(formatCardNumber(event.target.value))}
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <TextField
            name="exp-date"
            label={translate('subscription.payment.expiry')}
            value={expiry}
            onChange={(event) => setExpiry(formatExpiryInput(event.target.value))}
            autoComplete="cc-exp"
            placeholder="MM / YY"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <TextField
            name="cvc"
            label={translate('subscription.payment.cvc')}
            value={cvc}
            onChange={(event) => setCvc(digitsOnly(event.target.value).slice(0, 4))}
            autoComplete="cc-csc"
            placeholder="123"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Grid>
      </Grid>
      <CardError message={cardError ?? error} />
      <CardFormActions submitLabel={submitLabel} canSubmit={complete} busy={busy} onBack={onBack} />
    </Box>
  );
};

import { useState, type FormEvent } from 'react';
import { Box, FormLabel } from '@mui/material';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { useTranslate } from 'react-admin';
import type { CardFormProps } from './cardFormProps';
import { CardError } from './CardError';
import { CardFormActions } from './CardFormActions';

/** Created once: a new options object on every render would make the element update itself each time. */
const CARD_OPTIONS = { hidePostalCode: true, style: { base: { fontSize: '16px' } } };

/** Stripe Elements' card field; Stripe.js tokenises the card, so its number never touches our pages. */
const StripeCardEntry = ({ submitLabel, error, onBack, onPaymentMethod }: CardFormProps) => {
  const translate = useTranslate();
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);

  const change = (event: StripeCardElementChangeEvent) => {
    setComplete(event.complete);
    setCardError(event.error?.message ?? null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements || !complete || busy) return;
    const card = elements.getElement(CardElement);
    if (!card) return setCardError('subscription.payment.card_element_missing');
    setBusy(true);
    setCardError(null);
    try {
      const result = await stripe.createPaymentMethod({ type: 'card', card });
      if (result.error || !result.paymentMethod) {
        setCardError(result.error?.message ?? 'subscription.payment.card_failed');
        return;
      }
      await onPaymentMethod(result.paymentMethod.id);
    } catch {
      setCardError('subscription.payment.card_failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={translate('subscription.payment.card_details')}>
      <FormLabel sx={{ display: 'block', mb: 1 }}>{translate('subscription.payment.card_details')}</FormLabel>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.75 }}>
        <CardElement onChange={change} options={CARD_OPTIONS} />
      </Box>
      <CardError message={cardError ?? error} />
      <CardFormActions
        submitLabel={submitLabel}
        canSubmit={complete && stripe !== null && elements !== null}
        busy={busy}
        onBack={onBack}
      />
    </Box>
  );
};

/** The card form for the Stripe adapter, inside the Elements provider of an already loaded Stripe.js. */
export const StripeCardForm = ({ stripe, ...props }: CardFormProps & { stripe: Stripe }) => (
  <Elements stripe={stripe}>
    <StripeCardEntry {...props} />
  </Elements>
);

import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * Says honestly what the currency setting does: every amount is computed in US dollars (the rate matrix's US$/gal
 * column), so CAD converts nothing; the setting is kept and amounts stay labelled USD.
 */
export const CurrencyNote = ({ currency }: { currency: string }) => {
  const translate = useTranslate();
  return (
    <Alert severity="info" variant="outlined" data-testid="currency-note" sx={{ mt: 2 }}>
      {translate(currency === 'CAD' ? 'calendar.currency.note_cad' : 'calendar.currency.note_usd')}
    </Alert>
  );
};

import { Box } from '@mui/material';
import { isNoTaxDue } from '@ifta/index';
import { formatMoney } from './format';

/** docs/product-spec.md §2: a credit is a negative amount in green, tax due is red; an amount that rounds to $0.00 stays plain. */
const taxAmountColor = (value: number): string | undefined =>
  isNoTaxDue(value) ? undefined : value < 0 ? 'success.main' : 'error.main';

export const TaxAmount = ({ value }: { value: number }) => (
  <Box component="span" sx={{ color: taxAmountColor(value), fontVariantNumeric: 'tabular-nums' }}>
    {formatMoney(value)}
  </Box>
);

import { Box } from '@mui/material';
import { isNoTaxDue } from '@ifta/index';
import { useTranslate } from 'react-admin';
import { formatRemit } from './format';

/** docs/product-spec.md §2: a credit is a negative amount in green, tax due is red; an amount that rounds to $0.00 stays plain. */
const taxAmountColor = (value: number): string | undefined =>
  isNoTaxDue(value) ? undefined : value < 0 ? 'success.main' : 'error.main';

/** An amount a return pays, or, when negative, the credit it claims, in words ("Credit $6.80"). */
export const TaxAmount = ({ value }: { value: number }) => {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ color: taxAmountColor(value), fontVariantNumeric: 'tabular-nums' }}>
      {formatRemit(value, translate)}
    </Box>
  );
};

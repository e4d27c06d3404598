import { Box } from '@mui/material';
import { isNoTaxDue } from '@ifta/index';
import { useTranslate } from 'react-admin';
import { formatMoney, formatRemit } from './format';

/** docs/product-spec.md §2: a credit is a negative amount in green, tax due is red; an amount that rounds to $0.00 stays plain. */
const taxAmountColor = (value: number): string | undefined =>
  isNoTaxDue(value) ? undefined : value < 0 ? 'success.main' : 'error.main';

/**
 * An amount a return pays or, when negative, the credit it claims, said in words ("Credit $6.80"). One `line` of a
 * table keeps its sign (-$20.00), as the spec's jurisdiction table writes it: a line's credit only nets against the
 * others, and the total below it says what the return comes to.
 */
export const TaxAmount = ({ value, line = false }: { value: number; line?: boolean }) => {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ color: taxAmountColor(value), fontVariantNumeric: 'tabular-nums' }}>
      {line ? formatMoney(value) : formatRemit(value, translate)}
    </Box>
  );
};

import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { isNoTaxDue } from '@ifta/index';
import { useTranslate } from 'react-admin';
import { formatRemit } from './format';

/** docs/product-spec.md §2: 'No Tax Due' with $0.00, 'Total Overpayment (Credit)' with a negative amount, or 'Total Tax Due'. */
const summaryLabelKey = (total: number): string =>
  isNoTaxDue(total) ? 'reports.summary.no_tax_due' : total < 0 ? 'reports.summary.credit' : 'reports.summary.due';

const TONES = {
  none: { bg: '#f1f5f9', fg: 'text.primary', border: '#cbd5e1' },
  credit: { bg: '#f0fdf4', fg: 'success.main', border: '#86efac' },
  due: { bg: '#fef2f2', fg: 'error.main', border: '#fca5a5' },
};

/** The report's total as one of the three variants, with optional figures beside it. */
export const TaxSummaryCard = ({ total, children }: { total: number; children?: ReactNode }) => {
  const translate = useTranslate();
  const tone = isNoTaxDue(total) ? TONES.none : total < 0 ? TONES.credit : TONES.due;
  return (
    <Paper
      variant="outlined"
      data-testid="tax-summary"
      sx={{
        p: 2.5,
        bgcolor: tone.bg,
        borderColor: tone.border,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 3,
        alignItems: 'center',
      }}
    >
      <Box sx={{ flexGrow: 1 }}>
        <Typography variant="overline" color="text.secondary" component="div" data-testid="tax-summary-label">
          {translate(summaryLabelKey(total))}
        </Typography>
        <Typography
          variant="h4"
          component="div"
          data-testid="tax-summary-amount"
          sx={{ color: tone.fg, fontVariantNumeric: 'tabular-nums' }}
        >
          {formatRemit(isNoTaxDue(total) ? 0 : total, translate)}
        </Typography>
      </Box>
      {children}
    </Paper>
  );
};

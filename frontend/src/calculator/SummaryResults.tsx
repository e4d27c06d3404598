import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import CalculateIcon from '@mui/icons-material/Calculate';
import { useTranslate } from 'react-admin';
import type { ReportTotals } from '@ifta/index';
import { SectionCard } from '../components/SectionCard';
import { formatGallons, formatGallonsPurchased, formatMiles } from '../reports/format';
import { TaxSummaryCard } from '../reports/TaxSummaryCard';

/** Summary Results (docs/product-spec.md §2): the live totals of every row, from the shared IFTA math. */
export const SummaryResults = ({
  totals,
  count,
  children,
}: {
  totals: ReportTotals;
  count: number;
  /** Official mode: the schedules per fuel type, between the figures and the return's total. */
  children?: ReactNode;
}) => {
  const translate = useTranslate();
  const figures: Array<[string, string]> = [
    ['calculator.summary.jurisdictions', String(count)],
    ['calculator.summary.total_miles', formatMiles(totals.totalMiles)],
    ['calculator.summary.taxable_miles', formatMiles(totals.taxableMiles)],
    ['calculator.summary.gallons_purchased', formatGallonsPurchased(totals.gallonsPurchased)],
    ['calculator.summary.gallons_consumed', formatGallons(totals.gallonsConsumed)],
    ['calculator.summary.net_gallons', formatGallons(totals.netGallons)],
  ];
  return (
    <SectionCard id="summary-results" title={translate('calculator.summary.title')} icon={<CalculateIcon />}>
      <Box
        data-testid="summary-figures"
        sx={{
          display: 'grid',
          gap: 2,
          mb: 2,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
        }}
      >
        {figures.map(([key, value]) => (
          <Box key={key} data-testid={`summary-${key.split('.').pop()}`}>
            <Typography variant="caption" color="text.secondary" component="div">
              {translate(key)}
            </Typography>
            <Typography variant="h6" component="div" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {children}
      <TaxSummaryCard total={totals.taxDue} />
    </SectionCard>
  );
};

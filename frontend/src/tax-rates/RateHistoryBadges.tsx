import { Box, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TaxRate } from '../api/types';
import { matrixQuarterOfDate } from './rateHistory';

/** The day a rate starts to apply and its quarter: 'Effective 2026-04-01 (2Q2026)'. */
export const EffectiveDate = ({ date }: { date: string }) => {
  const translate = useTranslate();
  return (
    <Typography component="span" variant="caption" color="text.secondary" data-testid="tax-rate-effective">
      {translate('taxRates.effective', { date, quarter: matrixQuarterOfDate(date) })}
    </Typography>
  );
};

/**
 * Beside a rate's name in the Quarter / Fuel type views: a Surcharge chip and the date the rate starts, so two rates
 * of one jurisdiction in a quarter (a mid-quarter change) read apart. The spec's table shows the date under the rate
 * instead (TaxRateTable), leaving the name cell as the specification has it.
 */
export const RateHistoryBadges = ({ rate }: { rate: TaxRate }) => {
  const translate = useTranslate();
  if (!rate.kind) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, ml: 1 }}>
      {rate.kind === 'surcharge' ? (
        <Chip size="small" color="warning" variant="outlined" label={translate('rateHistory.kinds.surcharge')} />
      ) : null}
      <EffectiveDate date={rate.effective_date} />
    </Box>
  );
};

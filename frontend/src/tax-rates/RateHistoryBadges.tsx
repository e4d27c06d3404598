import { Box, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TaxRate } from '../api/types';

/**
 * Beside a rate's name in the Quarter / Fuel type views (issue 12): a Surcharge chip and the date the rate starts,
 * so two rates of one jurisdiction in a quarter (a mid-quarter change) read apart. Nothing in the spec's table.
 */
export const RateHistoryBadges = ({ rate }: { rate: TaxRate }) => {
  const translate = useTranslate();
  if (!rate.kind) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, ml: 1 }}>
      {rate.kind === 'surcharge' ? (
        <Chip size="small" color="warning" variant="outlined" label={translate('rateHistory.kinds.surcharge')} />
      ) : null}
      <Typography component="span" variant="caption" color="text.secondary">
        {translate('rateHistory.effective_from', { date: rate.effective_date })}
      </Typography>
    </Box>
  );
};

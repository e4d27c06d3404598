import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { invoiceStats } from './invoiceStats';

const TILES = [
  ['total', 'subscription.invoices.stats.total'],
  ['paid', 'subscription.invoices.stats.paid'],
  ['open', 'subscription.invoices.stats.open'],
  ['emailsSent', 'subscription.invoices.stats.emails_sent'],
] as const;

/** The Invoice Statistics block of docs/product-spec.md §2. */
export const InvoiceStatistics = ({ stats }: { stats: ReturnType<typeof invoiceStats> }) => {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="invoice-stats-title" sx={{ mt: 3 }}>
      <Typography id="invoice-stats-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('subscription.invoices.stats.title')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
        {TILES.map(([key, label]) => (
          <Paper key={key} variant="outlined" sx={{ p: 1.5 }}>
            <Typography variant="body2" color="text.secondary">
              {translate(label)}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={`invoice-stat-${key}`}>
              {stats[key]}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
};

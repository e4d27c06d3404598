import { Box, Paper, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { formatCount } from './format';
import type { ReportStats } from '../api/types';

/** The four stat cards of docs/product-spec.md §2. */
export const StatCards = ({ stats }: { stats: ReportStats }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const cards = [
    { key: 'total', label: 'dashboard.stats.total', value: stats.total_reports },
    { key: 'drafts', label: 'dashboard.stats.drafts', value: stats.draft_reports },
    { key: 'finals', label: 'dashboard.stats.finals', value: stats.final_reports },
    {
      key: 'jurisdictions',
      label: 'dashboard.stats.jurisdictions',
      value: stats.total_jurisdictions,
      note: translate('dashboard.stats.distinct', { count: formatCount(stats.distinct_jurisdictions, locale) }),
    },
  ];
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, 1fr)' } }}
    >
      {cards.map((card) => (
        <Paper key={card.key} variant="outlined" sx={{ p: 2 }} data-testid={`stat-${card.key}`}>
          <Typography variant="body2" color="text.secondary">
            {translate(card.label)}
          </Typography>
          <Typography variant="h4" component="p" data-testid={`stat-${card.key}-value`} sx={{ mt: 0.5 }}>
            {formatCount(card.value, locale)}
          </Typography>
          {card.note ? (
            <Typography variant="caption" color="text.secondary">
              {card.note}
            </Typography>
          ) : null}
        </Paper>
      ))}
    </Box>
  );
};

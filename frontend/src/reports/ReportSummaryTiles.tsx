import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { countReports } from './reportFilters';
import type { Report } from './types';

/** Total Reports, Drafts and Final, counted over the filtered list (spec §2). */
export const ReportSummaryTiles = ({ reports }: { reports: readonly Report[] }) => {
  const translate = useTranslate();
  const counts = countReports(reports);
  const tiles: Array<[string, number, string]> = [
    ['total', counts.total, 'primary.main'],
    ['drafts', counts.drafts, '#a16207'],
    ['final', counts.final, 'success.main'],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
      {tiles.map(([key, count, color]) => (
        <Paper key={key} variant="outlined" sx={{ p: 2 }} data-testid={`tile-${key}`}>
          <Typography variant="body2" color="text.secondary">
            {translate(`reports.tiles.${key}`)}
          </Typography>
          <Typography variant="h4" component="p" sx={{ color, fontVariantNumeric: 'tabular-nums' }}>
            {count}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
};

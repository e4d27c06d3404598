import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReportCounts } from '../api/types';

/** Total Reports, Drafts and Final, as the server counted them (reportListQuery.ts). */
export const ReportSummaryTiles = ({ counts }: { counts: ReportCounts }) => {
  const translate = useTranslate();
  const tiles: Array<[string, number, string]> = [
    ['total', counts.total, 'primary.main'],
    ['drafts', counts.draft, '#a16207'],
    ['final', counts.final, 'success.main'],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: 'repeat(3, 1fr)' }}>
      {tiles.map(([key, count, color]) => (
        <Paper key={key} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid={`tile-${key}`}>
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

import type { ReactNode } from 'react';
import { Paper, Typography } from '@mui/material';

/** The titled panel every dashboard block sits in; the title also names the region for assistive technology. */
export const DashboardCard = ({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) => (
  <Paper
    variant="outlined"
    component="section"
    aria-label={title}
    data-testid={testId}
    sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}
  >
    <Typography variant="subtitle2" component="h2" color="text.secondary" sx={{ fontWeight: 600 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);

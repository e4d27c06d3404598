import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';

/** One titled card of the settings page. */
export const SettingsSection = ({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) => (
  <Paper component="section" aria-labelledby={`${id}-title`} variant="outlined" sx={{ p: { xs: 2.5, md: 3.5 } }}>
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 2.5, color: 'primary.main' }}>
      {icon}
      <Typography id={`${id}-title`} variant="h6" component="h2" color="text.primary">
        {title}
      </Typography>
    </Box>
    {children}
  </Paper>
);

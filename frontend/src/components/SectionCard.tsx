import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';

/** A titled card of a page, named for screen readers by its heading. */
export const SectionCard = ({
  id,
  title,
  icon,
  actions,
  children,
}: {
  id: string;
  title: string;
  icon?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) => (
  <Paper component="section" aria-labelledby={`${id}-title`} variant="outlined" sx={{ p: { xs: 2.5, md: 3 } }}>
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.25, mb: 2.5 }}>
      {icon ? <Box sx={{ display: 'flex', color: 'primary.main' }}>{icon}</Box> : null}
      <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {actions ? <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box> : null}
    </Box>
    {children}
  </Paper>
);

import { Paper, Typography } from '@mui/material';
import { PageHeader } from './PageHeader';

/** A page whose content a later issue adds: its title and one line saying what will be here. */
export const PlaceholderPage = ({ title, subtitle, text }: { title: string; subtitle?: string; text: string }) => (
  <>
    <PageHeader title={title} subtitle={subtitle} />
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Typography color="text.secondary">{text}</Typography>
    </Paper>
  </>
);

import { Box, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

const BrandMark = ({ size = 32 }: { size?: number }) => (
  <Box
    component="img"
    src="/favicon.svg"
    alt=""
    aria-hidden
    sx={{ width: size, height: size, borderRadius: 1.5, display: 'block' }}
  />
);

/** The product name at the left of both bars; leads home. */
export const BrandLink = ({ to }: { to: string }) => {
  const translate = useTranslate();
  return (
    <Box
      component={Link}
      to={to}
      sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color: 'inherit', textDecoration: 'none', mr: 3 }}
    >
      <BrandMark />
      <Typography variant="h6" component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
        {translate('app.name')}
      </Typography>
    </Box>
  );
};

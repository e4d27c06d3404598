import { AppBar, Box, Button, Toolbar } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { BrandLink } from './BrandLink';

/** docs/product-spec.md §2 signed-out bar: Sign In, Sign Up. */
export const PublicTopBar = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  return (
    <AppBar position="static" color="transparent" elevation={0}>
      <Toolbar sx={{ gap: 1 }}>
        <BrandLink to="/login" />
        <Box sx={{ flexGrow: 1 }} />
        <Button component={Link} to="/login" color={pathname === '/login' ? 'primary' : 'inherit'}>
          {translate('nav.sign_in')}
        </Button>
        <Button component={Link} to="/register" variant={pathname === '/register' ? 'contained' : 'outlined'}>
          {translate('nav.sign_up')}
        </Button>
      </Toolbar>
    </AppBar>
  );
};

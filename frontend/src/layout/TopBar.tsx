import { useState, type MouseEvent } from 'react';
import {
  AppBar,
  Box,
  Button,
  Divider,
  IconButton,
  ListSubheader,
  Menu,
  MenuItem,
  Toolbar,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import SettingsIcon from '@mui/icons-material/Settings';
import { Link, useLocation } from 'react-router-dom';
import { useLogout, useNotify, useTranslate } from 'react-admin';
import { BrandLink } from './BrandLink';
import { NAV_ITEMS, isActivePath } from './navItems';
import { useOperatorAccess } from '../operator/useOperatorAccess';
import { OPERATOR_PAGES } from '../operator/operatorPages';
import { CompanySwitcher } from '../companies/CompanySwitcher';

/**
 * docs/product-spec.md §2 signed-in bar: Dashboard, Calculator, Reports, Tax Rates, company name, Settings, Sign Out.
 * The company name is a switcher when the person belongs to several companies.
 */
export const TopBar = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const logout = useLogout();
  const notify = useNotify();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const { isOperator } = useOperatorAccess();
  const inConsole = OPERATOR_PAGES.some((item) => isActivePath(pathname, item.to));

  const signOut = async () => {
    setMenuAnchor(null);
    await logout();
    notify('auth.signed_out', { type: 'success' });
  };

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1, minHeight: 64 }}>
        <BrandLink to="/dashboard" />
        {compact ? (
          <>
            <Box sx={{ flexGrow: 1 }} />
            <CompanySwitcher compact />
            <IconButton
              aria-label={translate('nav.open_menu')}
              onClick={(event: MouseEvent<HTMLElement>) => setMenuAnchor(event.currentTarget)}
            >
              <MenuIcon />
            </IconButton>
            <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
              {NAV_ITEMS.map((item) => (
                <MenuItem
                  key={item.to}
                  component={Link}
                  to={item.to}
                  selected={isActivePath(pathname, item.to)}
                  onClick={() => setMenuAnchor(null)}
                >
                  {translate(item.label)}
                </MenuItem>
              ))}
              {isOperator ? <Divider /> : null}
              {isOperator ? <ListSubheader>{translate('nav.operator')}</ListSubheader> : null}
              {isOperator
                ? OPERATOR_PAGES.map((item) => (
                    <MenuItem
                      key={item.to}
                      component={Link}
                      to={item.to}
                      selected={isActivePath(pathname, item.to)}
                      onClick={() => setMenuAnchor(null)}
                    >
                      {translate(item.label)}
                    </MenuItem>
                  ))
                : null}
              <Divider />
              <MenuItem component={Link} to="/settings" onClick={() => setMenuAnchor(null)}>
                {translate('nav.settings')}
              </MenuItem>
              <MenuItem onClick={signOut}>{translate('nav.sign_out')}</MenuItem>
            </Menu>
          </>
        ) : (
          <>
            <Box component="nav" aria-label={translate('nav.account')} sx={{ display: 'flex', gap: 0.5, flexGrow: 1 }}>
              {NAV_ITEMS.map((item) => (
                <NavButton key={item.to} to={item.to} active={isActivePath(pathname, item.to)}>
                  {translate(item.label)}
                </NavButton>
              ))}
              {/* Only a platform operator sees the console; for anyone else GET /api/operator/me said 403. */}
              {isOperator ? (
                <NavButton to={OPERATOR_PAGES[0].to} active={inConsole} startIcon={<AdminPanelSettingsIcon />}>
                  {translate('nav.operator')}
                </NavButton>
              ) : null}
            </Box>
            <CompanySwitcher />
            <NavButton to="/settings" active={isActivePath(pathname, '/settings')} startIcon={<SettingsIcon />}>
              {translate('nav.settings')}
            </NavButton>
            <Button
              color="inherit"
              onClick={signOut}
              startIcon={<LogoutIcon />}
              sx={{ color: 'text.secondary', whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {translate('nav.sign_out')}
            </Button>
          </>
        )}
      </Toolbar>
    </AppBar>
  );
};

const NavButton = ({
  to,
  active,
  children,
  startIcon,
}: {
  to: string;
  active: boolean;
  children: string;
  startIcon?: React.ReactNode;
}) => (
  <Button
    component={Link}
    to={to}
    startIcon={startIcon}
    aria-current={active ? 'page' : undefined}
    sx={{
      color: active ? 'primary.main' : 'text.secondary',
      bgcolor: active ? 'rgba(29, 78, 216, 0.08)' : 'transparent',
      px: 1.5,
      // Seven links, the company switcher and the account buttons share one bar: a label never breaks in two.
      whiteSpace: 'nowrap',
      flexShrink: 0,
      '&:hover': { bgcolor: 'rgba(29, 78, 216, 0.06)', color: 'primary.main' },
    }}
  >
    {children}
  </Button>
);

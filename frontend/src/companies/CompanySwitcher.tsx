import { useState, type MouseEvent } from 'react';
import { Box, Button, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import BusinessIcon from '@mui/icons-material/Business';
import CheckIcon from '@mui/icons-material/Check';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useGetIdentity, useGetList, useTranslate } from 'react-admin';
import type { Company } from '../api/types';
import { COMPANIES } from '../providers/companiesProvider';
import { useSwitchCompany } from './useSwitchCompany';

/** The key prefix of the companies resource's reads (adding a client company refreshes the switcher with it). */
export const COMPANIES_KEY = [COMPANIES] as const;

/**
 * The top bar's company: its name, and when the person belongs to several companies a menu of them (a button and
 * an MUI menu, so Tab reaches it, Enter or Space opens it, the arrow keys move and Enter switches). The name stays
 * in `data-testid="company-name"`, which the other screens' tests read.
 */
export const CompanySwitcher = ({ compact = false }: { compact?: boolean }) => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { switchTo, switching } = useSwitchCompany();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const companies = useGetList<Company>(COMPANIES);
  const name = identity?.fullName ?? '';
  const list = companies.data ?? [];

  const label = (
    <Typography
      data-testid="company-name"
      sx={{ fontWeight: 600, color: 'text.primary', maxWidth: compact ? 140 : 180 }}
      noWrap
    >
      {name}
    </Typography>
  );
  if (list.length < 2) {
    return (
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.75,
          color: 'text.secondary',
          mr: 1,
          maxWidth: 260,
          minWidth: 0,
        }}
      >
        {compact ? null : <BusinessIcon fontSize="small" />}
        {label}
      </Box>
    );
  }
  return (
    <>
      <Button
        id="company-switcher"
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'company-switcher-menu' : undefined}
        aria-label={translate('companies.switcher_label', { name })}
        disabled={switching}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        startIcon={compact ? undefined : <BusinessIcon fontSize="small" />}
        endIcon={<ExpandMoreIcon />}
        sx={{ color: 'text.secondary', textTransform: 'none', mr: 1, minWidth: 0, flexShrink: 1 }}
      >
        {label}
      </Button>
      <Menu
        id="company-switcher-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        MenuListProps={{ 'aria-labelledby': 'company-switcher', dense: true }}
      >
        <Typography variant="overline" sx={{ px: 2, color: 'text.secondary' }} component="div">
          {translate('companies.switch_to')}
        </Typography>
        {list.map((company) => (
          <MenuItem
            key={company.id}
            selected={company.current}
            aria-current={company.current ? 'true' : undefined}
            onClick={() => {
              setAnchor(null);
              if (!company.current) void switchTo(company.id);
            }}
          >
            <ListItemIcon>{company.current ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText
              primary={company.name}
              secondary={translate(`members.roles.${company.role}`, { _: company.role })}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

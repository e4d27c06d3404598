import { useEffect, useState } from 'react';
import {
  Box,
  Chip,
  InputAdornment,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { ListBase, useListContext, useTranslate } from 'react-admin';
import { ListPagination } from '../components/ListPagination';
import { formatInstant } from '../calendar/displaySettings';
import { OPERATOR_RESOURCES } from '../providers/operatorProvider';
import type { OperatorAccount } from '../api/types';
import { OperatorPage } from './OperatorPage';
import { ListStateRow } from './ListState';
import { subscriptionStatusColor } from './operatorConsole';

const COLUMNS = ['company_name', 'email', 'plan', 'subscription_status', 'created_at', 'last_sign_in_at'] as const;

/** Who uses the product, on which plan, and when they last signed in: read-only, nothing of a carrier's books. */
const AccountList = () => {
  const translate = useTranslate();
  return (
    <OperatorPage title={translate('operator.accounts.title')} subtitle={translate('operator.accounts.subtitle')}>
      <ListBase resource={OPERATOR_RESOURCES.accounts} perPage={20} disableSyncWithLocation>
        <Paper variant="outlined">
          <AccountSearch />
          <AccountTable />
          <ListPagination messages="operator.pagination" rangeTestId="operator-account-range" />
        </Paper>
      </ListBase>
    </OperatorPage>
  );
};

const AccountSearch = () => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [text, setText] = useState(() => (filterValues as { q?: string }).q ?? '');
  useEffect(() => {
    // The list asks the server once typing pauses, not at every key.
    const timer = setTimeout(() => setFilters(text.trim() ? { q: text.trim() } : {}, {}), 400);
    return () => clearTimeout(timer);
  }, [text, setFilters]);
  return (
    <Box sx={{ p: 2 }}>
      <TextField
        size="small"
        fullWidth={false}
        sx={{ width: 360, maxWidth: '100%' }}
        label={translate('operator.accounts.search')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { 'data-testid': 'operator-account-search' },
        }}
      />
    </Box>
  );
};

const AccountTable = () => {
  const translate = useTranslate();
  const { data } = useListContext<OperatorAccount>();
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('operator.accounts.title')}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column}>{translate(`operator.accounts.columns.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <ListStateRow columns={COLUMNS.length} emptyKey="operator.accounts.empty" />
          {(data ?? []).map((account) => (
            <TableRow key={account.id} data-testid="operator-account-row">
              <TableCell sx={{ fontWeight: 600 }}>{account.company_name}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{account.email}</TableCell>
              <TableCell>{account.plan_name ?? translate('operator.accounts.no_plan')}</TableCell>
              <TableCell>
                {account.subscription_status ? (
                  <Chip
                    size="small"
                    label={translate(`subscription.status.${account.subscription_status}`, {
                      _: account.subscription_status,
                    })}
                    color={subscriptionStatusColor(account.subscription_status)}
                  />
                ) : (
                  translate('operator.accounts.no_subscription')
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInstant(account.created_at, false)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {account.last_sign_in_at
                  ? formatInstant(account.last_sign_in_at, true)
                  : translate('operator.accounts.never')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

export default AccountList;

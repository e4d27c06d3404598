import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import { ListBase, useListContext, useTranslate } from 'react-admin';
import type { ClientCompany } from '../api/types';
import { formatDay } from '../calendar/displaySettings';
import { PageHeader } from '../components/PageHeader';
import { useCan } from '../providers/memberRole';
import { AddClientDialog } from './AddClientDialog';
import { useSwitchCompany } from './useSwitchCompany';

/**
 * A preparer's clients: each client company with the return it files next, its due date and state, overdue first
 * (the server's order). A row of a company the person belongs to switches to it (a click, or Enter on the focused
 * row's button). Owners and admins add clients.
 */
const ClientList = () => (
  <ListBase resource="client-companies" perPage={1000} storeKey={false} queryOptions={{ onError: () => undefined }}>
    <ClientListView />
  </ListBase>
);

const STATE_COLOR: Record<string, 'error' | 'warning' | 'success' | 'default'> = {
  overdue: 'error',
  draft: 'warning',
  final: 'success',
  filed_late: 'success',
  amended: 'success',
};

const ClientListView = () => {
  const translate = useTranslate();
  const { data, error, isFetching, isPending, refetch } = useListContext<ClientCompany>();
  const { switchTo, switching } = useSwitchCompany();
  const [adding, setAdding] = useState(false);
  const mayAdd = useCan('admin');
  const rows = data ?? [];
  return (
    <Box sx={{ py: 3 }}>
      <PageHeader
        title={translate('companies.clients.title')}
        subtitle={translate('companies.clients.subtitle')}
        actions={
          mayAdd ? (
            <Button variant="contained" startIcon={<AddBusinessIcon />} onClick={() => setAdding(true)}>
              {translate('companies.add.button')}
            </Button>
          ) : undefined
        }
      />
      {error ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {translate('companies.clients.try_again')}
            </Button>
          }
        >
          {translate('companies.clients.load_failed')}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {isFetching || switching ? <LinearProgress /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          <Table size="small" aria-label={translate('companies.clients.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('companies.clients.columns.name')}</TableCell>
                <TableCell>{translate('companies.clients.columns.quarter')}</TableCell>
                <TableCell>{translate('companies.clients.columns.due_date')}</TableCell>
                <TableCell>{translate('companies.clients.columns.state')}</TableCell>
                <TableCell>{translate('companies.clients.columns.billing')}</TableCell>
                <TableCell align="right">{translate('companies.clients.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((client) => (
                <TableRow
                  key={client.id}
                  hover={client.member}
                  data-testid="client-row"
                  onClick={client.member && !switching ? () => void switchTo(client.id) : undefined}
                  sx={{ cursor: client.member ? 'pointer' : 'default' }}
                >
                  <TableCell sx={{ fontWeight: 600 }}>{client.name}</TableCell>
                  <TableCell>{client.next_due.period}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(client.next_due.due_date)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={STATE_COLOR[client.next_due.state] ?? 'default'}
                      label={translate(`calendar.state.${client.next_due.state}`, { _: client.next_due.state })}
                    />
                  </TableCell>
                  <TableCell>{translate(`companies.billing.${client.billing}`)}</TableCell>
                  <TableCell align="right">
                    {client.member ? (
                      <Button
                        size="small"
                        disabled={switching}
                        onClick={(event) => {
                          event.stopPropagation();
                          void switchTo(client.id);
                        }}
                        aria-label={translate('companies.clients.open_label', { name: client.name })}
                      >
                        {translate('companies.clients.open')}
                      </Button>
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        {translate('companies.clients.not_member')}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {!isPending && !error && rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6}>
                    <Typography color="text.secondary">{translate('companies.clients.empty')}</Typography>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <AddClientDialog open={adding} onClose={() => setAdding(false)} />
    </Box>
  );
};

export default ClientList;

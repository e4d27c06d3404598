import {
  Box,
  Button,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslate } from 'react-admin';
import { SettingsSection } from './SettingsSection';
import { useInvoices } from '../subscription/queries';
import { INVOICE_PAGE_SIZE } from '../api/constants';
import { InvoiceRow } from '../subscription/settings/InvoiceRow';
import { InvoiceStatistics } from '../subscription/settings/InvoiceStatistics';
import { invoiceStats, pageCount } from '../subscription/settings/invoiceStats';
import { useResendInvoice } from '../subscription/settings/useResendInvoice';

const COLUMNS = ['number', 'date', 'plan', 'amount', 'status', 'email', 'actions'] as const;

/**
 * Invoices (docs/product-spec.md §2 Settings): Refresh, View, PDF, Send, statistics and paging. A failed load shows no
 * message (docs/product-spec.md §8); the list simply stays empty.
 */
export const InvoicesSection = () => {
  const translate = useTranslate();
  const { data, total = 0, page, setPage, isPending, isFetching, refetch } = useInvoices();
  const resend = useResendInvoice();
  const invoices = data ?? [];
  const pages = pageCount(total, INVOICE_PAGE_SIZE);

  return (
    <SettingsSection id="invoices" title={translate('subscription.invoices.title')} icon={<ReceiptLongIcon />}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -7, mb: 2 }}>
        <Button
          variant="outlined"
          size="small"
          onClick={() => refetch()}
          disabled={isFetching}
          startIcon={isFetching ? <CircularProgress size={16} color="inherit" /> : <RefreshIcon />}
        >
          {translate('subscription.invoices.refresh')}
        </Button>
      </Box>
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={28} />
        </Box>
      ) : invoices.length === 0 ? (
        <Typography color="text.secondary">{translate('subscription.invoices.empty')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={translate('subscription.invoices.title')}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell
                    key={column}
                    align={column === 'amount' || column === 'actions' ? 'right' : 'left'}
                    sx={{ fontWeight: 600 }}
                  >
                    {translate(`subscription.invoices.columns.${column}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {invoices.map((invoice) => (
                <InvoiceRow
                  key={invoice.id}
                  invoice={invoice}
                  sending={resend.isPending && resend.variables?.id === invoice.id}
                  onSend={() => resend.mutate(invoice)}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <InvoiceStatistics stats={invoiceStats(invoices, total)} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 2 }}>
        <Button onClick={() => setPage(page - 1)} disabled={page <= 1 || isFetching}>
          {translate('subscription.invoices.previous')}
        </Button>
        <Typography variant="body2" color="text.secondary" data-testid="invoice-page">
          {translate('subscription.invoices.page', { page, pages })}
        </Typography>
        <Button onClick={() => setPage(page + 1)} disabled={page >= pages || isFetching}>
          {translate('subscription.invoices.next')}
        </Button>
      </Box>
    </SettingsSection>
  );
};

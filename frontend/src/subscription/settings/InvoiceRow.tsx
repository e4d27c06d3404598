import { Button, CircularProgress, TableCell, TableRow, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import SendIcon from '@mui/icons-material/SendOutlined';
import { useTranslate } from 'react-admin';
import { formatDate, formatMoney } from '../statusRules';
import type { Invoice } from '../../api/types';
import { InvoiceStatusChip } from './InvoiceStatusChip';

/** One invoice with View, PDF and Send (resend by e-mail). */
export const InvoiceRow = ({
  invoice,
  sending,
  onSend,
}: {
  invoice: Invoice;
  sending: boolean;
  onSend: () => void;
}) => {
  const translate = useTranslate();
  return (
    <TableRow data-testid="invoice-row">
      <TableCell sx={{ fontWeight: 600 }}>{invoice.invoice_number ?? invoice.id}</TableCell>
      <TableCell>{formatDate(invoice.created_at)}</TableCell>
      <TableCell>{invoice.plan_name ?? invoice.description ?? ''}</TableCell>
      <TableCell align="right">{formatMoney(invoice.amount, invoice.currency)}</TableCell>
      <TableCell>
        <InvoiceStatusChip status={invoice.status} />
      </TableCell>
      <TableCell>
        <Typography
          variant="body2"
          color={invoice.email_sent ? 'text.primary' : 'text.secondary'}
          data-testid="invoice-email"
        >
          {invoice.email_sent
            ? translate('subscription.invoices.email_sent', { date: formatDate(invoice.email_sent_at) })
            : translate('subscription.invoices.email_not_sent')}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Button
          size="small"
          startIcon={<OpenInNewIcon />}
          href={invoice.hosted_invoice_url ?? ''}
          target="_blank"
          rel="noopener noreferrer"
          disabled={!invoice.hosted_invoice_url}
        >
          {translate('subscription.invoices.view')}
        </Button>
        <Button
          size="small"
          startIcon={<PictureAsPdfIcon />}
          href={invoice.invoice_pdf ?? ''}
          target="_blank"
          rel="noopener noreferrer"
          disabled={!invoice.invoice_pdf}
        >
          {translate('subscription.invoices.pdf')}
        </Button>
        <Button
          size="small"
          startIcon={sending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
          onClick={onSend}
          disabled={sending}
        >
          {translate(sending ? 'subscription.invoices.sending' : 'subscription.invoices.send')}
        </Button>
      </TableCell>
    </TableRow>
  );
};

import { useTranslate } from 'react-admin';
import { ToneChip } from '../ToneChip';
import { invoiceTone, KNOWN_INVOICE_STATUSES } from '../statusRules';

/** docs/product-spec.md §4 invoice badges; an unknown status shows its raw text in gray. */
export const InvoiceStatusChip = ({ status }: { status: string }) => {
  const translate = useTranslate();
  const label = KNOWN_INVOICE_STATUSES.includes(status) ? translate(`subscription.invoices.status.${status}`) : status;
  return <ToneChip label={label} tone={invoiceTone(status)} testId="invoice-status" />;
};

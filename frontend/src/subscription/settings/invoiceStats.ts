import type { Invoice } from '../../api/types';

/** Invoice Statistics (docs/product-spec.md §2): total over all pages; paid, open and e-mails sent over the page shown. */
export const invoiceStats = (invoices: Invoice[], total: number) => ({
  total,
  paid: invoices.filter((invoice) => invoice.status === 'paid').length,
  open: invoices.filter((invoice) => invoice.status === 'open').length,
  emailsSent: invoices.filter((invoice) => invoice.email_sent).length,
});

export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

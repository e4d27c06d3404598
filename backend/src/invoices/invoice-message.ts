import type { AccountWriting } from '../users/account-profile.service.js';
import type { Invoice } from './entities/invoice.entity.js';
import { invoiceFacts, type InvoiceParty } from './invoice-document.js';

/** The e-mail an invoice goes out with (its PDF attached): the facts of its PDF (invoiceFacts), around a greeting. */
export function invoiceMessage(
  invoice: Invoice,
  party: InvoiceParty,
  writing: AccountWriting,
): { subject: string; text: string } {
  const facts = invoiceFacts(invoice, party, writing)
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
  if (writing.language === 'ru') {
    return {
      subject: `Счёт ${invoice.invoiceNumber} от IFTA Fuel Tax`,
      text: `Здравствуйте, ${party.company_name}!\n\nВаш счёт ${invoice.invoiceNumber} во вложении.\n\n${facts}\n\nСпасибо,\nIFTA Fuel Tax\n`,
    };
  }
  return {
    subject: `Invoice ${invoice.invoiceNumber} from IFTA Fuel Tax`,
    text: `Hello ${party.company_name},\n\nYour invoice ${invoice.invoiceNumber} is attached.\n\n${facts}\n\nThank you,\nIFTA Fuel Tax\n`,
  };
}

import { formatIsoDate, todayIn } from '../ifta/index.js';
import type { AccountWriting } from '../users/account-profile.service.js';
import type { Invoice, InvoiceStatus } from './entities/invoice.entity.js';
import { type InvoiceParty, money } from './invoice-document.js';

const STATUS_RU: Record<InvoiceStatus, string> = {
  draft: 'черновик',
  open: 'открыт',
  paid: 'оплачен',
  void: 'аннулирован',
  uncollectible: 'безнадёжный',
};

/**
 * The e-mail an invoice goes out with (its PDF attached): the same facts as the PDF, in the account's language, each
 * date the day the account's clock read at that instant, in its date format.
 */
export function invoiceMessage(
  invoice: Invoice,
  party: InvoiceParty,
  writing: AccountWriting,
): { subject: string; text: string } {
  const day = (date: Date) => formatIsoDate(todayIn(writing.timeZone, date), writing.dateFormat);
  const amount = money(invoice.amount, invoice.currency);
  const period = `${day(invoice.periodStart)} - ${day(invoice.periodEnd)}`;
  const lines = (facts: Array<[string, string]>) => facts.map(([label, value]) => `${label}: ${value}`).join('\n');
  if (writing.language === 'ru') {
    // The description is stored in English; the standard one is said in Russian, one written by hand stays as it is.
    const description =
      invoice.description === `${invoice.planName} plan, monthly subscription`
        ? `Тариф ${invoice.planName}, ежемесячная подписка`
        : invoice.description;
    const facts = lines([
      ['Номер счёта', invoice.invoiceNumber],
      ['Статус', STATUS_RU[invoice.status] ?? invoice.status],
      ['Плательщик', `${party.company_name} <${party.email}>`],
      ['Выставлен', day(invoice.createdAt)],
      ['Период', period],
      ['Описание', description],
      ['Тариф', invoice.planName],
      ['Сумма', amount],
      ['Оплачен', invoice.paidAt ? day(invoice.paidAt) : 'не оплачен'],
    ]);
    return {
      subject: `Счёт ${invoice.invoiceNumber} от IFTA Fuel Tax`,
      text: `Здравствуйте, ${party.company_name}!\n\nВаш счёт ${invoice.invoiceNumber} во вложении.\n\n${facts}\n\nСпасибо,\nIFTA Fuel Tax\n`,
    };
  }
  const facts = lines([
    ['Invoice number', invoice.invoiceNumber],
    ['Status', invoice.status],
    ['Billed to', `${party.company_name} <${party.email}>`],
    ['Issued', day(invoice.createdAt)],
    ['Period', period],
    ['Description', invoice.description],
    ['Plan', invoice.planName],
    ['Amount', amount],
    ['Paid', invoice.paidAt ? day(invoice.paidAt) : 'not paid'],
  ]);
  return {
    subject: `Invoice ${invoice.invoiceNumber} from IFTA Fuel Tax`,
    text: `Hello ${party.company_name},\n\nYour invoice ${invoice.invoiceNumber} is attached.\n\n${facts}\n\nThank you,\nIFTA Fuel Tax\n`,
  };
}

import { roundTo, toNumber } from '@ifta/index';
import { formatInstant } from '../calendar/displaySettings';

/** docs/product-spec.md §2 Report list: the created date and HH:MM, in the account's date format and time zone. */
export const formatDateTime = (iso: string): string => formatInstant(iso, true);

const grouped = (digits: number, minimum = digits) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: minimum, maximumFractionDigits: digits });
const MILES = grouped(3, 0);
const ONE_DECIMAL = grouped(1);
const TWO_DECIMALS = grouped(2);
const MONEY = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Miles keep what was typed (at most the 3 stored decimals), grouped by thousands. */
export const formatMiles = (value: unknown): string => MILES.format(toNumber(value));
/** docs/product-spec.md §9: gallons purchased show 1 decimal. */
export const formatGallonsPurchased = (value: unknown): string => ONE_DECIMAL.format(toNumber(value));
/** Consumed and net gallons, 2 decimals as in the Excel export. */
// Rounded in decimal first: Intl rounds the binary double, and the double nearest 2.675 is below it.
export const formatGallons = (value: unknown): string => TWO_DECIMALS.format(roundTo(value, 2));
/** docs/product-spec.md §9: rates with a dollar sign and 4 decimals. */
export const formatTaxRate = (value: unknown): string => `$${toNumber(value).toFixed(4)}`;
/** Money with 2 decimals; a credit keeps its minus sign (-$45.00). Never "-$0.00". */
export const formatMoney = (value: unknown): string =>
  MONEY.format(toNumber(value) || 0).replace(/^-\$0\.00$/, '$0.00');
export const formatMpg = (value: unknown): string => TWO_DECIMALS.format(toNumber(value));

/** The part of react-admin's translate these helpers call; a test passes a plain function. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What a return pays (a total to remit, a balance): a negative figure is a credit the carrier claims, said in words
 * ("Credit $6.80", "Переплата $6.80"), never a minus sign a reader could take for an amount owed.
 */
export const formatRemit = (value: unknown, translate: Translate): string => {
  const amount = roundTo(value, 2);
  return amount < 0
    ? translate('reports.summary.credit_to_claim', { amount: formatMoney(-amount) })
    : formatMoney(amount);
};

/**
 * A report's title: an amendment shares its return's name, so it carries its number ("… — Amendment 1") wherever it
 * is listed or shown.
 */
export const reportTitle = (
  report: { name: string; amendment_number?: number | null },
  translate: Translate,
): string =>
  report.amendment_number
    ? translate('reports.amendment.title', { name: report.name, number: report.amendment_number })
    : report.name;

/** The name its downloads are saved under: an amendment's carries "Amendment-N", so it never overwrites the original. */
export const downloadBaseName = (report: { name: string; amendment_number?: number | null }): string =>
  report.amendment_number ? `${report.name}_Amendment-${report.amendment_number}` : report.name;

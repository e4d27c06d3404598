import { toNumber } from '@ifta/index';

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec §2 Report list: the created date as MM/DD/YYYY HH:MM in the browser's time zone. */
export const formatDateTime = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

const grouped = (digits: number, minimum = digits) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: minimum, maximumFractionDigits: digits });
const MILES = grouped(3, 0);
const ONE_DECIMAL = grouped(1);
const TWO_DECIMALS = grouped(2);
const MONEY = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Miles keep what was typed (at most the 3 stored decimals), grouped by thousands. */
export const formatMiles = (value: unknown): string => MILES.format(toNumber(value));
/** Spec §9: gallons purchased show 1 decimal. */
export const formatGallonsPurchased = (value: unknown): string => ONE_DECIMAL.format(toNumber(value));
/** Consumed and net gallons, 2 decimals as in the Excel export. */
export const formatGallons = (value: unknown): string => TWO_DECIMALS.format(toNumber(value));
/** Spec §9: rates with a dollar sign and 4 decimals. */
export const formatTaxRate = (value: unknown): string => `$${toNumber(value).toFixed(4)}`;
/** Money with 2 decimals; a credit keeps its minus sign (-$45.00). Never "-$0.00". */
export const formatMoney = (value: unknown): string =>
  MONEY.format(toNumber(value) || 0).replace(/^-\$0\.00$/, '$0.00');
export const formatMpg = (value: unknown): string => TWO_DECIMALS.format(toNumber(value));

import { formatInstant } from '../calendar/displaySettings';

/** docs/product-spec.md §9: rates show a dollar sign and 4 decimals. */
export const formatRate = (rate: number): string => `$${Number(rate).toFixed(4)}`;

/** The day in the account's date format (MM/DD/YYYY by default) and time zone. */
export const formatDate = (iso: string): string => formatInstant(iso, false);

/** Today's calendar date where the user is, as 'YYYY-MM-DD' (the date input's format). */
export const todayIsoDate = (now: Date = new Date()): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

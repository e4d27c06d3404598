/** Display formats of the dashboard, in the interface language's number style. */
const numberFormat = (locale: string, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options);

/** MPG keeps the 2 decimals it is stored with, without trailing zeros beyond the first (6.5, 6.42). */
export const formatMpg = (mpg: number, locale: string): string =>
  numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(mpg);

/** Gallons at 1 decimal (docs/product-spec.md §9), with a sign: negative is over-purchase, positive under-purchase. */
export const formatGallons = (gallons: number, locale: string): string =>
  numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(
    gallons,
  );

/** Whole gallons with a sign, for the chart's axis where decimals would only crowd the ticks. */
export const formatAxisGallons = (gallons: number, locale: string): string =>
  numberFormat(locale, { maximumFractionDigits: 0, signDisplay: 'exceptZero' }).format(gallons);

export const formatCount = (count: number, locale: string): string => numberFormat(locale, {}).format(count);

// Dates follow the tax-rate table's MM/DD/YYYY, the product's default date format.
export { formatDate } from '../tax-rates/format';

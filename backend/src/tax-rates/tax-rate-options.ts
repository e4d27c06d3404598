/** Fixed vocabularies of the tax-rate API (docs/product-spec.md §2, §3, §9). */
export const TAX_RATE_COUNTRIES = ['USA', 'Canada'] as const;
export type TaxRateCountry = (typeof TAX_RATE_COUNTRIES)[number];

export const TAX_RATE_SORT_FIELDS = ['name', 'rate', 'effective_date', 'created_at'] as const;
export type TaxRateSortField = (typeof TAX_RATE_SORT_FIELDS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const TAX_RATE_PAGE_SIZE = 20;
export const TAX_RATE_MAX_PAGE_SIZE = 1000;
export const ABBREVIATION_MAX_LENGTH = 10;
export const RATE_DECIMALS = 4;
/** numeric(10,4) holds at most 6 integer digits. */
export const RATE_MAX = 999999.9999;
export const BULK_MAX_IDS = 1000;

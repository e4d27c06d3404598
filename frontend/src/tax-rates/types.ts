/** A tax rate as the API answers it (spec §3 Tax rate). */
export interface TaxRate {
  id: string;
  name: string;
  abbreviation: string;
  /** US dollars per gallon, 4 decimals. */
  rate: number;
  country: TaxRateCountry;
  is_active: boolean;
  /** 'YYYY-MM-DD' */
  effective_date: string;
  created_at: string;
  updated_at: string;
  /** Issue 12: present when the list was asked for a quarter or a fuel type. */
  fuel_type?: string;
  kind?: 'base' | 'surcharge';
  rate_cad_per_litre?: number | null;
}

export const TAX_RATE_COUNTRIES = ['USA', 'Canada'] as const;
export type TaxRateCountry = (typeof TAX_RATE_COUNTRIES)[number];

/** What create and update send (spec §7): the rate as a number, the date as an ISO timestamp. */
export interface TaxRatePayload {
  name: string;
  abbreviation: string;
  rate: number;
  country: TaxRateCountry;
  is_active: boolean;
  effective_date: string;
}

/** Spec §9: the list screen asks 20 rows a page. */
export const TAX_RATE_PAGE_SIZE = 20;
export const ABBREVIATION_MAX_LENGTH = 10;
export const RATE_STEP = 0.0001;

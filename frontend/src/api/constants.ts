/**
 * Values the API accepts, each list once for the whole frontend. The `satisfies` clauses tie them to the types
 * generated from openapi.json, so a value the server drops or renames fails the type check here.
 */
import type { TaxRate, UserSettings } from './types';

// User settings (docs/product-spec.md §3): the options the Settings page offers, in its order.
export const CURRENCIES = ['USD', 'CAD'] as const satisfies readonly UserSettings['preferred_currency'][];
export const DATE_FORMATS = [
  'MM/DD/YYYY',
  'DD/MM/YYYY',
  'YYYY-MM-DD',
] as const satisfies readonly UserSettings['date_format'][];
export const TIMEZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Toronto',
  'America/Vancouver',
] as const satisfies readonly UserSettings['timezone'][];
/** The languages of the settings and of the screens' messages. */
export const LANGUAGES = ['en', 'ru'] as const satisfies readonly UserSettings['language'][];
export const TAX_PERIOD_TYPES = [
  'quarterly',
  'monthly',
] as const satisfies readonly UserSettings['default_tax_period_type'][];
/** The units the calculator and imports take (stored figures are always miles and US gallons). */
export const DISTANCE_UNITS = [
  'miles_gallons',
  'km_litres',
] as const satisfies readonly UserSettings['distance_unit'][];

/** The settings' own defaults, used before they are loaded and for a field the server leaves out. */
export const DEFAULT_SETTINGS: UserSettings = {
  default_mpg: 7.5,
  preferred_currency: 'USD',
  date_format: 'MM/DD/YYYY',
  timezone: 'America/New_York',
  language: 'en',
  email_notifications: true,
  report_reminders: true,
  company_address: '',
  company_phone: '',
  ifta_license_number: '',
  fein: '',
  base_jurisdiction: '',
  default_tax_period_type: 'quarterly',
  distance_unit: 'miles_gallons',
};

export const TAX_RATE_COUNTRIES = ['USA', 'Canada'] as const satisfies readonly TaxRate['country'][];

// Page sizes the lists ask for.
/** docs/product-spec.md §9: the tax-rate list asks 20 rows a page. */
export const TAX_RATE_PAGE_SIZE = 20;
/** The default page size of the server-side report list. */
export const REPORT_PAGE_SIZE = 25;
/** docs/product-spec.md §9: invoices 10 a page. */
export const INVOICE_PAGE_SIZE = 10;

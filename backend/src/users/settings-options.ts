/** The allowed values and defaults of the user settings (docs/product-spec.md §3, §9). */
export const CURRENCIES = ['USD', 'CAD'] as const;
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;
export const TIMEZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Toronto',
  'America/Vancouver',
] as const;
export const LANGUAGES = ['en', 'ru'] as const;
export const TAX_PERIOD_TYPES = ['quarterly', 'monthly'] as const;
/** The units distances and fuel are entered and imported in; stored figures are always miles and US gallons. */
export const DISTANCE_UNITS = ['miles_gallons', 'km_litres'] as const;
export type DistanceUnitSetting = (typeof DISTANCE_UNITS)[number];
export const MIN_MPG = 0;
export const MAX_MPG = 50;

export const DEFAULT_SETTINGS = {
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
} as const;

/** User settings of spec §3: field names as the API sends them, allowed values and defaults. */
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
export const SETTINGS_LANGUAGES = ['en', 'ru'] as const;
export const TAX_PERIOD_TYPES = ['quarterly', 'monthly'] as const;

export const MPG_MIN = 0;
export const MPG_MAX = 50;
export const MPG_STEP = 0.1;

export interface UserSettings {
  default_mpg: number;
  preferred_currency: (typeof CURRENCIES)[number];
  date_format: (typeof DATE_FORMATS)[number];
  timezone: (typeof TIMEZONES)[number];
  language: (typeof SETTINGS_LANGUAGES)[number];
  email_notifications: boolean;
  report_reminders: boolean;
  company_address: string;
  company_phone: string;
  ifta_license_number: string;
  default_tax_period_type: (typeof TAX_PERIOD_TYPES)[number];
}

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
  default_tax_period_type: 'quarterly',
};

/** Spec §5: a numeric input that cannot be parsed becomes 0. */
export const parseNumberInput = (raw: string): number => {
  const value = Number.parseFloat(raw);
  return Number.isFinite(value) ? value : 0;
};

/**
 * Keeps only the fields the form edits, so a PUT sends exactly the settings object
 * (the API rejects unknown fields such as ids or timestamps) and nulls become empty text.
 */
export const toSettingsForm = (raw: Partial<Record<keyof UserSettings, unknown>> | null | undefined): UserSettings => {
  const source = raw ?? {};
  const pick = <K extends keyof UserSettings>(key: K, allowed?: readonly unknown[]): UserSettings[K] => {
    const value = source[key];
    if (value === undefined || value === null) return DEFAULT_SETTINGS[key];
    if (allowed && !allowed.includes(value)) return DEFAULT_SETTINGS[key];
    return value as UserSettings[K];
  };
  const mpg = source.default_mpg;
  return {
    default_mpg:
      typeof mpg === 'number' ? mpg : typeof mpg === 'string' ? parseNumberInput(mpg) : DEFAULT_SETTINGS.default_mpg,
    preferred_currency: pick('preferred_currency', CURRENCIES),
    date_format: pick('date_format', DATE_FORMATS),
    timezone: pick('timezone', TIMEZONES),
    language: pick('language', SETTINGS_LANGUAGES),
    email_notifications: Boolean(pick('email_notifications')),
    report_reminders: Boolean(pick('report_reminders')),
    company_address: String(pick('company_address')),
    company_phone: String(pick('company_phone')),
    ifta_license_number: String(pick('ifta_license_number')),
    default_tax_period_type: pick('default_tax_period_type', TAX_PERIOD_TYPES),
  };
};

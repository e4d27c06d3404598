import { body, client, type JsonBody } from '../api/client';
import type { paths } from '../api/schema';
import {
  CURRENCIES,
  DATE_FORMATS,
  DEFAULT_SETTINGS,
  DISTANCE_UNITS,
  LANGUAGES,
  TAX_PERIOD_TYPES,
} from '../api/constants';
import type { Usage, UserSettings } from '../api/types';

/**
 * Keeps only the fields the form edits, so a PUT sends exactly the settings object
 * (the API rejects unknown fields such as ids or timestamps) and nulls become empty text.
 */
const toSettingsForm = (raw: Partial<Record<keyof UserSettings, unknown>> | null | undefined): UserSettings => {
  const source = raw ?? {};
  const pick = <K extends keyof UserSettings>(key: K, allowed?: readonly unknown[]): UserSettings[K] => {
    const value = source[key];
    if (value === undefined || value === null) return DEFAULT_SETTINGS[key];
    if (allowed && !allowed.includes(value)) return DEFAULT_SETTINGS[key];
    return value as UserSettings[K];
  };
  const mpg = typeof source.default_mpg === 'string' ? Number.parseFloat(source.default_mpg) : source.default_mpg;
  return {
    // docs/product-spec.md §5: an MPG that cannot be parsed becomes 0.
    default_mpg: typeof mpg === 'number' ? (Number.isFinite(mpg) ? mpg : 0) : DEFAULT_SETTINGS.default_mpg,
    preferred_currency: pick('preferred_currency', CURRENCIES),
    date_format: pick('date_format', DATE_FORMATS),
    // Any IANA zone the API accepted (Settings lists the product's six first, then the rest).
    timezone: typeof source.timezone === 'string' && source.timezone ? source.timezone : DEFAULT_SETTINGS.timezone,
    language: pick('language', LANGUAGES),
    email_notifications: Boolean(pick('email_notifications')),
    report_reminders: Boolean(pick('report_reminders')),
    company_address: String(pick('company_address')),
    company_phone: String(pick('company_phone')),
    ifta_license_number: String(pick('ifta_license_number')),
    fein: String(pick('fein')),
    base_jurisdiction: String(pick('base_jurisdiction')),
    default_tax_period_type: pick('default_tax_period_type', TAX_PERIOD_TYPES),
    distance_unit: pick('distance_unit', DISTANCE_UNITS),
  };
};

/** The settings resource (docs/product-spec.md §7): every answer goes through toSettingsForm, the one place its envelope is read. */
export interface SettingsMethods {
  getSettings: () => Promise<UserSettings>;
  updateSettings: (settings: UserSettings) => Promise<UserSettings>;
  resetSettings: () => Promise<UserSettings>;
  /** Used and allowed for each of the company's quotas (receipt storage, client companies, seats). */
  getUsage: () => Promise<Usage>;
}

export const settingsMethods: SettingsMethods = {
  getSettings: async () => toSettingsForm(await body(client.GET('/api/protected/user/settings'))),
  updateSettings: async (settings) =>
    toSettingsForm(
      await body(
        client.PUT('/api/protected/user/settings', {
          body: settings as JsonBody<paths['/api/protected/user/settings']['put']>,
        }),
      ),
    ),
  resetSettings: async () => toSettingsForm(await body(client.POST('/api/protected/user/settings/reset'))),
  getUsage: async () => (await body(client.GET('/api/protected/usage'))) as Usage,
};

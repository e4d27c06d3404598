import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { formatIsoDate, periodOptions, todayIn, type PeriodOptions } from '@ifta/filing-calendar';
import { readSettingsCache } from '../providers/authSession';
import { DEFAULT_SETTINGS } from '../api/constants';
import type { UserSettings } from '../api/types';

/** The settings that decide how dates and periods are shown (docs/product-spec.md §3 user settings). */
export interface DisplaySettings {
  dateFormat: string;
  timeZone: string;
  periodType: UserSettings['default_tax_period_type'];
  currency: UserSettings['preferred_currency'];
}

/** The settings' own defaults, used before they are loaded and outside a browser. */
const DEFAULT_DISPLAY: DisplaySettings = {
  dateFormat: DEFAULT_SETTINGS.date_format,
  timeZone: DEFAULT_SETTINGS.timezone,
  periodType: DEFAULT_SETTINGS.default_tax_period_type,
  currency: DEFAULT_SETTINGS.preferred_currency,
};

const text = (value: unknown, fallback: string): string => (typeof value === 'string' && value ? value : fallback);

/**
 * Read at render time from the settings the app caches after every load and save, so a formatter needs no
 * hook and every date on every page follows the account's latest saved choice.
 */
function readDisplaySettings(): DisplaySettings {
  const cached = readSettingsCache();
  const settings = typeof cached === 'object' && cached !== null ? (cached as Record<string, unknown>) : {};
  return {
    dateFormat: text(settings.date_format, DEFAULT_DISPLAY.dateFormat),
    timeZone: text(settings.timezone, DEFAULT_DISPLAY.timeZone),
    periodType: settings.default_tax_period_type === 'monthly' ? 'monthly' : 'quarterly',
    currency: settings.preferred_currency === 'CAD' ? 'CAD' : 'USD',
  };
}

/** A calendar day ('2026-11-02') in the account's date format. */
export const formatDay = (isoDay: string, display: DisplaySettings = readDisplaySettings()): string =>
  formatIsoDate(isoDay, display.dateFormat);

/** An instant ('2026-11-23T15:04:05Z') as the day, and optionally HH:MM, in the account's zone and format. */
export function formatInstant(
  iso: string,
  withTime: boolean,
  display: DisplaySettings = readDisplaySettings(),
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new TZDate(date.getTime(), display.timeZone);
  const day = formatIsoDate(format(local, 'yyyy-MM-dd'), display.dateFormat);
  return withTime ? `${day} ${format(local, 'HH:mm')}` : day;
}

/** Today in the account's time zone, ISO. */
export const todayForAccount = (display: DisplaySettings = readDisplaySettings()): string =>
  todayIn(display.timeZone, new Date());

/** The periods the calculator offers today: the current one and those before it, newest first. */
export const calculatorPeriodOptions = (display: DisplaySettings = readDisplaySettings()): PeriodOptions =>
  periodOptions(todayForAccount(display), display.periodType);

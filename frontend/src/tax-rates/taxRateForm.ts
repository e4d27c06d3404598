import { todayIsoDate } from './format';
import type { TaxRate, TaxRateCountry, TaxRatePayload } from '../api/types';

export const ABBREVIATION_MAX_LENGTH = 10;
export const RATE_STEP = 0.0001;

/** The modal's fields as typed; the rate stays text until it is sent. */
export interface TaxRateFormValues {
  name: string;
  abbreviation: string;
  rate: string;
  country: TaxRateCountry;
  effective_date: string;
  is_active: boolean;
}

/** docs/product-spec.md §5: effective date today, country USA, active. */
export const emptyTaxRateForm = (): TaxRateFormValues => ({
  name: '',
  abbreviation: '',
  rate: '',
  country: 'USA',
  effective_date: todayIsoDate(),
  is_active: true,
});

export const taxRateFormFrom = (rate: TaxRate): TaxRateFormValues => ({
  name: rate.name,
  abbreviation: rate.abbreviation,
  rate: Number(rate.rate).toFixed(4),
  country: rate.country,
  effective_date: rate.effective_date.slice(0, 10),
  is_active: rate.is_active,
});

/** The first problem as a translation key, or null (docs/product-spec.md §5 Tax rate form). */
export const validateTaxRateForm = (values: TaxRateFormValues): string | null => {
  if (!values.name.trim() || !values.abbreviation.trim() || values.rate.trim() === '') {
    return 'taxRates.form.required';
  }
  const rate = Number(values.rate);
  if (!Number.isFinite(rate)) return 'taxRates.form.invalid_rate';
  if (rate < 0) return 'taxRates.form.negative';
  if (!/^\d*(\.\d{0,4})?$/.test(values.rate.trim())) return 'taxRates.form.decimals';
  return null;
};

/** docs/product-spec.md §5: the rate as a number and the date as an ISO timestamp (midnight UTC of the chosen day). */
export const toTaxRatePayload = (values: TaxRateFormValues): TaxRatePayload => ({
  name: values.name.trim(),
  abbreviation: values.abbreviation.trim().toUpperCase(),
  rate: Number(values.rate),
  country: values.country,
  is_active: values.is_active,
  effective_date: new Date(`${values.effective_date || todayIsoDate()}T00:00:00.000Z`).toISOString(),
});

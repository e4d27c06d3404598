import { useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import {
  emptyTaxRateForm,
  taxRateFormFrom,
  toTaxRatePayload,
  validateTaxRateForm,
  ABBREVIATION_MAX_LENGTH,
  RATE_STEP,
  type TaxRateFormValues,
} from './taxRateForm';
import { TAX_RATE_COUNTRIES } from '../api/constants';
import type { TaxRate, TaxRateCountry } from '../api/types';
import { useTaxRateMutations } from './useTaxRateMutations';

interface Props {
  /** The rate being edited; absent for Create New Tax Rate. */
  rate?: TaxRate;
  onClose: () => void;
}

/** 'Create New Tax Rate' / 'Edit Tax Rate' modal (docs/product-spec.md §2, §5 Tax rate form). */
export const TaxRateFormDialog = ({ rate, onClose }: Props) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { create, update } = useTaxRateMutations();
  const [values, setValues] = useState<TaxRateFormValues>(() => (rate ? taxRateFormFrom(rate) : emptyTaxRateForm()));
  const editing = rate !== undefined;
  const busy = create.isPending || update.isPending;
  const set = (changes: Partial<TaxRateFormValues>) => setValues((current) => ({ ...current, ...changes }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = validateTaxRateForm(values);
    if (problem) {
      notify(problem, { type: 'error' });
      return;
    }
    const data = toTaxRatePayload(values);
    if (rate) update.mutate({ id: rate.id, data, previous: rate }, { onSuccess: onClose });
    else create.mutate(data, { onSuccess: onClose });
  };

  const submitLabel = editing
    ? translate(busy ? 'taxRates.form.saving' : 'taxRates.form.save')
    : translate(busy ? 'taxRates.form.creating' : 'taxRates.form.create');

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{translate(editing ? 'taxRates.form.edit_title' : 'taxRates.form.create_title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              required
              name="name"
              label={translate('taxRates.form.name')}
              value={values.name}
              onChange={(event) => set({ name: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TextField
              required
              name="abbreviation"
              label={translate('taxRates.form.abbreviation')}
              value={values.abbreviation}
              onChange={(event) => set({ abbreviation: event.target.value.toUpperCase() })}
              slotProps={{ htmlInput: { maxLength: ABBREVIATION_MAX_LENGTH } }}
            />
            <TextField
              required
              name="rate"
              type="number"
              label={translate('taxRates.form.rate')}
              value={values.rate}
              onChange={(event) => set({ rate: event.target.value })}
              slotProps={{ htmlInput: { min: 0, step: RATE_STEP, inputMode: 'decimal' } }}
            />
            <TextField
              select
              name="country"
              label={translate('taxRates.form.country')}
              value={values.country}
              onChange={(event) => set({ country: event.target.value as TaxRateCountry })}
            >
              {TAX_RATE_COUNTRIES.map((country) => (
                <MenuItem key={country} value={country}>
                  {translate(`taxRates.countries.${country}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              name="effective_date"
              type="date"
              label={translate('taxRates.form.effective_date')}
              value={values.effective_date}
              onChange={(event) => set({ effective_date: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormControlLabel
              control={
                <Checkbox
                  name="is_active"
                  checked={values.is_active}
                  onChange={(event) => set({ is_active: event.target.checked })}
                />
              }
              label={translate('taxRates.form.active')}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {translate('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

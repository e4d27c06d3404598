import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useCreate, useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { formatDay } from '../calendar/displaySettings';
import { errorMessage } from '../providers/httpClient';
import { OPERATOR_RESOURCES, type InterestRatePeriodRecord } from '../providers/operatorProvider';
import type { InterestRatePeriodPayload } from '../api/types';
import { fieldErrors, fractionToPercentInput, percentToFraction } from './operatorConsole';

interface FormValues {
  effective_from: string;
  effective_to: string;
  annual_rate: string;
  source: string;
}
type FormErrors = Partial<Record<keyof FormValues, string>>;
type NewPeriod = InterestRatePeriodPayload & { effective_from: string };

/** What the browser can tell before asking the server: every field filled, the rate a percentage. */
const checkForm = (values: FormValues, translate: (key: string) => string): FormErrors => {
  const errors: FormErrors = {};
  for (const field of ['effective_from', 'effective_to', 'annual_rate', 'source'] as const)
    if (!values[field].trim()) errors[field] = translate('operator.interest.form.required');
  if (!errors.annual_rate && percentToFraction(values.annual_rate) === null)
    errors.annual_rate = translate('operator.interest.form.bad_rate');
  return errors;
};

/** Add a period, or edit the one that starts on `period`'s first day (which names it, so it is not editable). */
export const InterestRateDialog = ({
  period,
  onClose,
}: {
  period: InterestRatePeriodRecord | null;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [values, setValues] = useState<FormValues>(() =>
    period
      ? {
          effective_from: period.effective_from,
          effective_to: period.effective_to,
          annual_rate: fractionToPercentInput(period.annual_rate),
          source: period.source,
        }
      : { effective_from: '', effective_to: '', annual_rate: '', source: '' },
  );
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, creating] = useCreate<NewPeriod, unknown, InterestRatePeriodRecord>();
  // The PUT body is the payload, not the record the list holds (whose rate is text): typed as what is sent.
  const [update, updating] = useUpdate<InterestRatePeriodPayload & { id: string }>();
  const saving = creating.isPending || updating.isPending;

  const set = (field: keyof FormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = checkForm(values, translate);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const payload: InterestRatePeriodPayload = {
      effective_to: values.effective_to,
      annual_rate: percentToFraction(values.annual_rate) ?? 0,
      source: values.source.trim(),
    };
    const date = formatDay(values.effective_from);
    const options = {
      mutationMode: 'pessimistic' as const,
      onSuccess: () => {
        notify(translate('operator.interest.form.saved', { date }), { type: 'success' });
        // The years no period covers come with the list: read them again.
        refresh();
        onClose();
      },
      onError: (error: unknown) => {
        const fields = fieldErrors(error);
        const { effective_from, effective_to, annual_rate, source } = fields;
        setErrors({ effective_from, effective_to, annual_rate, source });
        // A message no field claims is shown above the form.
        if (!effective_from && !effective_to && !annual_rate && !source)
          setFailure(
            translate('operator.interest.form.error', {
              message: translate(errorMessage(error, 'operator.unknown_error')),
            }),
          );
      },
    };
    if (period) {
      update(OPERATOR_RESOURCES.interestRates, { id: period.id, data: payload }, options);
    } else {
      create(
        OPERATOR_RESOURCES.interestRates,
        { data: { ...payload, effective_from: values.effective_from } },
        options,
      );
    }
  };

  const field = (name: keyof FormValues, type: string, helpKey?: string) => ({
    name,
    type,
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name)(event.target.value),
    label: translate(`operator.interest.form.${name}`),
    error: Boolean(errors[name]),
    helperText: errors[name] ?? (helpKey ? translate(helpKey) : undefined),
    fullWidth: true,
    required: true,
    disabled: saving,
    slotProps: { inputLabel: { shrink: true } },
  });

  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>
          {period
            ? translate('operator.interest.form.edit_title', { date: formatDay(period.effective_from) })
            : translate('operator.interest.form.add_title')}
        </DialogTitle>
        <DialogContent>
          {failure ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          ) : null}
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField {...field('effective_from', 'date')} disabled={saving || period !== null} />
              <TextField {...field('effective_to', 'date')} />
            </Stack>
            <TextField
              {...field('annual_rate', 'text', 'operator.interest.form.annual_rate_help')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField {...field('source', 'text', 'operator.interest.form.source_help')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {translate('operator.interest.form.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate(saving ? 'operator.interest.form.saving' : 'operator.interest.form.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

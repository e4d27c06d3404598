import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useNotify, useTranslate, useUpdate } from 'react-admin';
import { FUEL_TYPES } from '@ifta/index';
import { errorMessage } from '../providers/httpClient';
import type { Vehicle, VehiclePayload } from '../api/types';
import {
  emptyVehicleForm,
  serverFieldErrors,
  toVehiclePayload,
  validateVehicleForm,
  vehicleFormFrom,
  PLATE_MAX_LENGTH,
  UNIT_MAX_LENGTH,
  type VehicleField,
  type VehicleFormErrors,
  type VehicleFormValues,
} from './vehicleForm';

interface Props {
  /** The vehicle being edited; absent for a new one. */
  vehicle?: Vehicle;
  onClose: () => void;
}

/** New vehicle / Edit vehicle: each field's problem under it, the server's included (a unit taken, a bad VIN). */
export const VehicleFormDialog = ({ vehicle, onClose }: Props) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [createOne, createState] = useCreate<Vehicle>();
  const [updateOne, updateState] = useUpdate<Vehicle>();
  const [values, setValues] = useState<VehicleFormValues>(() =>
    vehicle ? vehicleFormFrom(vehicle) : emptyVehicleForm(),
  );
  const [errors, setErrors] = useState<VehicleFormErrors>({});
  const editing = vehicle !== undefined;
  const busy = createState.isPending || updateState.isPending;
  const set = (field: VehicleField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const options = {
    mutationMode: 'pessimistic' as const,
    onSuccess: () => {
      notify(editing ? 'vehicles.messages.updated' : 'vehicles.messages.created', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['vehicles'] });
      onClose();
    },
    onError: (error: unknown) => {
      const fields = serverFieldErrors((error as { body?: unknown } | null)?.body);
      setErrors(fields);
      notify(errorMessage(error, 'vehicles.errors.save'), { type: 'error' });
    },
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems = validateVehicleForm(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const data: VehiclePayload = toVehiclePayload(values);
    if (vehicle) updateOne('vehicles', { id: vehicle.id, data, previousData: vehicle }, options);
    else createOne('vehicles', { data }, options);
  };

  const field = (name: VehicleField) => ({
    name,
    value: values[name],
    error: Boolean(errors[name]),
    helperText: errors[name] ? translate(errors[name], { _: errors[name] }) : undefined,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <form
        onSubmit={submit}
        noValidate
        aria-label={translate(editing ? 'vehicles.form.edit_title' : 'vehicles.form.create_title')}
      >
        <DialogTitle>{translate(editing ? 'vehicles.form.edit_title' : 'vehicles.form.create_title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              required
              label={translate('vehicles.form.unit')}
              {...field('unit')}
              slotProps={{ htmlInput: { maxLength: UNIT_MAX_LENGTH } }}
            />
            <TextField
              select
              label={translate('vehicles.form.fuel_type')}
              {...field('fuel_type')}
              helperText={
                errors.fuel_type
                  ? translate(errors.fuel_type, { _: errors.fuel_type })
                  : translate('vehicles.form.fuel_type_hint')
              }
            >
              {FUEL_TYPES.map((fuel) => (
                <MenuItem key={fuel} value={fuel}>
                  {translate(`rateHistory.fuel_types.${fuel}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={translate('vehicles.form.vin')}
              {...field('vin')}
              onChange={(event) => set('vin', event.target.value.toUpperCase())}
              slotProps={{ htmlInput: { maxLength: 17, autoCapitalize: 'characters', spellCheck: false } }}
            />
            <TextField
              label={translate('vehicles.form.plate')}
              {...field('plate')}
              slotProps={{ htmlInput: { maxLength: PLATE_MAX_LENGTH } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                fullWidth
                type="date"
                label={translate('vehicles.form.active_from')}
                {...field('active_from')}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                fullWidth
                type="date"
                label={translate('vehicles.form.active_to')}
                {...field('active_to')}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {translate('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate(busy ? 'vehicles.form.saving' : 'vehicles.form.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

import type { Vehicle, VehiclePayload } from '../api/types';

export const UNIT_MAX_LENGTH = 50;
export const PLATE_MAX_LENGTH = 20;
/** 17 letters and digits without I, O and Q (they read as 1 and 0), as the server checks it. */
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The form's fields as typed; blanks are sent as null. */
export interface VehicleFormValues {
  unit: string;
  fuel_type: VehiclePayload['fuel_type'];
  vin: string;
  plate: string;
  active_from: string;
  active_to: string;
}

export type VehicleField = keyof VehicleFormValues;
/** A field's problem: a translation key of vehicles.form.errors, or the server's own sentence. */
export type VehicleFormErrors = Partial<Record<VehicleField, string>>;

export const emptyVehicleForm = (): VehicleFormValues => ({
  unit: '',
  fuel_type: 'diesel',
  vin: '',
  plate: '',
  active_from: '',
  active_to: '',
});

export const vehicleFormFrom = (vehicle: Vehicle): VehicleFormValues => ({
  unit: vehicle.unit,
  fuel_type: vehicle.fuel_type,
  vin: vehicle.vin ?? '',
  plate: vehicle.plate ?? '',
  active_from: vehicle.active_from ?? '',
  active_to: vehicle.active_to ?? '',
});

/** Every field's problem before anything is sent, as translation keys; empty when the form may be saved. */
export const validateVehicleForm = (values: VehicleFormValues): VehicleFormErrors => {
  const errors: VehicleFormErrors = {};
  const unit = values.unit.trim();
  if (!unit) errors.unit = 'vehicles.form.errors.unit_required';
  else if (unit.length > UNIT_MAX_LENGTH) errors.unit = 'vehicles.form.errors.unit_too_long';
  const vin = values.vin.trim().toUpperCase();
  if (vin && !VIN.test(vin)) errors.vin = 'vehicles.form.errors.vin';
  if (values.plate.trim().length > PLATE_MAX_LENGTH) errors.plate = 'vehicles.form.errors.plate_too_long';
  if (values.active_from && !DATE.test(values.active_from)) errors.active_from = 'vehicles.form.errors.date';
  if (values.active_to && !DATE.test(values.active_to)) errors.active_to = 'vehicles.form.errors.date';
  if (!errors.active_from && !errors.active_to && values.active_from && values.active_to) {
    if (values.active_to < values.active_from) errors.active_to = 'vehicles.form.errors.dates_order';
  }
  return errors;
};

export const toVehiclePayload = (values: VehicleFormValues): VehiclePayload => ({
  unit: values.unit.trim(),
  fuel_type: values.fuel_type,
  vin: values.vin.trim().toUpperCase() || null,
  plate: values.plate.trim() || null,
  active_from: values.active_from || null,
  active_to: values.active_to || null,
});

/** The server's 400 or 409 names its fields (`fields`): each one's sentence goes under that field of the form. */
export const serverFieldErrors = (body: unknown): VehicleFormErrors => {
  const fields = (body as { fields?: unknown } | null)?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  const known: VehicleField[] = ['unit', 'fuel_type', 'vin', 'plate', 'active_from', 'active_to'];
  return Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [VehicleField, string] =>
        known.includes(entry[0] as VehicleField) && typeof entry[1] === 'string',
    ),
  );
};

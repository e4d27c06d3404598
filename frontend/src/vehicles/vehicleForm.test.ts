import { describe, expect, test } from 'vitest';
import { emptyVehicleForm, serverFieldErrors, toVehiclePayload, validateVehicleForm } from './vehicleForm';

const form = (changes: object) => ({ ...emptyVehicleForm(), unit: 'T-1', ...changes });

describe('the vehicle form', () => {
  test('needs a unit', () => {
    expect(validateVehicleForm(form({ unit: '  ' }))).toEqual({ unit: 'vehicles.form.errors.unit_required' });
  });

  test.each(['1FUJGLDR12LM1234', '1FUJGLDR12LM1234O', 'IFUJGLDR12LM12345', '1FUJGLDR12LM1234Q', '1FUJ-LDR12LM12345'])(
    'refuses the VIN %s',
    (vin) => {
      expect(validateVehicleForm(form({ vin }))).toEqual({ vin: 'vehicles.form.errors.vin' });
    },
  );

  test('takes a VIN typed in small letters, and sends it in capitals', () => {
    const values = form({ vin: ' 1fujgldr12lm12345 ' });
    expect(validateVehicleForm(values)).toEqual({});
    expect(toVehiclePayload(values).vin).toBe('1FUJGLDR12LM12345');
  });

  test('refuses an end before the start', () => {
    expect(validateVehicleForm(form({ active_from: '2026-06-01', active_to: '2026-05-31' }))).toEqual({
      active_to: 'vehicles.form.errors.dates_order',
    });
    expect(validateVehicleForm(form({ active_from: '2026-06-01', active_to: '2026-06-01' }))).toEqual({});
  });

  test('sends blanks as null', () => {
    expect(toVehiclePayload(form({ plate: ' ' }))).toEqual({
      unit: 'T-1',
      fuel_type: 'diesel',
      vin: null,
      plate: null,
      active_from: null,
      active_to: null,
    });
  });

  test("puts the server's sentences under the fields it names, and nothing else", () => {
    expect(
      serverFieldErrors({ error: 'x', fields: { unit: 'A vehicle with unit T-1 exists', odometer: 'unknown' } }),
    ).toEqual({ unit: 'A vehicle with unit T-1 exists' });
    expect(serverFieldErrors(null)).toEqual({});
  });
});

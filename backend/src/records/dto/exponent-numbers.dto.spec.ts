import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { FuelPurchaseDto } from './record.dto.js';
import { RecordsHealthSettingsDto } from '../health/dto/records-health.dto.js';

// Tiny numbers print in exponent notation ("3e-323"); a decimal-places check that splits the printed number on '.'
// threw inside validation, and the request answered 500 instead of naming the field.
const messagesFor = async <T extends object>(type: new () => T, body: object, field: string) => {
  const errors = await validate(plainToInstance(type, body), { stopAtFirstError: true });
  return Object.values(errors.find((error) => error.property === field)?.constraints ?? {});
};

describe('numbers in exponent notation are refused by name, never thrown on', () => {
  it.each([3e-323, 1e-7, 5e-324])('records health settings: mpg_min and mpg_max of %p', async (tiny) => {
    const body = { mpg_min: tiny, mpg_max: tiny, no_fuel_miles: 1500 };
    expect(await messagesFor(RecordsHealthSettingsDto, body, 'mpg_min')).toEqual([
      'mpg_min must have at most 2 decimal places',
    ]);
    expect(await messagesFor(RecordsHealthSettingsDto, body, 'mpg_max')).toEqual([
      'mpg_max must have at most 2 decimal places',
    ]);
  });

  it.each([3e-323, 1e-7])('a fuel purchase: total_price of %p', async (tiny) => {
    expect(await messagesFor(FuelPurchaseDto, { total_price: tiny }, 'total_price')).toEqual([
      'total_price must have at most 2 decimal places',
    ]);
  });

  it('keeps accepting two decimals', async () => {
    const body = { mpg_min: 4.25, mpg_max: 8.5, no_fuel_miles: 1500 };
    expect(await messagesFor(RecordsHealthSettingsDto, body, 'mpg_max')).toEqual([]);
  });
});

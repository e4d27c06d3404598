import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * True when `value` is a finite number with at most `places` decimals. class-validator's own
 * `IsNumber({ maxDecimalPlaces })` splits `String(value)` on '.', which throws on exponent notation
 * (`1e-7`, `5e-324`) and turned such a rate into a 500; rounding and comparing handles every number.
 */
export function hasAtMostDecimals(value: unknown, places: number): boolean {
  return typeof value === 'number' && Number.isFinite(value) && Number(value.toFixed(places)) === value;
}

export const MaxDecimalPlaces = (places: number, options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'maxDecimalPlaces',
      constraints: [places],
      validator: {
        validate: (value) => hasAtMostDecimals(value, places),
        defaultMessage: () => `$property must have at most ${places} decimal places`,
      },
    },
    options,
  );

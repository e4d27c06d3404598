import { INPUT_SCALE, roundDecimal } from '@ifta/index';

export type StoredInput = keyof typeof INPUT_SCALE;

/**
 * A typed number as the server will store it (rates 4 decimals, miles and gallons 3, MPG 2; half away from zero),
 * written back into the field when it loses focus so the person sees the figure the preview and the report use.
 * Blank stays blank (a required field keeps saying so).
 */
export function atStoredScale(value: string, input: StoredInput): string {
  if (value.trim() === '') return value;
  return roundDecimal(value, INPUT_SCALE[input]).toString();
}

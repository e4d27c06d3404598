import type { ValueTransformer } from 'typeorm';

/** PostgreSQL `numeric` arrives as a string to keep precision; our values fit a double at their stated scale. */
export const numericTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

import { ValidateBy, type ValidationOptions } from 'class-validator';
import { parsePeriod, PERIOD_YEAR_RANGE } from '../../ifta/index.js';

/** A quarter 'Q1-2026' or a month '2026-01' within PERIOD_YEAR_RANGE; blank stays allowed (the spec's optional field). */
export const IsTaxPeriod = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isTaxPeriod',
      validator: {
        validate: (value) => value === '' || (typeof value === 'string' && parsePeriod(value) !== null),
        defaultMessage: (args) =>
          `${args?.property ?? 'tax_period'} must be a quarter such as Q3-2026 or a month such as 2026-07, ` +
          `in the years ${PERIOD_YEAR_RANGE.min} to ${PERIOD_YEAR_RANGE.max}`,
      },
    },
    options,
  );

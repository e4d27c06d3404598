import { ValidateBy, type ValidationOptions } from 'class-validator';
import { isIsoDate } from '../../ifta/index.js';

/** A real calendar day as YYYY-MM-DD from 2000 on; the service also refuses a day after today. */
export const IsFilingDate = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isFilingDate',
      validator: {
        validate: (value) => typeof value === 'string' && isIsoDate(value) && value >= '2000-01-01',
        defaultMessage: (args) => `${args?.property ?? 'filed_at'} must be a date as YYYY-MM-DD, from 2000-01-01 on`,
      },
    },
    options,
  );

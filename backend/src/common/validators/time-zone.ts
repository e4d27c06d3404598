import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * Every zone of the IANA database this runtime knows (Intl's list holds the canonical names, so UTC and the old
 * aliases such as US/Eastern are added as Intl itself accepts them). The documents, e-mails and SQL that read the
 * setting use the same database, so a zone accepted here is one they can write in.
 */
const knownZones = new Set(Intl.supportedValuesOf('timeZone'));

export const isTimeZone = (value: unknown): value is string => {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  if (knownZones.has(value)) return true;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
};

/** An IANA time zone name such as America/New_York or Europe/Berlin. */
export const IsTimeZone = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isTimeZone',
      validator: {
        validate: isTimeZone,
        defaultMessage: (args) =>
          `${args?.property ?? 'timezone'} must be an IANA time zone such as America/New_York or Europe/Berlin`,
      },
    },
    options,
  );

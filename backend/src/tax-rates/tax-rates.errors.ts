import { ConflictException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';

const ONE_ACTIVE_INDEX = 'tax_rates_one_active_per_series_date';

/** The 409 of the spec's one-active-rate rule. */
export const activeRateExists = (abbreviation: string) =>
  new ConflictException({ error: `An active tax rate for ${abbreviation} already exists` });

/**
 * The 409 for a second active rate of one jurisdiction, or undefined when `error` is something else.
 * PostgreSQL names the clashing key in its detail: `Key (user_id, upper(abbreviation::text), …)=(…, CA, …) already exists.`
 */
export function activeRateConflict(error: unknown, fallbackAbbreviation?: string): ConflictException | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError = error.driverError as { code?: string; constraint?: string; detail?: string };
  if (driverError.code !== '23505' || driverError.constraint !== ONE_ACTIVE_INDEX) return undefined;
  const fromDetail = /=\([^,]+,\s*([^,)]+)/.exec(driverError.detail ?? '')?.[1];
  return activeRateExists(fromDetail ?? fallbackAbbreviation ?? 'this jurisdiction');
}

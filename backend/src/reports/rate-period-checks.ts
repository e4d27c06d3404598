import { type RatesByFuel, ratePeriodOn, ratesQuarterOf } from '../ifta/index.js';
import { parseQuarter } from '../tax-rates/quarter.js';

/** A line as the rate-period checks read it. */
interface PeriodLine {
  position: number;
  code: string;
  fuelType: string;
  rateFrom: string | null;
}

/**
 * `rate_from` names a rate period of the report's own quarter, and only an official return has rate periods: a day
 * outside the quarter (or on a worksheet) is a 400 naming the line, never a line priced at another quarter's rate.
 */
export function ratePeriodsOutside(
  lines: readonly PeriodLine[],
  period: string,
  official: boolean,
): Record<string, string> {
  const fields: Record<string, string> = {};
  const label = ratesQuarterOf(period);
  const quarter = label ? parseQuarter(label) : undefined;
  for (const line of lines) {
    if (!line.rateFrom) continue;
    const field = `jurisdictions.${line.position}.rate_from`;
    if (!official) fields[field] = `${field}: rate periods belong to official returns (calculation_mode "official")`;
    else if (!quarter || line.rateFrom < quarter.start || line.rateFrom > quarter.end) {
      fields[field] = `${field} (${line.rateFrom}) must be a day of the report's quarter ${label ?? period}`;
    }
  }
  return fields;
}

/**
 * Two lines of one jurisdiction and fuel type must report different rate periods (the quarter's table says where
 * each begins): two lines in the same period would tax those miles at one rate twice over. A 400 names the second.
 */
export function samePeriodTwice(
  lines: readonly PeriodLine[],
  rates: RatesByFuel,
  period: string,
): Record<string, string> {
  const fields: Record<string, string> = {};
  const start = parseQuarter(ratesQuarterOf(period) ?? '')?.start ?? '';
  const seen = new Map<string, number>();
  for (const line of lines) {
    const table = rates.get(line.fuelType)?.get(line.code.toUpperCase());
    const periodStart = (table && ratePeriodOn(table, line.rateFrom)?.from) ?? start;
    const key = `${line.code}|${line.fuelType}|${periodStart}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, line.position);
    else {
      const field = `jurisdictions.${line.position}.rate_from`;
      fields[field] =
        `${field}: jurisdictions.${first} already reports ${line.code}'s ${line.fuelType} rate period from ` +
        `${periodStart}; a second line needs a date of another rate period, or its miles and gallons added to it`;
    }
  }
  return fields;
}

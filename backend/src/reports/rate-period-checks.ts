import { UnprocessableEntityException } from '@nestjs/common';
import { type RatesByFuel, ratePeriodOn, ratePeriodSplits, ratesQuarterOf } from '../ifta/index.js';
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

/**
 * A jurisdiction whose rate changes inside the report's days (California 4Q2017: $0.37, then $0.57 from 11/01)
 * reported on one line without `rate_from` would be priced entirely at the quarter's first rate, since quarter totals
 * cannot say which miles fell before the change. That line is a 422 naming the jurisdiction, its rate periods and
 * the `rate_from` a second line takes; a line that names its period (`rate_from`), or a jurisdiction already split
 * into lines, is the carrier's own statement and is priced as given. A monthly report whose month lies wholly in a
 * later period is refused the same way rather than priced at the first. Quarters without a change are untouched.
 */
export function refuseOneLineAcrossRatePeriods(lines: readonly PeriodLine[], rates: RatesByFuel, period: string): void {
  const fields: Record<string, string> = {};
  for (const split of ratePeriodSplits(lines, rates, period)) {
    const field = `jurisdictions.${split.position}.rate_from`;
    const { code, fuelType, periods } = split;
    if (split.kind === 'split') {
      const spans = periods.map(({ from, to, rate }) => `${from} – ${to}: ${Number(rate)}`).join('; ');
      const later = periods
        .slice(1)
        .map(({ from }) => from)
        .join(', ');
      fields[field] =
        `${field}: ${code}'s ${fuelType} rate changes inside ${split.quarter} (${spans}): report one line per rate ` +
        `period, this line for the first and a line with rate_from ${later} for each later one; if all of this ` +
        "line's miles and gallons fall in one period, give it that period's first day as rate_from";
    } else {
      const [{ from, rate, period: only }] = periods;
      fields[field] =
        `${field}: ${code}'s ${fuelType} rate for ${period} is the one from ${only.from} (${Number(rate)}), not the ` +
        `quarter's first: give this line rate_from ${from}`;
    }
  }
  const sentence = Object.values(fields).join('; ');
  if (sentence) throw new UnprocessableEntityException({ error: sentence, message: sentence, fields });
}

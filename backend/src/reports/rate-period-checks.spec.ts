import { describe, expect, it } from '@jest/globals';
import { UnprocessableEntityException } from '@nestjs/common';
import { foldRatesInForce } from '../ifta/index.js';
import { refuseOneLineAcrossRatePeriods } from './rate-period-checks.js';

/** California raised diesel inside 4Q2017: $0.37 from 10/01, $0.57 from 11/01; Nevada held $0.27 all quarter. */
const Q4_2017 = new Map([
  [
    'diesel',
    foldRatesInForce([
      { code: 'CA', kind: 'base', rate: '0.3700', effective_from: '2017-10-01' },
      { code: 'CA', kind: 'base', rate: '0.5700', effective_from: '2017-11-01' },
      { code: 'NV', kind: 'base', rate: '0.2700', effective_from: '2017-10-01' },
    ]),
  ],
]);

const line = (position: number, code: string, rateFrom: string | null = null) => ({
  position,
  code,
  fuelType: 'diesel',
  rateFrom,
});

/** The 422's per-field messages, or undefined when the lines pass. */
function refusal(lines: ReturnType<typeof line>[], period: string): Record<string, string> | undefined {
  try {
    refuseOneLineAcrossRatePeriods(lines, Q4_2017, period);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(UnprocessableEntityException);
    const body = (error as UnprocessableEntityException).getResponse() as { fields: Record<string, string> };
    expect((error as UnprocessableEntityException).getStatus()).toBe(422);
    return body.fields;
  }
}

describe('one line across a mid-quarter rate change', () => {
  it("refuses California's single 4Q2017 line, naming both periods and the second line's rate_from", () => {
    expect(refusal([line(0, 'CA'), line(1, 'NV')], 'Q4-2017')).toEqual({
      'jurisdictions.0.rate_from':
        "jurisdictions.0.rate_from: CA's diesel rate changes inside Q4-2017 (2017-10-01 – 2017-10-31: 0.37; " +
        '2017-11-01 – 2017-12-31: 0.57): report one line per rate period, this line for the first and a line with ' +
        "rate_from 2017-11-01 for each later one; if all of this line's miles and gallons fall in one period, give " +
        "it that period's first day as rate_from",
    });
  });

  it('passes California split into its two periods, and a lone line that names its period', () => {
    expect(refusal([line(0, 'CA'), line(1, 'CA', '2017-11-01'), line(2, 'NV')], 'Q4-2017')).toBeUndefined();
    expect(refusal([line(0, 'CA', '2017-10-01')], 'Q4-2017')).toBeUndefined();
    expect(refusal([line(0, 'CA', '2017-11-01')], 'Q4-2017')).toBeUndefined();
  });

  it('leaves a jurisdiction without a change, and a fuel with no table, as they were', () => {
    expect(refusal([line(0, 'NV')], 'Q4-2017')).toBeUndefined();
    expect(refusal([{ ...line(0, 'CA'), fuelType: 'gasoline' }], 'Q4-2017')).toBeUndefined();
  });

  it("takes a monthly filer's month: October is the first period alone, November is refused at October's rate", () => {
    expect(refusal([line(0, 'CA')], '2017-10')).toBeUndefined();
    expect(refusal([line(0, 'CA')], '2017-11')).toEqual({
      'jurisdictions.0.rate_from':
        "jurisdictions.0.rate_from: CA's diesel rate for 2017-11 is the one from 2017-11-01 (0.57), not the " +
        "quarter's first: give this line rate_from 2017-11-01",
    });
    expect(refusal([line(0, 'CA', '2017-11-01')], '2017-11')).toBeUndefined();
  });
});

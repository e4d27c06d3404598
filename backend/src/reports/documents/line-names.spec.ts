import { describe, expect, it } from '@jest/globals';
import { lineNames } from './return-document.js';

const row = (name: string, code: string, rateFrom: string | null = null, fuelType = 'diesel') => ({
  name,
  code,
  fuelType,
  rateFrom,
});

describe("documents' line names", () => {
  it("date each line of a jurisdiction split into rate periods, in the account's date format and language", () => {
    const rows = [row('California', 'CA'), row('California', 'CA', '2017-11-01'), row('Nevada', 'NV')];
    const official = { calculationMode: 'official' as const, period: 'Q4-2017', taxPeriod: 'Q4-2017' };
    expect(lineNames(official, rows, 'en', 'MM/DD/YYYY')).toEqual([
      'California (10/01/2017 to 10/31/2017)',
      'California (11/01/2017 to 12/31/2017)',
      'Nevada',
    ]);
    expect(lineNames(official, rows, 'ru', 'DD/MM/YYYY')[1]).toBe('California (с 01/11/2017 по 31/12/2017)');
    // A report that keeps its period in tax_period only is dated the same way.
    expect(lineNames({ ...official, period: '' }, rows, 'en')[0]).toBe('California (2017-10-01 to 2017-10-31)');
  });

  it('leave a worksheet and a return without a split as they were', () => {
    const rows = [row('California', 'CA'), row('Nevada', 'NV')];
    expect(lineNames({ calculationMode: 'official', period: 'Q4-2017', taxPeriod: 'Q4-2017' }, rows, 'en')).toEqual([
      'California',
      'Nevada',
    ]);
    expect(
      lineNames(
        { calculationMode: 'worksheet', period: 'Q4-2017', taxPeriod: 'Q4-2017' },
        [...rows, row('California', 'CA', '2017-11-01')],
        'en',
      ),
    ).toEqual(['California', 'Nevada', 'California']);
  });
});

import { describe, expect, it } from '@jest/globals';
import { foldRatesInForce } from './official.js';
import { linePeriods, ratePeriodSplits, reportDays } from './rate-periods.js';

const line = (code: string, rateFrom: string | null = null, fuelType = 'diesel') => ({ code, fuelType, rateFrom });

describe('the days a report and its rate-period lines cover', () => {
  it("is the quarter, or a monthly filer's month (December ending on the 31st)", () => {
    expect(reportDays('Q4-2017')).toMatchObject({ start: '2017-10-01', end: '2017-12-31' });
    expect(reportDays('2017-12')).toEqual({ start: '2017-12-01', end: '2017-12-31' });
    expect(reportDays('2024-02')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(reportDays('someday')).toBeUndefined();
  });

  it("dates each of California's lines by its period, in any order, and leaves single lines undated", () => {
    expect(linePeriods([line('CA', '2017-11-01'), line('NV'), line('CA')], 'Q4-2017')).toEqual([
      { from: '2017-11-01', to: '2017-12-31' },
      null,
      { from: '2017-10-01', to: '2017-10-31' },
    ]);
    // A lone line that names its period covers it to the report's end; another fuel is its own group.
    expect(linePeriods([line('CA', '2017-11-01'), line('CA', null, 'gasoline')], 'Q4-2017')).toEqual([
      { from: '2017-11-01', to: '2017-12-31' },
      null,
    ]);
  });
});

describe('ratePeriodSplits', () => {
  const rates = new Map([
    [
      'diesel',
      foldRatesInForce([
        { code: 'CA', kind: 'base', rate: '0.3700', effective_from: '2017-10-01' },
        { code: 'CA', kind: 'base', rate: '0.5700', effective_from: '2017-11-01' },
      ]),
    ],
  ]);
  const at = (position: number, rateFrom: string | null = null) => ({
    position,
    code: 'ca',
    fuelType: 'diesel',
    rateFrom,
  });

  it('asks for a split of a lone undated line across the change, and for a monthly November line, its period', () => {
    const [split] = ratePeriodSplits([at(3)], rates, 'Q4-2017');
    expect(split).toMatchObject({ position: 3, code: 'CA', kind: 'split', quarter: 'Q4-2017' });
    expect(split.periods.map(({ from, to, rate }) => [from, to, rate])).toEqual([
      ['2017-10-01', '2017-10-31', '0.3700'],
      ['2017-11-01', '2017-12-31', '0.5700'],
    ]);
    const [later] = ratePeriodSplits([at(0)], rates, '2017-12');
    expect(later).toMatchObject({ kind: 'later', quarter: 'Q4-2017' });
    expect(later.periods.map(({ from, to }) => [from, to])).toEqual([['2017-12-01', '2017-12-31']]);
  });

  it('asks nothing of a dated line, a split jurisdiction, October alone, or another quarter', () => {
    expect(ratePeriodSplits([at(0, '2017-10-01')], rates, 'Q4-2017')).toEqual([]);
    expect(ratePeriodSplits([at(0), at(1, '2017-11-01')], rates, 'Q4-2017')).toEqual([]);
    expect(ratePeriodSplits([at(0)], rates, '2017-10')).toEqual([]);
    expect(ratePeriodSplits([at(0)], new Map(), 'Q4-2017')).toEqual([]);
  });
});

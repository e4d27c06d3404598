import { describe, expect, it } from '@jest/globals';
import { linePeriods, reportDays } from './rate-period-days.js';

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

import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_FILTERS, filterReports, periodOrderKey } from './reportFilters';

const report = (name: string, period: string) => ({
  name,
  company_name: 'Prairie Haulers',
  status: 'draft' as const,
  is_final: false,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  period,
});

describe('sorting the report list by period', () => {
  it('puts quarters and months in calendar order across years, not in the order of their text', () => {
    const reports = [report('a', 'Q1-2027'), report('b', 'Q2-2026'), report('c', '2026-08'), report('d', 'Q4-2026')];
    const sorted = filterReports(reports, { ...DEFAULT_REPORT_FILTERS, sort: 'period', order: 'asc' });
    expect(sorted.map((r) => r.period)).toEqual(['Q2-2026', '2026-08', 'Q4-2026', 'Q1-2027']);
  });

  it('keys a quarter by its year and first month, after that month itself', () => {
    expect(periodOrderKey('Q3-2026')).toBe('2026-07~');
    expect(periodOrderKey('2026-07') < periodOrderKey('Q3-2026')).toBe(true);
    expect(periodOrderKey('Q3-2026') < periodOrderKey('2026-08')).toBe(true);
  });
});

import { describe, expect, it } from '@jest/globals';
import { companyFilingState, quarterFilingState } from './filing-states.js';

const facts = { reported: false, filed: false, amended: false, onTime: false };
// Q3-2026 is due 2026-11-02.
const DUE = '2026-11-02';

describe('companyFilingState', () => {
  it('is not started, then a draft, until the due date passes with no final: overdue', () => {
    expect(companyFilingState(facts, DUE, '2026-10-15')).toBe('none');
    expect(companyFilingState({ ...facts, reported: true }, DUE, '2026-11-02')).toBe('draft');
    expect(companyFilingState({ ...facts, reported: true }, DUE, '2026-11-03')).toBe('overdue');
    expect(companyFilingState(facts, DUE, '2026-11-26')).toBe('overdue');
  });

  it('is filed, filed late or amended once a final exists, whatever the day', () => {
    const filed = { reported: true, filed: true, amended: false, onTime: true };
    expect(companyFilingState(filed, DUE, '2026-11-26')).toBe('final');
    expect(companyFilingState({ ...filed, onTime: false }, DUE, '2026-11-26')).toBe('filed_late');
    expect(companyFilingState({ ...filed, amended: true }, DUE, '2026-11-26')).toBe('amended');
  });
});

describe('quarterFilingState', () => {
  it('shows the least advanced company, and overdue for a past quarter with no report', () => {
    expect(quarterFilingState(['final', 'overdue'], DUE, '2026-11-26')).toBe('overdue');
    expect(quarterFilingState(['amended', 'filed_late'], DUE, '2026-11-26')).toBe('filed_late');
    expect(quarterFilingState([], DUE, '2026-11-26')).toBe('overdue');
    expect(quarterFilingState([], DUE, '2026-11-01')).toBe('none');
  });
});

import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import {
  fieldErrors,
  fractionToPercent,
  fractionToPercentInput,
  matrixQuarters,
  missingYearsText,
  needsReason,
  percentToFraction,
  previewVerdict,
  subscriptionStatusColor,
  summaryCounts,
} from './operatorConsole';

describe('matrixQuarters', () => {
  it('offers next year’s Q4 first and Q1-2013 last', () => {
    const quarters = matrixQuarters(new Date(2026, 10, 26));
    expect(quarters[0]).toBe('Q4-2027');
    expect(quarters.at(-1)).toBe('Q1-2013');
    expect(quarters).toContain('Q4-2025');
    expect(quarters).toHaveLength((2027 - 2013 + 1) * 4);
  });
});

describe('needsReason', () => {
  it('asks for a reason of at least three characters only when the file would remove rates', () => {
    const losses = ['KY surcharge: the whole row is gone (15 rates)'];
    expect(needsReason({ losses: [] }, '')).toBe(false);
    expect(needsReason({ losses }, '')).toBe(true);
    expect(needsReason({ losses }, '  ok  ')).toBe(true);
    expect(needsReason({ losses }, 'IFTA bulletin')).toBe(false);
  });
});

describe('previewVerdict', () => {
  it('refuses a file with problems even when it is the current one', () => {
    expect(previewVerdict({ problems: ['Missing: TX'], same_as_current: true })).toBe('problems');
  });
  it('has nothing to publish for the file already in force', () => {
    expect(previewVerdict({ problems: [], same_as_current: true })).toBe('same_as_current');
  });
  it('lets a clean, different file be published', () => {
    expect(previewVerdict({ problems: [], same_as_current: false })).toBe('publishable');
  });
});

describe('summaryCounts', () => {
  it('lists added, changed and removed only when non-zero, and always unchanged', () => {
    expect(summaryCounts({ added: 0, changed: 1, removed: 0, unchanged: 657 })).toEqual([
      { key: 'changed', count: 1 },
      { key: 'unchanged', count: 657 },
    ]);
  });
  it('lists a first version’s rates as added, with no unchanged ones', () => {
    expect(summaryCounts({ added: 622, changed: 0, removed: 0, unchanged: 0 })).toEqual([
      { key: 'added', count: 622 },
      { key: 'unchanged', count: 0 },
    ]);
  });
});

describe('interest rates as percentages', () => {
  it('shows 0.0900 as 9.00% and 0.0925 as 9.25%', () => {
    expect(fractionToPercent('0.0900')).toBe('9.00%');
    expect(fractionToPercent('0.0925')).toBe('9.25%');
    expect(fractionToPercent('0.1000')).toBe('10.00%');
  });
  it('reads a typed 9.25 as exactly 0.0925 and 9 as 0.09', () => {
    expect(percentToFraction('9.25')).toBe(0.0925);
    expect(percentToFraction('9')).toBe(0.09);
    expect(percentToFraction('12,5')).toBe(0.125);
    expect(percentToFraction('0')).toBe(0);
  });
  it('refuses a percentage with three decimals, a negative one, one above 25 or text', () => {
    expect(percentToFraction('9.255')).toBeNull();
    expect(percentToFraction('-1')).toBeNull();
    expect(percentToFraction('50')).toBeNull();
    expect(percentToFraction('25.01')).toBeNull();
    expect(percentToFraction('25')).toBe(0.25);
    expect(percentToFraction('nine')).toBeNull();
    expect(percentToFraction('')).toBeNull();
  });
  it('fills the form with 9 for 0.0900 and 9.5 for 0.0950', () => {
    expect(fractionToPercentInput('0.0900')).toBe('9');
    expect(fractionToPercentInput('0.0950')).toBe('9.5');
    expect(fractionToPercentInput('0.1000')).toBe('10');
  });
});

describe('fieldErrors', () => {
  it('reads the messages a 400 names by field', () => {
    const error = new HttpError('overlap', 400, {
      message: 'overlap',
      fields: { effective_to: 'The period overlaps 2025-01-01 – 2025-12-31' },
    });
    expect(fieldErrors(error)).toEqual({ effective_to: 'The period overlaps 2025-01-01 – 2025-12-31' });
  });
  it('answers no field for another status or a plain error', () => {
    expect(fieldErrors(new HttpError('busy', 409, { fields: { file: 'x' } }))).toEqual({});
    expect(fieldErrors(new Error('boom'))).toEqual({});
  });
});

describe('missingYearsText', () => {
  it('lists the years oldest first', () => {
    expect(missingYearsText([2026, 2024])).toBe('2024, 2026');
  });
});

describe('subscriptionStatusColor', () => {
  it('shows a paying account green, one at risk amber and an ended one red', () => {
    expect(subscriptionStatusColor('active')).toBe('success');
    expect(subscriptionStatusColor('past_due')).toBe('warning');
    expect(subscriptionStatusColor('canceled')).toBe('error');
    expect(subscriptionStatusColor('something_new')).toBe('default');
  });
});

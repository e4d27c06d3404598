import { describe, expect, it } from '@jest/globals';
import { lineChanges } from './audit-diff.js';

describe('lineChanges', () => {
  const line = { total_miles: 500, taxable_miles: 100, gallons_purchased: 20, tax_rate: 0.3 };

  it('keeps only the figures of a line that changed, on both sides', () => {
    expect(lineChanges({ 'line IN diesel': line }, { 'line IN diesel': { ...line, taxable_miles: 120 } })).toEqual({
      'line IN diesel': { before: { taxable_miles: 100 }, after: { taxable_miles: 120 } },
    });
  });

  it('gives a line added with no before and a line removed with no after', () => {
    expect(lineChanges({ 'line IN diesel': line }, { 'line OH diesel': line })).toEqual({
      'line IN diesel': { before: line, after: null },
      'line OH diesel': { before: null, after: line },
    });
  });

  it('leaves out lines that did not change, and is null when none did', () => {
    expect(lineChanges({ a: line, b: line }, { a: line, b: { ...line, tax_rate: 0.31 } })).toEqual({
      b: { before: { tax_rate: 0.3 }, after: { tax_rate: 0.31 } },
    });
    expect(lineChanges({ a: line }, { a: { ...line } })).toBeNull();
    expect(lineChanges(null, {})).toBeNull();
  });
});

import { describe, expect, it } from '@jest/globals';
import { cellText, cellValue, cellValues } from './cell-text.js';

describe('cell text (OWASP CSV injection)', () => {
  it.each(['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'writes %j as text with an apostrophe',
    (text) => {
      expect(cellText(text)).toBe(`'${text}`);
    },
  );

  it('leaves other text, numbers, dates and blanks as they are', () => {
    const created = new Date('2026-04-01T00:00:00Z');
    expect(cellValues(['Acme Freight', 'TX', '', -12.5, 0, null, created])).toEqual([
      'Acme Freight',
      'TX',
      '',
      -12.5,
      0,
      null,
      created,
    ]);
    expect(cellValue(-2)).toBe(-2);
    expect(cellText("it's fine = ok")).toBe("it's fine = ok");
  });
});

import { describe, expect, it } from 'vitest';
import { problemCountLines } from './problemCounts';

describe('problemCountLines', () => {
  it('lists the fields with problems, most frequent first, then by name', () => {
    expect(problemCountLines({ unit: 3, date: 150_000, jurisdiction: 3, miles: 0 })).toEqual([
      ['date', 150_000],
      ['jurisdiction', 3],
      ['unit', 3],
    ]);
  });
});

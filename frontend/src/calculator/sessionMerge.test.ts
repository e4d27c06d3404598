import { expect, test } from 'vitest';
import { commonEntries, entryFromRow, mergeRows, sameEntries } from './sessionMerge';
import type { SessionEntryInput } from '../api/types';

// Pure rules of the calculation-session autosave: how two tabs' work is merged. Runs in Node.

const line = (state: string, miles: number, gallons: number): SessionEntryInput => ({
  state,
  tax_rate: 0.2,
  total_miles: miles,
  miles_driven: miles,
  fuel_purchased: gallons,
});
const merge = (local: SessionEntryInput[], base: SessionEntryInput[], server: SessionEntryInput[]) =>
  mergeRows(local, local, base, server, (entry) => entry).map((entry) => entry.state);

test('lines another tab added are appended after this tab’s own', () => {
  const base = [line('Texas', 100, 10)];
  const local = [...base, line('Ohio', 50, 5)];
  const server = [...base, line('Nevada', 70, 7)];
  expect(merge(local, base, server)).toEqual(['Texas', 'Ohio', 'Nevada']);
});

test('a line another tab removed goes here too; a line this tab removed stays removed', () => {
  const base = [line('Texas', 100, 10), line('Ohio', 50, 5)];
  const local = [line('Texas', 100, 10)];
  const server = [line('Ohio', 50, 5)];
  expect(merge(local, base, server)).toEqual([]);
});

test('a line both tabs edited differently is kept twice rather than lost', () => {
  const base = [line('Texas', 100, 10)];
  const local = [line('Texas', 120, 10)];
  const server = [line('Texas', 100, 12)];
  expect(merge(local, base, server)).toEqual(['Texas', 'Texas']);
});

test('with no ancestor known, the shared lines stand in for it: the lines of both sides are kept once', () => {
  const local = [line('Texas', 100, 10), line('Ohio', 50, 5)];
  const server = [line('Texas', 100, 10), line('Nevada', 70, 7)];
  expect(merge(local, commonEntries(local, server), server)).toEqual(['Texas', 'Ohio', 'Nevada']);
  expect(merge(local, commonEntries(local, local), local)).toEqual(['Texas', 'Ohio']);
});

test('identical lines count as two lines, and the comparison ignores order', () => {
  const twice = [line('Texas', 100, 10), line('Texas', 100, 10)];
  expect(sameEntries(twice, [line('Texas', 100, 10)])).toBe(false);
  expect(sameEntries([line('Ohio', 1, 1), line('Texas', 2, 2)], [line('Texas', 2, 2), line('Ohio', 1, 1)])).toBe(true);
});

test('a calculator row becomes an entry with numbers (blank is 0)', () => {
  expect(
    entryFromRow({
      id: 'r',
      name: 'Texas',
      totalMiles: '1200',
      taxableMiles: '1000',
      gallonsPurchased: '',
      taxRate: 0.2,
      isNew: false,
      isEditing: false,
    }),
  ).toEqual({ state: 'Texas', tax_rate: 0.2, total_miles: 1200, miles_driven: 1000, fuel_purchased: 0 });
});

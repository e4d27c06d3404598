import { expect, test } from 'vitest';
import { newJurisdictionRow, toReportPayload, emptyCalculator } from './calculatorState';
import { editAsEntered, entryUnitsOf, linesAsEntered, MILES_GALLONS } from './entryUnits';
import { pasteBlock } from './gridKeys';
import { previewReport } from './reportPreview';
import type { JurisdictionRow } from './types';

// An account that types kilometres and litres: the lines keep miles and gallons, its fields show what it typed.

const metric = entryUnitsOf({ distance_unit: 'km_litres', base_jurisdiction: '' });
const line = (patch: Partial<JurisdictionRow> = {}): JurisdictionRow => ({ ...newJurisdictionRow(), ...patch });
const type = (rows: JurisdictionRow[], id: string, patch: Partial<JurisdictionRow>, units = metric) =>
  editAsEntered(rows, (shown) => shown.map((row) => (row.id === id ? { ...row, ...patch } : row)), units);

test("typed kilometres and litres reach the lines as miles and gallons, with IFTA's factors, and show as typed", () => {
  const blank = line({ name: 'TX', taxRate: 0.2 });
  const rows = type([blank], blank.id, {
    totalMiles: '1609.344',
    taxableMiles: '1609.344',
    gallonsPurchased: '3.785411784',
  });
  expect(rows[0]).toMatchObject({ totalMiles: '1000', taxableMiles: '1000', gallonsPurchased: '1' });
  expect(linesAsEntered(rows, metric)[0]).toMatchObject({
    totalMiles: '1609.344',
    taxableMiles: '1609.344',
    gallonsPurchased: '3.785411784',
  });
  // What is saved and previewed is in miles and gallons: the return's units.
  const payload = toReportPayload({ ...emptyCalculator('Acme'), jurisdictions: rows }, 'draft');
  expect(payload.jurisdictions[0]).toMatchObject({ total_miles: 1000, taxable_miles: 1000, gallons_purchased: 1 });
  expect(previewReport('worksheet', rows, '5').totals).toMatchObject({ totalMiles: 1000, gallonsPurchased: 1 });
});

test('an account in miles and gallons types straight into the lines', () => {
  const blank = line();
  const rows = type([blank], blank.id, { totalMiles: '1609.344' }, MILES_GALLONS);
  expect(rows[0].totalMiles).toBe('1609.344');
  expect(rows[0].entered).toBeUndefined();
  expect(linesAsEntered(rows, MILES_GALLONS)).toBe(rows);
});

test('a line saved in miles shows in kilometres, and editing another of its figures leaves it exactly as it was', () => {
  const saved = line({ totalMiles: '999.999', taxableMiles: '62.137', gallonsPurchased: '26.417', isNew: false });
  const [shown] = linesAsEntered([saved], metric);
  expect(shown).toMatchObject({ totalMiles: '1609.343', taxableMiles: '100', gallonsPurchased: '99.999' });
  const rows = type([saved], saved.id, { gallonsPurchased: '200' });
  expect(rows[0]).toMatchObject({ totalMiles: '999.999', taxableMiles: '62.137', gallonsPurchased: '52.834' });
  // The Edit and Done buttons change no figure.
  expect(type([saved], saved.id, { isEditing: true })[0]).toMatchObject({ totalMiles: '999.999', isEditing: true });
});

test('typing that a later change of the line (a restore, an import) no longer matches is not shown', () => {
  const blank = line();
  const [typed] = type([blank], blank.id, { totalMiles: '100' });
  const restored = { ...typed, totalMiles: '1000' };
  expect(linesAsEntered([restored], metric)[0].totalMiles).toBe('1609.344');
});

test("the grid's block paste is read in kilometres and litres, on the lines it fills and those it adds", () => {
  const first = line({ name: 'TX' });
  const rows = editAsEntered(
    [first],
    (shown) =>
      pasteBlock(
        shown,
        { row: 0, col: 1 },
        [
          ['1609.344', '1609.344', '3.785411784'],
          ['100', '100', '100'],
        ],
        ['name', 'totalMiles', 'taxableMiles', 'gallonsPurchased'],
        [],
      ),
    metric,
  );
  expect(rows.map((row) => [row.totalMiles, row.taxableMiles, row.gallonsPurchased])).toEqual([
    ['1000', '1000', '1'],
    ['62.137', '62.137', '26.417'],
  ]);
});

test('a base jurisdiction whose form states its own factors converts with them, as the imports do', () => {
  const nc = entryUnitsOf({ distance_unit: 'km_litres', base_jurisdiction: 'NC' });
  const blank = line();
  expect(type([blank], blank.id, { totalMiles: '100', gallonsPurchased: '1000' }, nc)[0]).toMatchObject({
    totalMiles: '62.137',
    gallonsPurchased: '264.2',
  });
});

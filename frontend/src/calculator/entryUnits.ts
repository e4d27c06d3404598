import { conversionFactorsFor, gallonsToLitres, milesToKm, toFiledUnit, type ConversionFactors } from '@ifta/index';
import type { UserSettings } from '../api/types';
import type { JurisdictionRow, QuantityField } from './types';

/**
 * The units a line's figures are typed in: the account's unit setting, and the factors its base jurisdiction's return
 * converts kilometres and litres with (the same choice the imports make). The lines themselves always hold miles and
 * gallons, the return's units: only what a field shows and what is typed in it are kilometres and litres.
 */
export interface EntryUnits {
  metric: boolean;
  factors: ConversionFactors;
}

export const MILES_GALLONS: EntryUnits = { metric: false, factors: conversionFactorsFor('') };

export const entryUnitsOf = (
  settings: Pick<UserSettings, 'distance_unit' | 'base_jurisdiction'> | null | undefined,
): EntryUnits =>
  settings?.distance_unit === 'km_litres'
    ? { metric: true, factors: conversionFactorsFor(settings.base_jurisdiction) }
    : MILES_GALLONS;

export const QUANTITY_FIELDS: readonly QuantityField[] = [
  'totalMiles',
  'taxableMiles',
  'gallonsPurchased',
  'nonTaxPaidGallons',
];

const isDistance = (field: QuantityField) => field === 'totalMiles' || field === 'taxableMiles';
const isNumberText = (text: string) => text.trim() !== '' && Number.isFinite(Number(text.trim()));

/**
 * Text typed in kilometres or litres as the miles or gallons the line keeps, with the one conversion the imports and
 * the records use (toFiledUnit). Blank stays blank and anything else that is no number stays as typed, so the line
 * reads it as it would have read it in miles.
 */
export function storedText(typed: string, field: QuantityField, { factors }: EntryUnits): string {
  if (!isNumberText(typed)) return typed;
  return String(toFiledUnit(typed, isDistance(field) ? 'kilometres' : 'litres', factors));
}

/** A line's stored figure as its field shows it: as typed when that is what it holds, else converted to km or L. */
function shownText(row: JurisdictionRow, field: QuantityField, units: EntryUnits): string | undefined {
  const stored = row[field];
  const typed = row.entered?.[field];
  if (typed !== undefined && storedText(typed, field, units) === (stored ?? '')) return typed;
  if (stored === undefined || !isNumberText(stored)) return stored;
  return String(isDistance(field) ? milesToKm(stored, units.factors) : gallonsToLitres(stored, units.factors));
}

const shown = new WeakMap<JurisdictionRow, { units: EntryUnits; row: JurisdictionRow }>();

/**
 * The lines as their fields show them in the entry units. In miles and gallons they are the lines themselves; in
 * kilometres and litres a line unchanged since the last call is the same object, so a grid line that did not change
 * is not drawn again.
 */
export function linesAsEntered(rows: JurisdictionRow[], units: EntryUnits): JurisdictionRow[] {
  if (!units.metric) return rows;
  return rows.map((row) => {
    const known = shown.get(row);
    if (known && known.units === units) return known.row;
    const view: JurisdictionRow = { ...row };
    for (const field of QUANTITY_FIELDS) {
      const text = shownText(row, field, units);
      if (text !== undefined) view[field] = text;
    }
    shown.set(row, { units, row: view });
    return view;
  });
}

/**
 * A change made to a line as shown (typed in a field, pasted into the grid) applied to the line as stored: each figure
 * that changed is converted to miles or gallons and its typing kept; everything else is taken as it is.
 */
export function applyAsEntered(
  row: JurisdictionRow,
  edited: JurisdictionRow,
  before: JurisdictionRow,
  units: EntryUnits,
): JurisdictionRow {
  if (!units.metric) return edited;
  const next: JurisdictionRow = { ...edited };
  const entered = { ...row.entered };
  for (const field of QUANTITY_FIELDS) {
    const typed = edited[field];
    if (typed === before[field]) {
      // Untouched: the stored figure stays exactly as it was (a shown figure is rounded to the thousandth).
      if (row[field] === undefined) delete next[field];
      else next[field] = row[field];
      continue;
    }
    next[field] = storedText(typed ?? '', field, units);
    entered[field] = typed ?? '';
  }
  next.entered = entered;
  return next;
}

/**
 * An edit of the lines as shown (the grid's block paste, one line's patch), applied to the lines as stored. Lines the
 * edit leaves as the same object are kept as they are.
 */
export function editAsEntered(
  rows: JurisdictionRow[],
  edit: (shownRows: JurisdictionRow[]) => JurisdictionRow[],
  units: EntryUnits,
): JurisdictionRow[] {
  if (!units.metric) return edit(rows);
  const before = linesAsEntered(rows, units);
  const stored = new Map(rows.map((row, index) => [row.id, { row, shown: before[index] }]));
  return edit(before).map((edited) => {
    const original = stored.get(edited.id);
    if (!original) return editedNewLine(edited, units);
    if (edited === original.shown) return original.row;
    return applyAsEntered(original.row, edited, original.shown, units);
  });
}

/** A line the edit added (a paste past the last line): every figure it holds was typed in the entry units. */
function editedNewLine(row: JurisdictionRow, units: EntryUnits): JurisdictionRow {
  const blank = { ...row };
  for (const field of QUANTITY_FIELDS) if (blank[field] !== undefined) blank[field] = '';
  return applyAsEntered({ ...row, entered: {} }, row, blank, units);
}

/** The label of each figure's field when it is typed in kilometres and litres. */
export const ENTERED_LABELS: Record<QuantityField, string> = {
  totalMiles: 'calculator.jurisdictions.total_km',
  taxableMiles: 'calculator.jurisdictions.taxable_km',
  gallonsPurchased: 'calculator.jurisdictions.litres_purchased',
  nonTaxPaidGallons: 'official.non_tax_paid_litres',
};

/** A column's label key: its kilometres-and-litres label when figures are typed so, else its own. */
export const enteredLabel = (column: string, units: EntryUnits, own: string): string =>
  units.metric && column in ENTERED_LABELS ? ENTERED_LABELS[column as QuantityField] : own;

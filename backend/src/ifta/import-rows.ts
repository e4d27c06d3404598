import { toDecimal } from './decimal.js';
import { roundQuantity } from './rounding.js';
/**
 * Parsing of imported jurisdiction lines: pasted text (comma- or tab-separated) and worksheet rows. Pure: the caller
 * supplies which jurisdictions are known (the 58 members plus the account's own rate table).
 */

/** Largest miles or gallons figure accepted on one line; well above a real fleet's quarter, well inside numeric(14,3). */
export const MAX_QUANTITY = 1_000_000_000;

export interface ImportedRow {
  /** 1-based line (paste) or worksheet row number the values came from. */
  row: number;
  jurisdiction: string;
  totalMiles: number;
  taxableMiles: number;
  gallonsPurchased: number;
}

export interface ImportProblem {
  row: number;
  message: string;
}

export interface ImportResult {
  rows: ImportedRow[];
  errors: ImportProblem[];
  /** What was converted to miles and gallons, as sentences for the person importing (absent when nothing was). */
  conversions?: string[];
}

export type DistanceUnit = 'mi' | 'km';
export type VolumeUnit = 'gal' | 'l';
export interface ImportUnits {
  distance?: DistanceUnit;
  volume?: VolumeUnit;
  /** The factors to convert with (conversionFactorsFor); IFTA's exact ones when absent. */
  factors?: ConversionFactors;
}

/** IFTA's conversion factors: exact decimals, applied once, rounded to the stored 3 decimals. */
export const MILES_PER_KM = '0.621371';
export const GALLONS_PER_LITRE = '0.264172';
export const KM_CONVERTED = `Kilometres converted to miles (1 km = ${MILES_PER_KM} mi)`;
export const LITRES_CONVERTED = `Litres converted to US gallons (1 L = ${GALLONS_PER_LITRE} gal)`;

/** Factors to convert kilometres and litres with, and the form that states them (null: IFTA's exact factors). */
export interface ConversionFactors {
  milesPerKm: string;
  gallonsPerLitre: string;
  source: string | null;
}

export const IFTA_FACTORS: ConversionFactors = {
  milesPerKm: MILES_PER_KM,
  gallonsPerLitre: GALLONS_PER_LITRE,
  source: null,
};

/**
 * Base jurisdictions whose return form states its own factors, which a return filed there is converted with
 * (docs/ifta-domain.md, Units: North Carolina's Gas-1276-I, 1 L = .2642 gal and 1 km = .62137 mi). Only forms on
 * record here; every other base jurisdiction converts with IFTA's exact factors.
 */
const FORM_FACTORS: Readonly<Record<string, ConversionFactors>> = {
  NC: { milesPerKm: '0.62137', gallonsPerLitre: '0.2642', source: "North Carolina's Gas-1276-I" },
};

/** The factors a return filed in `baseJurisdiction` (a member's code, or empty) converts kilometres and litres with. */
export const conversionFactorsFor = (baseJurisdiction: string | null | undefined): ConversionFactors =>
  FORM_FACTORS[(baseJurisdiction ?? '').trim().toUpperCase()] ?? IFTA_FACTORS;

/**
 * Kilometres as miles, at the stored 3 decimals: the one conversion of a distance, for an imported line and for a
 * figure typed in kilometres alike, so the two never differ.
 */
export const kmToMiles = (km: unknown, factors: ConversionFactors = IFTA_FACTORS): number =>
  roundQuantity(toDecimal(km).times(factors.milesPerKm));

/** Litres as US gallons, at the stored 3 decimals: the one conversion of fuel (see kmToMiles). */
export const litresToGallons = (litres: unknown, factors: ConversionFactors = IFTA_FACTORS): number =>
  roundQuantity(toDecimal(litres).times(factors.gallonsPerLitre));

/**
 * A figure in kilometres or litres as the miles or gallons the return is filed in, with the factors of the account's
 * base jurisdiction (conversionFactorsFor): the one conversion the calculator's paste and Excel import and the trip
 * and fuel records all make, so one file read on any path gives the same gallons.
 */
export const toFiledUnit = (
  value: unknown,
  unit: 'kilometres' | 'litres',
  factors: ConversionFactors = IFTA_FACTORS,
): number => (unit === 'litres' ? litresToGallons(value, factors) : kmToMiles(value, factors));

/**
 * A stored distance shown in kilometres, at 3 decimals: the inverse of kmToMiles for a figure entered in kilometres.
 * kmToMiles of the answer gives the stored miles back exactly (the factor is below 1, so the rounding of the
 * kilometres moves the miles by less than half a thousandth).
 */
export const milesToKm = (miles: unknown, factors: ConversionFactors = IFTA_FACTORS): number =>
  roundQuantity(toDecimal(miles).dividedBy(factors.milesPerKm));

/** Stored gallons shown in litres, at 3 decimals: the inverse of litresToGallons (see milesToKm). */
export const gallonsToLitres = (gallons: unknown, factors: ConversionFactors = IFTA_FACTORS): number =>
  roundQuantity(toDecimal(gallons).dividedBy(factors.gallonsPerLitre));

const kmConverted = (factors: ConversionFactors) =>
  factors.source === null
    ? KM_CONVERTED
    : `Kilometres converted to miles (1 km = ${factors.milesPerKm} mi, as ${factors.source} states)`;
const litresConverted = (factors: ConversionFactors) =>
  factors.source === null
    ? LITRES_CONVERTED
    : `Litres converted to US gallons (1 L = ${factors.gallonsPerLitre} gal, as ${factors.source} states)`;

export interface ImportOptions {
  /** Units of the numbers when no column header names them (API unit fields); miles and gallons by default. */
  units?: ImportUnits;
  /** True when the code or name is a jurisdiction the account may report; every name is accepted when absent. */
  isKnownJurisdiction?: (codeOrName: string) => boolean;
}

const PLAIN_NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;
const GROUPED_NUMBER = /^-?\d{1,3}(,\d{3})+(\.\d*)?$/;

type Parsed = { ok: true; value: number | null } | { ok: false; message: string };

/**
 * A number from a cell or a pasted field. Blank is `null` (counts as 0). Thousands separators ("1,234") are only
 * read where they cannot be confused with a field separator: tab-separated text and worksheet cells.
 */
export function parseQuantity(raw: unknown, label: string, allowGrouping: boolean): Parsed {
  let value: number;
  if (raw === null || raw === undefined) return { ok: true, value: null };
  if (typeof raw === 'number') {
    value = raw;
  } else if (typeof raw === 'string') {
    const text = raw.trim().replace(/^\+/, '');
    if (text === '') return { ok: true, value: null };
    const grouped = allowGrouping && GROUPED_NUMBER.test(text);
    if (!PLAIN_NUMBER.test(text) && !grouped) return { ok: false, message: `${label} "${raw.trim()}" is not a number` };
    value = Number(grouped ? text.replace(/,/g, '') : text);
  } else {
    return { ok: false, message: `${label} is not a number` };
  }
  if (!Number.isFinite(value)) return { ok: false, message: `${label} is not a number` };
  if (value < 0) return { ok: false, message: `${label} must not be negative` };
  if (value > MAX_QUANTITY)
    return { ok: false, message: `${label} must not exceed ${MAX_QUANTITY.toLocaleString('en-US')}` };
  return { ok: true, value };
}

export interface RawLine {
  row: number;
  jurisdiction: unknown;
  totalMiles: unknown;
  taxableMiles: unknown;
  gallons: unknown;
  allowGrouping: boolean;
}

function readLine(line: RawLine, options: ImportOptions): ImportedRow | ImportProblem[] {
  const problems: string[] = [];
  const jurisdiction =
    typeof line.jurisdiction === 'string' ? line.jurisdiction.trim() : String(line.jurisdiction ?? '').trim();
  if (!jurisdiction) problems.push('State/Province is missing');
  else if (options.isKnownJurisdiction && !options.isKnownJurisdiction(jurisdiction)) {
    problems.push(`unknown jurisdiction "${jurisdiction}"`);
  }
  const read = (raw: unknown, label: string): number | null => {
    const parsed = parseQuantity(raw, label, line.allowGrouping);
    if (parsed.ok) return parsed.value;
    problems.push(parsed.message);
    return null;
  };
  const total = read(line.totalMiles, 'Total Miles');
  const taxable = read(line.taxableMiles, 'Taxable Miles');
  const gallons = read(line.gallons, 'Gallons Purchased');
  if (problems.length) return problems.map((message) => ({ row: line.row, message }));
  // When only one miles figure is given it stands for both: a carrier's trip sheet rarely splits them.
  return {
    row: line.row,
    jurisdiction,
    totalMiles: total ?? taxable ?? 0,
    taxableMiles: taxable ?? total ?? 0,
    gallonsPurchased: gallons ?? 0,
  };
}

function collect(lines: RawLine[], options: ImportOptions, units: ImportUnits = options.units ?? {}): ImportResult {
  const result: ImportResult = { rows: [], errors: [] };
  const km = units.distance === 'km';
  const litres = units.volume === 'l';
  const factors = units.factors ?? IFTA_FACTORS;
  for (const line of lines) {
    const read = readLine(line, options);
    if (Array.isArray(read)) result.errors.push(...read);
    else {
      if (km) {
        read.totalMiles = toFiledUnit(read.totalMiles, 'kilometres', factors);
        read.taxableMiles = toFiledUnit(read.taxableMiles, 'kilometres', factors);
      }
      if (litres) read.gallonsPurchased = toFiledUnit(read.gallonsPurchased, 'litres', factors);
      result.rows.push(read);
    }
  }
  const conversions = [...(km ? [kmConverted(factors)] : []), ...(litres ? [litresConverted(factors)] : [])];
  if (conversions.length) result.conversions = conversions;
  return result;
}

const looksNumeric = (text: string) => {
  const trimmed = text.trim().replace(/^\+/, '');
  return trimmed === '' || PLAIN_NUMBER.test(trimmed) || GROUPED_NUMBER.test(trimmed);
};

/** Words that name a column of the template or of a carrier's own sheet. */
const COLUMN_WORD =
  /state|province|jurisdiction|abbrev|mile|kilomet|\bkms?\b|distance|gallon|litre|liter|\(l\)|\bl\b|fuel|taxable|total/i;

/**
 * A first line is a header only when none of its number fields holds a number and it names a column ("State,
 * Miles, Gallons"). A line that is half data ("TX, 1 500, 200") is read as data, so its problem is reported with its
 * line number instead of a jurisdiction silently missing from the result.
 */
const isHeaderLine = (fields: readonly string[]) =>
  fields.length > 1 &&
  fields.slice(1).every((field) => field !== '' && !looksNumeric(field)) &&
  fields.some((field) => COLUMN_WORD.test(field));

/** Pasted text cut into lines: what a worker thread answers, before the jurisdictions are looked up. */
export interface PastedLines {
  lines: RawLine[];
  errors: ImportProblem[];
  /** The request's units, overridden by any a header line names. */
  units: ImportUnits;
}

export interface PasteTask {
  text: string;
  /** Lines with content past which reading stops and the paste is refused. */
  maxLines: number;
  units?: ImportUnits;
}

/**
 * Cuts pasted text into fields, one line at a time, and stops as soon as it has more than `maxLines` lines of data
 * (blank lines and a header do not count), so an oversized paste costs only the lines it is allowed. Pure and structured-clonable both ways: the
 * calculator runs it on the worker pool.
 */
export function splitPasteLines({ text, maxLines, units: requested }: PasteTask): PastedLines | { tooManyLines: true } {
  const lines: RawLine[] = [];
  const errors: ImportProblem[] = [];
  let units: ImportUnits = { ...requested };
  let seenContent = false;
  let counted = 0;
  let row = 0;
  const lineBreak = /\r\n|\n|\r/g;
  for (let start = 0; start <= text.length;) {
    lineBreak.lastIndex = start;
    const found = lineBreak.exec(text);
    const end = found ? found.index : text.length;
    const rawLine = text.slice(start, end);
    start = found ? end + found[0].length : text.length + 1;
    row += 1;
    if (rawLine.trim() === '') continue;
    const tabbed = rawLine.includes('\t');
    const fields = rawLine.split(tabbed ? '\t' : ',').map((field) => field.trim());
    // Spreadsheet copies may carry empty cells past the fourth column; an empty third or fourth field is a blank value.
    while (fields.length > 4 && fields[fields.length - 1] === '') fields.pop();
    const first = !seenContent;
    seenContent = true;
    if (first && isHeaderLine(fields)) {
      // A header line: skipped, but a unit it names ("Km", "Litres") applies to the lines below.
      units = { ...units, ...headerUnits(fields.slice(1).map((field) => field.toLowerCase())) };
      continue;
    }
    counted += 1;
    if (counted > maxLines) return { tooManyLines: true };
    if (fields.length === 3) {
      lines.push({
        row,
        jurisdiction: fields[0],
        totalMiles: fields[1],
        taxableMiles: fields[1],
        gallons: fields[2],
        allowGrouping: tabbed,
      });
    } else if (fields.length === 4 && tabbed) {
      lines.push({
        row,
        jurisdiction: fields[0],
        totalMiles: fields[1],
        taxableMiles: fields[2],
        gallons: fields[3],
        allowGrouping: tabbed,
      });
    } else {
      errors.push({
        row,
        message: `expected "abbreviation, miles, gallons" but found ${fields.length} field${fields.length === 1 ? '' : 's'}${
          tabbed || fields.length < 4
            ? ''
            : ' (numbers must not contain commas; copy from a spreadsheet to keep "1,234")'
        }`,
      });
    }
  }
  return { lines, errors, units };
}

/** The lines read, with each jurisdiction looked up and each number checked; every problem names its line. */
export function readPastedLines(pasted: PastedLines, options: ImportOptions = {}): ImportResult {
  const result = collect(pasted.lines, options, pasted.units);
  result.errors = [...pasted.errors, ...result.errors].sort((a, b) => a.row - b.row);
  return result;
}

/**
 * Pasted text, one jurisdiction per line: `abbreviation, miles, gallons`. A line holding a tab is split on tabs (as
 * copied from a spreadsheet) and may also carry the template's four columns (abbreviation, total miles, taxable
 * miles, gallons) and thousands separators; any other line is split on commas and must have exactly three fields,
 * so "KS, 1,234, 5" is refused rather than misread.
 * Blank lines are skipped, and so is a first line that is a header (see isHeaderLine); any other line that does not
 * read is reported with its number.
 */
export function parsePasteData(text: string, options: ImportOptions = {}): ImportResult {
  const pasted = splitPasteLines({ text, maxLines: Number.POSITIVE_INFINITY, units: options.units });
  if ('tooManyLines' in pasted) throw new Error('unreachable: no line limit');
  return readPastedLines(pasted, options);
}

/** A worksheet row as read from a workbook: its 1-based number and its first cells' values. */
export interface SheetRow {
  row: number;
  cells: readonly unknown[];
}

type Column = 'jurisdiction' | 'totalMiles' | 'taxableMiles' | 'gallons';
const TEMPLATE_COLUMNS: Column[] = ['jurisdiction', 'totalMiles', 'taxableMiles', 'gallons'];

/** A cell's plain value: formula cells give their cached result (formulas are never evaluated), rich text its text. */
export function cellValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const cell = value as { result?: unknown; richText?: Array<{ text?: unknown }>; text?: unknown; error?: unknown };
    if ('formula' in cell || 'sharedFormula' in cell) return cell.result === undefined ? null : cellValue(cell.result);
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => String(part.text ?? '')).join('');
    if (typeof cell.text === 'string') return cell.text;
    if (cell.error !== undefined) return String(cell.error);
  }
  return value;
}

/** Units a header names: "Kilometres", "Distance (km)", "Litres", "Fuel (L)"; or miles and gallons. */
function headerUnits(texts: readonly string[]): ImportUnits {
  const units: ImportUnits = {};
  for (const text of texts) {
    if (/kilomet|\bkms?\b/.test(text)) units.distance = 'km';
    else if (/mile/.test(text)) units.distance = 'mi';
    if (/litre|liter|\(l\)|\bl\b/.test(text)) units.volume = 'l';
    else if (/gallon/.test(text)) units.volume = 'gal';
  }
  return units;
}

function headerColumns(cells: readonly unknown[]): { columns: Column[]; units: ImportUnits } | null {
  const texts = cells.map((cell) => {
    const value = cellValue(cell);
    return typeof value === 'string' ? value.trim().toLowerCase() : '';
  });
  if (!/state|province|jurisdiction/.test(texts[0] ?? '')) return null;
  const columns: Column[] = ['jurisdiction'];
  let milesSeen = false;
  const distance = /mile|kilomet|\bkms?\b|distance/;
  for (const text of texts.slice(1)) {
    if (/taxable/.test(text)) columns.push('taxableMiles');
    else if (/gallon|fuel|litre|liter|\(l\)/.test(text)) columns.push('gallons');
    else if (distance.test(text)) columns.push(milesSeen ? 'taxableMiles' : 'totalMiles');
    else columns.push('' as Column);
    if (distance.test(text)) milesSeen = true;
  }
  return { columns, units: headerUnits(texts.slice(1)) };
}

/**
 * Worksheet rows in the template's layout (State/Province, Total Miles, Taxable Miles, Gallons Purchased). A
 * header row in the first rows names the columns, so a sheet with only "State, Miles, Gallons" is read too. Rows
 * with nothing in them are skipped; every problem is reported with its worksheet row number.
 */
export function parseSheetRows(rows: readonly SheetRow[], options: ImportOptions = {}): ImportResult {
  let columns: Column[] = TEMPLATE_COLUMNS;
  let units: ImportUnits = { ...options.units };
  const lines: RawLine[] = [];
  let seenContent = false;
  for (const { row, cells } of rows) {
    const values = cells.map(cellValue);
    if (values.every((value) => value === null || (typeof value === 'string' && value.trim() === ''))) continue;
    if (!seenContent) {
      seenContent = true;
      const header = headerColumns(values);
      if (header) {
        columns = header.columns;
        // A unit the header names wins over the request's unit field.
        units = { ...units, ...header.units };
        continue;
      }
    }
    const pick = (column: Column) => {
      const index = columns.indexOf(column);
      const value = index < 0 ? null : values[index];
      return value instanceof Date ? 'a date' : value;
    };
    const hasTaxable = columns.includes('taxableMiles');
    const hasTotal = columns.includes('totalMiles');
    lines.push({
      row,
      jurisdiction: pick('jurisdiction'),
      totalMiles: hasTotal ? pick('totalMiles') : pick('taxableMiles'),
      taxableMiles: hasTaxable ? pick('taxableMiles') : pick('totalMiles'),
      gallons: pick('gallons'),
      allowGrouping: true,
    });
  }
  return collect(lines, options, units);
}

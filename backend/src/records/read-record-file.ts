import { createHash } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
// By path, not through date-fns's index: the index is ~250 ES modules, and loading them all held ~150 MiB of a
// process for good (docs/PERFORMANCE.md, "Memory").
import { isValid } from 'date-fns/isValid';
import { parse as parseDate } from 'date-fns/parse';
import { readWorkbookRows } from '../calculator/xlsx/workbook-reader.js';
import { UnpackedTooLargeError, unpackedTooLargeMessage } from '../calculator/xlsx/zip-archive.js';
import { cellValue as csvCell } from '../common/documents/cell-text.js';
import {
  cellValue,
  type ConversionFactors,
  createJurisdictionDirectory,
  DEFAULT_FUEL_TYPE,
  isFuelType,
  parseQuantity,
  roundQuantity,
  type SheetRow,
  toDecimal,
  toFiledUnit,
} from '../ifta/index.js';
import {
  type AnyRecord,
  NON_TAXABLE_REASONS,
  type NonTaxableReason,
  QUANTITY_FIELDS,
  RECORD_FIELDS,
  type RecordField,
  type RecordKind,
  TRIP_SHEET_FIELDS,
  TRIP_SHEET_MAX_LENGTH,
  type TripSheetField,
  UNITLESS_QUANTITY_WORDS,
  WORD_ORDER_FIELDS,
} from './record-fields.js';
import {
  classifyProduct,
  columnKey,
  datePart,
  describePreset,
  fileHeader,
  headerKey,
  type ImportPreset,
  jurisdictionText,
  metresToKilometres,
  NON_FUEL_LABELS,
  type NonFuelReason,
  periodStart,
  presetMapping,
  type RecognisedPreset,
  recognisePreset,
} from './import-presets.js';

export interface RecordProblem {
  /** 1-based row of the file, the header being row 1. */
  row: number;
  field: string;
  message: string;
  /** The cell as the file holds it, for a problem of one row's field. */
  value?: string;
  /**
   * A problem the person settles in the preview rather than in the file: a product or a unit the import does not
   * know, which they map (to a fuel, to gallons or litres) or leave out. The rest of the file is not the problem.
   */
  resolve?: { kind: 'product' | 'unit' | 'price'; value: string };
}

/** A product or unit the file writes that the import does not know: one entry for all its rows. */
export interface Unresolved {
  kind: 'product' | 'unit' | 'price';
  /** As the file writes it; the key the person's choice is sent under. */
  value: string;
  /** How many rows write it, and the first of them. */
  rows: number;
  first_row: number;
}

/** A row left out of the import on purpose (not a problem): a fuel-card line that is no motor fuel. */
export interface RecordWarning {
  row: number;
  field: string;
  reason: NonFuelReason;
  message: string;
  value: string;
}

/** What a file holds, with every problem: the worker's own reading, before it is summed up for the answer. */
export interface RecordRows {
  headers: string[];
  /** The vendor layout the header row was recognised as, whose conversions were applied. */
  preset?: RecognisedPreset;
  /** That layout's own mapping for this file, so a different mapping in use (remembered, sent) can be shown. */
  presetMapping?: Record<string, string>;
  /** Rows skipped with a reason; they never block the import. */
  warnings: RecordWarning[];
  /** A stable key of the file's header row, so the mapping chosen for it can be remembered. */
  layout: string;
  /** The mapping used: field -> header. */
  mapping: Record<string, string>;
  records: AnyRecord[];
  /** File row of each record, for duplicates and problems. */
  rowNumbers: number[];
  problems: RecordProblem[];
  totalRows: number;
  /** Set when the workbook unpacks to more than the upload budget: the whole file is refused, naming the limit. */
  tooLarge?: string;
}

/** Problems listed in an answer; the rest are counted by field and come as a CSV on request. */
export const LISTED_PROBLEMS = 100;

/**
 * What the job answers across the thread boundary: the records and only the first problems, with counts. A file of
 * 200,000 bad rows has some 200,000 problems: listed in full they made a 55 MB answer that the event loop had to
 * copy and serialise.
 */
export interface ReadRecordFile extends Omit<RecordRows, 'problems' | 'warnings'> {
  /** The first LISTED_PROBLEMS skipped rows, in file order. */
  warnings: RecordWarning[];
  /** Skipped rows per reason (`def`, `cash_advance`, …). */
  warningCounts: Record<string, number>;
  warningTotal: number;
  /** The first LISTED_PROBLEMS problems, in file order. */
  problems: RecordProblem[];
  /** Problems per field (`date`, `jurisdiction`, … and `file` for the file as a whole). */
  problemCounts: Record<string, number>;
  problemTotal: number;
  /** The products and units the person is to resolve, each once with its row count (at most LISTED_PROBLEMS). */
  unresolved: Unresolved[];
  /** Every problem as a CSV file (row, field, value, message), when the task asked for it. */
  problemsCsv?: Uint8Array;
}

export const MAX_RECORD_ROWS = 200_000;
const normalise = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

export const layoutOf = (headers: string[]): string =>
  createHash('sha256').update(headers.map(normalise).join('\u0000')).digest('hex').slice(0, 64);

/**
 * A mapping from the header names: each field takes the first header one of its words names (spacing and punctuation
 * aside: `State/ Prov`, `ProductDescription`). A header that names no unit ("Distance", "Quantity") is read in the
 * account's unit: kilometres or litres when `metric`.
 */
export function guessMapping(kind: RecordKind, headers: string[], metric = false): Record<string, string> {
  const mapping: Record<string, string> = {};
  const taken = new Set<string>();
  const [primary, converted] = QUANTITY_FIELDS[kind];
  const unitless = UNITLESS_QUANTITY_WORDS[kind];
  const wordsOf = (field: RecordField): readonly string[] => {
    if (!metric) return field.synonyms;
    if (field.name === primary) return field.synonyms.filter((word) => !unitless.includes(word));
    if (field.name === converted) return [...field.synonyms, ...unitless];
    return field.synonyms;
  };
  for (const field of RECORD_FIELDS[kind]) {
    const words = wordsOf(field).map(columnKey);
    const free = headers.filter((h) => !taken.has(h));
    const header = WORD_ORDER_FIELDS.has(field.name)
      ? words.map((word) => free.find((h) => columnKey(h) === word)).find((h) => h !== undefined)
      : free.find((h) => words.includes(columnKey(h)));
    if (header) {
      mapping[field.name] = header;
      taken.add(header);
    }
  }
  return mapping;
}

/** Day 0 of Excel's 1900 date system, as it counts (its day 60 is the 29 February 1900 that never was). */
const EXCEL_EPOCH_UTC = Date.UTC(1899, 11, 30);

/**
 * The date formats a file's dates come in, each picked by its shape so date-fns parses a cell once: trying every
 * format in turn was most of the read of a 200,000-row file. date-fns still decides whether the day is real. A
 * two-digit year is of this century: the app keeps no record before 2000 or after 2099.
 */
const DATE_FORMAT_BY_SHAPE: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\d{4}-\d{1,2}-\d{1,2}$/, 'yyyy-MM-dd'],
  [/^\d{4}\/\d{1,2}\/\d{1,2}$/, 'yyyy/MM/dd'],
  [/^\d{1,2}\/\d{1,2}\/\d{4}$/, 'M/d/yyyy'],
  [/^\d{1,2}\/\d{1,2}\/\d{2}$/, 'M/d/yy'],
];

/** A time of day after a date ("04/01/2025 02:24", "2026-06-29 07:37:00", "4/30/26 4:15 PM"): the day is kept. */
const TIME_OF_DAY = /^(\S+?)(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s?[AaPp][Mm])?(?:Z|[+-]\d{2}:?\d{2})?)$/;

export function readDate(raw: string, serialDates = false): string | undefined {
  let text = raw.trim();
  // A worksheet's date is a day number; a date-time cell adds the time as a fraction of the day.
  if (serialDates && /^\d{5}(?:\.\d+)?$/.test(text)) {
    return new Date(EXCEL_EPOCH_UTC + Math.floor(Number(text)) * 86_400_000).toISOString().slice(0, 10);
  }
  text = TIME_OF_DAY.exec(text)?.[1] ?? text;
  const format = DATE_FORMAT_BY_SHAPE.find(([shape]) => shape.test(text))?.[1];
  if (!format) return undefined;
  const date = parseDate(text, format, new Date(2000, 0, 1));
  if (!isValid(date) || date.getFullYear() < 2000 || date.getFullYear() > 2099) return undefined;
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

function readYesNo(raw: string | undefined): boolean | undefined {
  const text = normalise(raw ?? '');
  if (text === '') return true;
  // Russian templates say да / нет.
  if (['yes', 'y', 'true', '1', 'да'].includes(text)) return true;
  if (['no', 'n', 'false', '0', 'нет'].includes(text)) return false;
  return undefined;
}

/** What a unit word names: the kind's base unit (miles, gallons) or its converted one (kilometres, litres). */
type UnitSide = 'primary' | 'converted';

/** Unit words as files write them, by kind; a "USD/Gallons" currency cell names its volume unit after the slash. */
const UNIT_WORDS: Record<RecordKind, Record<string, UnitSide>> = {
  trips: {
    mi: 'primary',
    mile: 'primary',
    miles: 'primary',
    km: 'converted',
    kms: 'converted',
    kilometre: 'converted',
    kilometres: 'converted',
    kilometer: 'converted',
    kilometers: 'converted',
  },
  fuel: {
    g: 'primary',
    ga: 'primary',
    gal: 'primary',
    gals: 'primary',
    gallon: 'primary',
    gallons: 'primary',
    'us gal': 'primary',
    usg: 'primary',
    l: 'converted',
    lt: 'converted',
    ltr: 'converted',
    ltrs: 'converted',
    liter: 'converted',
    liters: 'converted',
    litre: 'converted',
    litres: 'converted',
  },
};

const unitSide = (kind: RecordKind, written: string): UnitSide | undefined => {
  const key = headerKey(written.includes('/') ? written.slice(written.lastIndexOf('/') + 1) : written).replace(
    /\.$/,
    '',
  );
  return Object.hasOwn(UNIT_WORDS[kind], key) ? UNIT_WORDS[kind][key] : undefined;
};

/** "214 mi", "345 km", "400 L": the number and the unit word written after it. */
const WITH_UNIT = /^\s*([-+]?[\d.,]+)\s*([A-Za-z][A-Za-z. ]*)\s*$/;

/** What the person chose in the preview for what the file does not say: a product's fuel, a unit's meaning. */
export interface ImportResolutions {
  /** A product cell as written (case aside) -> a fuel type of the rate matrix, or `skip`. */
  products?: Record<string, string>;
  /** A unit as written (case aside) -> `gal`/`l` (fuel), `mi`/`km` (trips), or `skip`. */
  units?: Record<string, string>;
  /** A receipt total that is no number, as written -> `none` (kept without a total) or `skip`. */
  prices?: Record<string, string>;
}

export interface ReadOptions {
  /** A worksheet's cells: a five-digit number in a date column is an Excel day number. */
  serialDates?: boolean;
  /** The account enters kilometres and litres: a column whose header names no unit is read in them. */
  metric?: boolean;
  /** The date of every row of a file without a date column (a mileage summary of a quarter). */
  defaultDate?: string;
  /** The unit of every row of a file without a unit column (one vehicle's record). */
  defaultUnit?: string;
  resolutions?: ImportResolutions;
  /** The base jurisdiction's factors for kilometres and litres (conversionFactorsFor); IFTA's when absent. */
  factors?: ConversionFactors;
}

const lowerKeys = (map: Record<string, string> | undefined) =>
  new Map(Object.entries(map ?? {}).map(([key, value]) => [normalise(key), value]));

/**
 * Reads a CSV of trips or fuel purchases with a column mapping (given, else guessed from the headers), and answers
 * every record it could read with every problem by row and field: an import applies only when there is none
 * (all-or-nothing). Distances in kilometres and volumes in litres convert with IFTA's factors, exactly.
 */
export function readRecordFile(
  kind: RecordKind,
  text: string,
  given?: Record<string, string>,
  metric = false,
  options: ReadOptions = {},
): RecordRows {
  let rows: string[][];
  try {
    rows = parseCsv(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    // csv-parse names the line of an unclosed quote or a stray character: say it as a problem of the file.
    const message = `the file is not a readable CSV: ${error instanceof Error ? error.message : String(error)}`;
    const problems = [{ row: 1, field: 'file', message }];
    return {
      headers: [],
      layout: '',
      mapping: given ?? {},
      records: [],
      rowNumbers: [],
      problems,
      warnings: [],
      totalRows: 0,
    };
  }
  return readRecordRows(kind, rows, given, false, metric, options);
}

/**
 * The records of a table of text cells, the first row the headers (a CSV, or a worksheet's cells as text). In a
 * worksheet a date is usually a day number (Excel's serial date), read when `serialDates` is set.
 */
export function readRecordRows(
  kind: RecordKind,
  rows: string[][],
  given?: Record<string, string>,
  serialDates = false,
  metric = false,
  options: ReadOptions = {},
): RecordRows {
  const headers = (rows[0] ?? []).map((h) => h.trim());
  // A recognised vendor layout proposes its mapping; a mapping given (chosen on screen, or remembered for this
  // layout) wins, and the layout's conversions still apply to the columns it names.
  const preset = recognisePreset(kind, headers);
  const presetProposal = preset ? presetMapping(preset, headers) : undefined;
  const mapping =
    given && Object.keys(given).length > 0 ? given : (presetProposal ?? guessMapping(kind, headers, metric));
  const recognised = preset ? { preset: describePreset(preset), presetMapping: presetProposal } : {};
  const warnings: RecordWarning[] = [];
  const problems: RecordProblem[] = [];
  const fieldProblem = (field: string, message: string) => problems.push({ row: 1, field, message });
  for (const [field, header] of Object.entries(mapping)) {
    if (!RECORD_FIELDS[kind].some((f) => f.name === field)) fieldProblem(field, `${field} is not a field of ${kind}`);
    else if (!headers.includes(header)) fieldProblem(field, `column "${header}" is not in the file`);
  }
  const defaults: Record<string, string | undefined> = { date: options.defaultDate, unit: options.defaultUnit };
  for (const field of RECORD_FIELDS[kind].filter((f) => f.required && !mapping[f.name] && !defaults[f.name])) {
    fieldProblem(
      field.name,
      field.name in defaults
        ? `choose the column that holds ${field.name}, or give one ${field.name} for every row`
        : `choose the column that holds ${field.name}`,
    );
  }
  const [primary, converted] = QUANTITY_FIELDS[kind];
  if (!mapping[primary] && !mapping[converted]) fieldProblem(primary, `choose the column that holds ${primary}`);
  const data = rows.slice(1);
  if (data.length > MAX_RECORD_ROWS) fieldProblem('file', `a file holds at most ${MAX_RECORD_ROWS} rows`);
  const layout = layoutOf(headers);
  if (problems.length > 0) {
    return {
      headers,
      ...recognised,
      layout,
      mapping,
      records: [],
      rowNumbers: [],
      problems,
      warnings,
      totalRows: data.length,
    };
  }
  const convert = presetColumns(preset, headers, mapping);
  const column = Object.fromEntries(Object.entries(mapping).map(([field, header]) => [field, headers.indexOf(header)]));
  const directory = createJurisdictionDirectory([]);
  const products = lowerKeys(options.resolutions?.products);
  const unitChoices = lowerKeys(options.resolutions?.units);
  const prices = lowerKeys(options.resolutions?.prices);
  // A quantity header that names its unit ("Gallons", "Liters") is believed over a currency; one that does not
  // ("Qty") is read in litres on a Canadian-dollar row, as Canadian pumps sell by the litre.
  const quantityHeader = mapping[primary] ?? mapping[converted] ?? '';
  const headerNamesUnit = /gal|lit|ltr|\bl\b|\(l\)|mile|\bmi\b|km|kilomet|meter|metre/i.test(quantityHeader);
  const records: AnyRecord[] = [];
  const rowNumbers: number[] = [];
  data.forEach((cells, index) => {
    const row = index + 2;
    const get = (field: string) => (column[field] === undefined ? undefined : (cells[column[field]] ?? ''));
    const cell = (at: number | undefined) => (at === undefined ? '' : (cells[at] ?? '').trim());
    const bad = (field: string, message: string, resolve?: RecordProblem['resolve']) =>
      problems.push({
        row,
        field,
        message: `row ${row}: ${message}`,
        value: get(field) ?? '',
        ...(resolve ? { resolve } : {}),
      });
    const skip = (field: string, reason: NonFuelReason, value: string, message: string) =>
      warnings.push({ row, field, reason, value, message: `row ${row}: ${message}` });
    const before = problems.length;
    // A row with more filled cells than the header has a value with an unquoted comma, and every column after it
    // is shifted: none of its columns can be trusted. (Empty cells past the header are a trailing comma.)
    if (cells.slice(headers.length).some((extra) => extra.trim() !== '')) {
      problems.push({
        row,
        field: 'file',
        message: `row ${row}: ${cells.length} cells under a header of ${headers.length}: a value with an unquoted comma shifts the columns after it`,
      });
      return;
    }
    // Fuel: what the product is, from the file or from the person's choice in the preview.
    let chosenFuel: string | undefined;
    if (kind === 'fuel') {
      const product = (get('fuel_type') ?? '').trim();
      const choice = product === '' ? undefined : products.get(normalise(product));
      if (choice === 'skip') {
        skip('fuel_type', 'skipped_by_choice', product, `skipped: "${product}" left out as you chose`);
        return;
      }
      if (choice !== undefined) chosenFuel = choice;
      else {
        // A fuel card's DEF, reefer fuel, oil or cash advance is no fuel purchase of the return: left out, counted.
        const known = isFuelType(normalise(product)) ? undefined : classifyProduct(product);
        if (known && 'skip' in known) {
          skip(
            'fuel_type',
            known.skip,
            product,
            `skipped: "${product}" is ${NON_FUEL_LABELS[known.skip]}, not a motor fuel`,
          );
          return;
        }
      }
    }
    const rawDate = get('date') ?? options.defaultDate ?? '';
    const date =
      convert.yearColumn !== undefined
        ? periodStart(rawDate, cells[convert.yearColumn] ?? '')
        : readDate(convert.datetime ? datePart(rawDate) : rawDate, serialDates);
    if (!date) bad('date', `date "${rawDate}" is not a date (YYYY-MM-DD or MM/DD/YYYY)`);
    // A card that prompts for no unit leaves the column empty: the unit given for the file fills it.
    const unit = ((get('unit') ?? '').trim() || options.defaultUnit || '').slice(0, 50);
    if (!unit) bad('unit', 'unit is empty');
    const place = directory.resolve(jurisdictionText(get('jurisdiction') ?? ''));
    if (!place) bad('jurisdiction', `"${get('jurisdiction')}" is not a jurisdiction`);
    let useConverted = get(primary) === undefined || (get(primary) === '' && get(converted) !== undefined);
    const quantityField = useConverted ? converted : primary;
    let quantityText = get(quantityField) ?? '';
    // Whose word the row's unit is: the layout's unit column, a mapped unit column, the value's own suffix.
    let unitWritten: string | undefined;
    let unitFrom = quantityField;
    if (convert.unit) {
      // The layout names each row's unit in a column of its own (Motive: litres or gallons, metric units or not).
      const written = cells[convert.unit.index] ?? '';
      const unitKey = headerKey(written);
      if (convert.unit.converted.includes(unitKey)) useConverted = true;
      else if (convert.unit.primary.includes(unitKey)) useConverted = false;
      else unitWritten = written;
      if (unitWritten !== undefined) {
        const choice = unitChoices.get(normalise(written));
        if (choice === 'skip') {
          skip(quantityField, 'skipped_by_choice', written, `skipped: unit "${written}" left out as you chose`);
          return;
        }
        if (choice !== undefined && unitSide(kind, choice) !== undefined) {
          useConverted = unitSide(kind, choice) === 'converted';
          unitWritten = undefined;
        } else {
          bad(quantityField, `unit "${written}" is not one of ${convert.unit.all}`, { kind: 'unit', value: written });
          unitWritten = undefined;
        }
      }
    } else if (get('quantity_unit') !== undefined && get('quantity_unit')!.trim() !== '') {
      unitWritten = get('quantity_unit')!.trim();
      unitFrom = 'quantity_unit';
    }
    const suffixed = WITH_UNIT.exec(quantityText);
    if (suffixed) {
      quantityText = suffixed[1];
      unitWritten ??= suffixed[2].trim();
    }
    if (unitWritten !== undefined) {
      const choice = unitChoices.get(normalise(unitWritten));
      if (choice === 'skip') {
        skip(unitFrom, 'skipped_by_choice', unitWritten, `skipped: unit "${unitWritten}" left out as you chose`);
        return;
      }
      const side = unitSide(kind, choice ?? unitWritten);
      if (side) useConverted = side === 'converted';
      else {
        const known = kind === 'trips' ? 'mi or km' : 'gal or L';
        bad(unitFrom, `unit "${unitWritten}" is not ${known}: choose what it is, or leave its rows out`, {
          kind: 'unit',
          value: unitWritten,
        });
      }
    } else if (kind === 'fuel' && !convert.unit && !headerNamesUnit && /^\s*cad\b/i.test(get('currency') ?? '')) {
      useConverted = true;
    }
    const parsed = parseQuantity(quantityText, quantityField, true);
    if (!parsed.ok) bad(quantityField, parsed.message);
    else if (parsed.value === null) bad(quantityField, `${quantityField} is empty`);
    const inFileUnit = (value: number) => (convert.metres ? metresToKilometres(value) : value);
    let amount = parsed.ok && parsed.value !== null ? roundQuantity(inFileUnit(parsed.value)) : 0;
    const toBaseUnit = (value: number) =>
      useConverted ? toFiledUnit(value, converted as 'kilometres' | 'litres', options.factors) : value;
    if (kind === 'trips') {
      const taxable = readYesNo(get('taxable'));
      if (taxable === undefined) bad('taxable', `taxable "${get('taxable')}" is not yes or no`);
      const reasonText = normalise(get('non_taxable_reason') ?? '').replace(/[\s-]+/g, '_');
      const reason = reasonText === '' ? null : (reasonText as NonTaxableReason);
      if (reason && !NON_TAXABLE_REASONS.includes(reason)) {
        bad(
          'non_taxable_reason',
          `reason "${get('non_taxable_reason')}" is not one of ${NON_TAXABLE_REASONS.join(', ')}`,
        );
      }
      const odometer = (field: 'odometer_start' | 'odometer_end'): string | null => {
        const reading = parseQuantity(get(field) ?? '', field, true);
        if (!reading.ok) bad(field, reading.message);
        else if (reading.value !== null && reading.value < 0) bad(field, `${field} must not be negative`);
        return reading.ok && reading.value !== null ? toDecimal(reading.value).toDecimalPlaces(1).toFixed() : null;
      };
      const odometerStart = odometer('odometer_start');
      const odometerEnd = odometer('odometer_end');
      if (odometerStart !== null && odometerEnd !== null && toDecimal(odometerEnd).lessThan(odometerStart)) {
        bad('odometer_end', `odometer end ${odometerEnd} is less than odometer start ${odometerStart}`);
      }
      // The layout's total distance beside its taxable part: the rest is a non-taxable trip of its own.
      let remainder = 0;
      if (convert.remainder) {
        const total = parseQuantity(cells[convert.remainder.index] ?? '', convert.remainder.header, true);
        if (!total.ok) bad(quantityField, total.message);
        else if (total.value !== null) remainder = roundQuantity(toDecimal(inFileUnit(total.value)).minus(amount));
      }
      // The layout's non-taxable distance in a column of its own (EROAD's exempt miles).
      let exempt = 0;
      if (convert.exempt) {
        const miles = parseQuantity(cell(convert.exempt.index), convert.exempt.header, true);
        if (!miles.ok) bad(quantityField, miles.message);
        else if (miles.value !== null) exempt = roundQuantity(inFileUnit(miles.value));
      }
      const sheet = {} as Record<TripSheetField, string | null>;
      for (const field of TRIP_SHEET_FIELDS) {
        const text = (get(field) ?? '').trim();
        sheet[field] = text === '' ? null : text;
        if (text.length > TRIP_SHEET_MAX_LENGTH[field]) {
          bad(field, `${field} must be at most ${TRIP_SHEET_MAX_LENGTH[field]} characters`);
        } else if (text !== '' && field.endsWith('_jurisdiction')) {
          const where = directory.resolve(jurisdictionText(text));
          if (!where) bad(field, `${field} "${text}" is not a jurisdiction`);
          else sheet[field] = where.abbreviation;
        }
      }
      if (problems.length > before) return;
      const trip = {
        ...sheet,
        date: date!,
        unit,
        jurisdiction: place!.abbreviation,
        odometer_start: odometerStart,
        odometer_end: odometerEnd,
      };
      // A row of exempt miles only (a trip on a private road) is that trip alone.
      if (!(convert.exempt && amount === 0 && exempt > 0)) {
        records.push({
          ...trip,
          miles: String(toBaseUnit(amount)),
          taxable: reason ? false : taxable!,
          non_taxable_reason: reason,
        });
        rowNumbers.push(row);
      }
      for (const [part, partReason] of [
        [remainder, convert.remainder?.reason],
        [exempt, convert.exempt?.reason],
      ] as const) {
        if (partReason === undefined || part <= 0) continue;
        records.push({ ...trip, miles: String(toBaseUnit(part)), taxable: false, non_taxable_reason: partReason });
        rowNumbers.push(row);
      }
      return;
    }
    // Parts of the quantity that are another product (Comdata's "other fuel"): listed as left out, and taken off.
    let priceOff = toDecimal(0);
    if (convert.split && parsed.ok && parsed.value !== null) {
      let notFuel = toDecimal(0);
      for (const part of convert.split.notFuel) {
        const value = parseQuantity(cell(part.index), part.header, true);
        if (!value.ok) {
          bad(quantityField, value.message);
          continue;
        }
        if (!value.value) continue;
        notFuel = notFuel.plus(value.value);
        const cost = parseQuantity(cell(part.cost).replace(/^\s*[$€£]\s*/, ''), part.header, true);
        if (cost.ok && cost.value) priceOff = priceOff.plus(cost.value);
        skip(
          part.header,
          part.reason,
          cell(part.index),
          `${cell(part.index)} of "${part.header}" left out: ${NON_FUEL_LABELS[part.reason]}, not the vehicle's fuel`,
        );
      }
      const fuel = toDecimal(amount).minus(notFuel);
      // A shorter export leaves the per-product columns out or empty: nothing to check the sum against then.
      if (convert.split.fuel.some((part) => cell(part.index) !== '')) {
        const sum = convert.split.fuel.reduce((total, part) => {
          const value = parseQuantity(cell(part.index), part.header, true);
          return value.ok && value.value ? total.plus(value.value) : total;
        }, toDecimal(0));
        if (!sum.equals(fuel)) {
          const names = convert.split.fuel.map((part) => `"${part.header}"`).join(' + ');
          bad(quantityField, `${names} (${sum.toFixed()}) is not ${quantityField} less other fuel (${fuel.toFixed()})`);
        }
      }
      if (fuel.isNegative()) bad(quantityField, `${quantityField} is less than its other fuel`);
      amount = roundQuantity(fuel);
      if (problems.length === before && amount === 0) {
        if (notFuel.isZero()) skip(quantityField, 'no_fuel', get(quantityField) ?? '', 'skipped: no fuel bought');
        return;
      }
    }
    for (const part of convert.split?.beside ?? []) {
      const value = parseQuantity(cell(part.index), part.header, true);
      if (value.ok && value.value) {
        skip(
          part.header,
          part.reason,
          cell(part.index),
          `${cell(part.index)} of "${part.header}" left out: ${NON_FUEL_LABELS[part.reason]}, not the vehicle's fuel`,
        );
      }
    }
    const written = normalise(get('fuel_type') ?? '');
    let fuelType: string;
    if (chosenFuel !== undefined) fuelType = chosenFuel;
    else {
      const product = isFuelType(written) ? undefined : classifyProduct(written);
      fuelType = product && 'fuelType' in product ? product.fuelType : written || DEFAULT_FUEL_TYPE;
    }
    if (!isFuelType(fuelType)) {
      const raw = (get('fuel_type') ?? '').trim();
      bad('fuel_type', `fuel type "${raw}" is not one the rate matrix lists: choose its fuel, or leave its rows out`, {
        kind: 'product',
        value: raw,
      });
    }
    const taxPaid = readYesNo(get('tax_paid'));
    if (taxPaid === undefined) bad('tax_paid', `tax paid "${get('tax_paid')}" is not yes or no`);
    // A statement writes its amounts with the currency sign: "$452.18".
    let price = parseQuantity((get('total_price') ?? '').replace(/^\s*[$€£]\s*/, ''), 'total_price', true);
    if (!price.ok) {
      // The receipt's total is optional: a total the file writes as no number ("DQ") is the person's to settle,
      // kept without a total or left out, rather than the reason the file's other rows wait.
      const written = (get('total_price') ?? '').trim();
      const choice = prices.get(normalise(written));
      if (choice === 'skip') {
        skip('total_price', 'skipped_by_choice', written, `skipped: total "${written}" left out as you chose`);
        return;
      }
      if (choice === 'none') price = { ok: true, value: null };
      else bad('total_price', price.message, { kind: 'price', value: written });
    } else if (price.value !== null && price.value < 0) bad('total_price', 'total_price must not be negative');
    if (problems.length > before) return;
    records.push({
      date: date!,
      unit,
      jurisdiction: place!.abbreviation,
      quantity: String(amount),
      quantity_unit: useConverted ? 'l' : 'gal',
      gallons: String(toBaseUnit(amount)),
      fuel_type: fuelType,
      tax_paid: taxPaid!,
      vendor: (get('vendor') ?? '').slice(0, 100),
      receipt_number: (get('receipt_number') ?? '').slice(0, 50),
      vendor_address: (get('vendor_address') ?? '').slice(0, 200),
      total_price:
        price.ok && price.value !== null ? toDecimal(price.value).minus(priceOff).toDecimalPlaces(2).toFixed() : null,
    });
    rowNumbers.push(row);
  });
  return { headers, ...recognised, layout, mapping, records, rowNumbers, problems, warnings, totalRows: data.length };
}

/** Where a recognised layout's conversions read: column indexes of this file's header row. */
function presetColumns(preset: ImportPreset | undefined, headers: string[], mapping: Record<string, string>) {
  const index = (column: string) => {
    const header = fileHeader(headers, column);
    return header === undefined ? -1 : headers.indexOf(header);
  };
  const conversions = preset?.conversions ?? {};
  const yearIndex = conversions.date?.format === 'month' ? index(conversions.date.yearColumn) : -1;
  const unit = conversions.unitColumn;
  const unitIndex = unit ? index(unit.column) : -1;
  const remainder = conversions.nonTaxableRemainder;
  const remainderIndex = remainder ? index(remainder.totalColumn) : -1;
  const exempt = conversions.nonTaxableColumn;
  const exemptIndex = exempt ? index(exempt.column) : -1;
  const present = (column: string) => (index(column) >= 0 ? [index(column)] : []);
  // The parts add up to the preset's own quantity column: they apply only while the mapping reads that column.
  const presetQuantity = preset ? fileHeader(headers, preset.mapping.gallons ?? '') : undefined;
  const split =
    preset && presetQuantity !== undefined && mapping.gallons === presetQuantity && conversions.notFuelParts
      ? {
          notFuel: conversions.notFuelParts.flatMap((part) =>
            present(part.column).map((at) => ({
              index: at,
              header: headers[at],
              reason: part.reason,
              cost: part.cost && index(part.cost) >= 0 ? index(part.cost) : undefined,
            })),
          ),
          fuel: (conversions.fuelParts ?? []).flatMap((column) =>
            present(column).map((at) => ({ index: at, header: headers[at] })),
          ),
          beside: (conversions.besideParts ?? []).flatMap((part) =>
            present(part.column).map((at) => ({ index: at, header: headers[at], reason: part.reason })),
          ),
        }
      : undefined;
  return {
    datetime: conversions.date?.format === 'datetime',
    yearColumn: yearIndex >= 0 ? yearIndex : undefined,
    metres: conversions.quantityInMetres === true,
    unit:
      unit && unitIndex >= 0
        ? {
            index: unitIndex,
            primary: unit.primary.map(headerKey),
            converted: unit.converted.map(headerKey),
            all: [...unit.primary, ...unit.converted].filter((u) => u !== '').join(', '),
          }
        : undefined,
    remainder:
      remainder && remainderIndex >= 0
        ? { index: remainderIndex, header: headers[remainderIndex], reason: remainder.reason }
        : undefined,
    exempt:
      exempt && exemptIndex >= 0
        ? { index: exemptIndex, header: headers[exemptIndex], reason: exempt.reason }
        : undefined,
    split,
  };
}

/** An .xlsx (a zip archive) rather than text. */
const isWorkbook = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The worker-pool job (common/workers): the file's bytes in (CSV or .xlsx, its first sheet), the records out. */
export async function readRecordFileJob(task: ReadRecordTask): Promise<ReadRecordFile> {
  return summarise(await readRecordBytes(task), task.problemsCsv === true);
}

export interface ReadRecordTask {
  kind: RecordKind;
  bytes: Uint8Array;
  mapping?: Record<string, string>;
  /** The upload budget: the most a workbook may unpack to. */
  maxUnpackedBytes: number;
  /** Also write every problem as a CSV file. */
  problemsCsv?: boolean;
  /** The account enters kilometres and litres: a column whose header names no unit is read in them. */
  metric?: boolean;
  /** The date and unit of every row of a file that has no column for them. */
  defaultDate?: string;
  defaultUnit?: string;
  resolutions?: ImportResolutions;
  factors?: ConversionFactors;
}

async function readRecordBytes(task: ReadRecordTask): Promise<RecordRows> {
  const buffer = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  const options: ReadOptions = {
    defaultDate: task.defaultDate,
    defaultUnit: task.defaultUnit,
    resolutions: task.resolutions,
    factors: task.factors,
  };
  if (!isWorkbook(buffer)) {
    return readRecordFile(task.kind, buffer.toString('utf8'), task.mapping, task.metric, options);
  }
  let sheet: SheetRow[];
  try {
    // Sheet '' matches no name, so the first sheet is read: a records workbook has no template sheet name.
    sheet = await readWorkbookRows(buffer, '', {
      columns: RECORD_COLUMNS,
      sparse: true,
      maxCells: RECORD_CELLS,
      maxDataRows: MAX_RECORD_ROWS,
      maxUnpackedBytes: task.maxUnpackedBytes,
    });
  } catch (error) {
    const tooLarge =
      error instanceof UnpackedTooLargeError
        ? unpackedTooLargeMessage(error.unpackedBytes, error.limitBytes)
        : undefined;
    const message =
      tooLarge ?? `the workbook could not be read: ${error instanceof Error ? error.message : String(error)}`;
    const problems = [{ row: 1, field: 'file', message }];
    return {
      headers: [],
      layout: '',
      mapping: task.mapping ?? {},
      records: [],
      rowNumbers: [],
      problems,
      warnings: [],
      totalRows: 0,
      tooLarge,
    };
  }
  const rows = sheet.map(({ cells }) =>
    cells.map((cell) => {
      const value = cellValue(cell);
      return value === null || value === undefined ? '' : String(value);
    }),
  );
  return readRecordRows(task.kind, rows, task.mapping, true, task.metric, options);
}

/** The first problems, the counts, and (if asked) every problem as CSV: what leaves the worker thread. */
function summarise(read: RecordRows, withCsv: boolean): ReadRecordFile {
  const problemCounts: Record<string, number> = {};
  for (const problem of read.problems) problemCounts[problem.field] = (problemCounts[problem.field] ?? 0) + 1;
  const warningCounts: Record<string, number> = {};
  for (const warning of read.warnings) warningCounts[warning.reason] = (warningCounts[warning.reason] ?? 0) + 1;
  const unresolved = new Map<string, Unresolved>();
  for (const { resolve, row } of read.problems) {
    if (!resolve) continue;
    const key = `${resolve.kind}\u0000${normalise(resolve.value)}`;
    const seen = unresolved.get(key);
    if (seen) seen.rows += 1;
    else unresolved.set(key, { kind: resolve.kind, value: resolve.value, rows: 1, first_row: row });
  }
  return {
    ...read,
    problems: read.problems.slice(0, LISTED_PROBLEMS),
    problemCounts,
    problemTotal: read.problems.length,
    warnings: read.warnings.slice(0, LISTED_PROBLEMS),
    warningCounts,
    warningTotal: read.warnings.length,
    unresolved: [...unresolved.values()].slice(0, LISTED_PROBLEMS),
    ...(withCsv ? { problemsCsv: problemsCsv(read.problems) } : {}),
  };
}

/**
 * Every problem as CSV (csv-stringify quotes), with a byte-order mark so a spreadsheet reads it as UTF-8. A value is
 * the file's own text: one that starts like a formula is written with a leading apostrophe (common/documents).
 */
export function problemsCsv(problems: RecordProblem[]): Uint8Array {
  const text = stringifyCsv(
    problems.map((p) => [p.row, csvCell(p.field), csvCell(p.value ?? ''), csvCell(p.message)]),
    { bom: true, header: true, columns: ['row', 'field', 'value', 'message'] },
  );
  return Buffer.from(text, 'utf8');
}

/**
 * Columns read from a records workbook: all of them, as far as a worksheet goes (XFD, Excel's last column). Vendor
 * exports run to 160 columns, the state and gallons anywhere among them; rows are read sparse (to their last cell
 * with a value), so a narrow sheet pays nothing for the width allowed.
 */
const RECORD_COLUMNS = 16_384;

/**
 * The most cell slots a records workbook may span (rows × the width of each, gaps included): a 61-column card export
 * of 200,000 rows fits (12.2 million), and one far cell per row cannot ask for gigabytes (each slot is 8 bytes).
 */
const RECORD_CELLS = 16_000_000;

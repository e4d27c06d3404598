import { createHash } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import { isValid, parse as parseDate } from 'date-fns';
import { readWorkbookRows } from '../calculator/xlsx/workbook-reader.js';
import {
  cellValue,
  createJurisdictionDirectory,
  DEFAULT_FUEL_TYPE,
  isFuelType,
  parseQuantity,
  roundQuantity,
  type SheetRow,
  toDecimal,
} from '../ifta/index.js';
import {
  CONVERSION,
  type AnyRecord,
  NON_TAXABLE_REASONS,
  type NonTaxableReason,
  QUANTITY_FIELDS,
  RECORD_FIELDS,
  type RecordKind,
} from './record-fields.js';

export interface RecordProblem {
  /** 1-based row of the file, the header being row 1. */
  row: number;
  field: string;
  message: string;
}

export interface ReadRecordFile {
  headers: string[];
  /** A stable key of the file's header row, so the mapping chosen for it can be remembered. */
  layout: string;
  /** The mapping used: field -> header. */
  mapping: Record<string, string>;
  records: AnyRecord[];
  /** File row of each record, for duplicates and problems. */
  rowNumbers: number[];
  problems: RecordProblem[];
  totalRows: number;
}

export const MAX_RECORD_ROWS = 200_000;
const DATE_FORMATS = ['yyyy-MM-dd', 'MM/dd/yyyy', 'M/d/yyyy', 'yyyy/MM/dd'];
const normalise = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

export const layoutOf = (headers: string[]): string =>
  createHash('sha256').update(headers.map(normalise).join('\u0000')).digest('hex').slice(0, 64);

/** A mapping from the header names: each field takes the first header one of its words names. */
export function guessMapping(kind: RecordKind, headers: string[]): Record<string, string> {
  const mapping: Record<string, string> = {};
  const taken = new Set<string>();
  for (const field of RECORD_FIELDS[kind]) {
    const header = headers.find((h) => !taken.has(h) && field.synonyms.includes(normalise(h)));
    if (header) {
      mapping[field.name] = header;
      taken.add(header);
    }
  }
  return mapping;
}

/** Day 0 of Excel's 1900 date system, as it counts (its day 60 is the 29 February 1900 that never was). */
const EXCEL_EPOCH_UTC = Date.UTC(1899, 11, 30);

function readDate(raw: string, serialDates = false): string | undefined {
  if (serialDates && /^\d{5}$/.test(raw.trim())) {
    return new Date(EXCEL_EPOCH_UTC + Number(raw.trim()) * 86_400_000).toISOString().slice(0, 10);
  }
  for (const format of DATE_FORMATS) {
    const date = parseDate(raw.trim(), format, new Date(2000, 0, 1));
    if (isValid(date) && date.getFullYear() >= 2000 && date.getFullYear() <= 2099) {
      return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    }
  }
  return undefined;
}

function readYesNo(raw: string | undefined): boolean | undefined {
  const text = normalise(raw ?? '');
  if (text === '') return true;
  if (['yes', 'y', 'true', '1'].includes(text)) return true;
  if (['no', 'n', 'false', '0'].includes(text)) return false;
  return undefined;
}

/**
 * Reads a CSV of trips or fuel purchases with a column mapping (given, else guessed from the headers), and answers
 * every record it could read with every problem by row and field: an import applies only when there is none
 * (all-or-nothing). Distances in kilometres and volumes in litres convert with IFTA's factors, exactly.
 */
export function readRecordFile(kind: RecordKind, text: string, given?: Record<string, string>): ReadRecordFile {
  let rows: string[][];
  try {
    rows = parseCsv(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    // csv-parse names the line of an unclosed quote or a stray character: say it as a problem of the file.
    const message = `the file is not a readable CSV: ${error instanceof Error ? error.message : String(error)}`;
    const problems = [{ row: 1, field: 'file', message }];
    return { headers: [], layout: '', mapping: given ?? {}, records: [], rowNumbers: [], problems, totalRows: 0 };
  }
  return readRecordRows(kind, rows, given);
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
): ReadRecordFile {
  const headers = (rows[0] ?? []).map((h) => h.trim());
  const mapping = given && Object.keys(given).length > 0 ? given : guessMapping(kind, headers);
  const problems: RecordProblem[] = [];
  const fieldProblem = (field: string, message: string) => problems.push({ row: 1, field, message });
  for (const [field, header] of Object.entries(mapping)) {
    if (!RECORD_FIELDS[kind].some((f) => f.name === field)) fieldProblem(field, `${field} is not a field of ${kind}`);
    else if (!headers.includes(header)) fieldProblem(field, `column "${header}" is not in the file`);
  }
  for (const field of RECORD_FIELDS[kind].filter((f) => f.required && !mapping[f.name])) {
    fieldProblem(field.name, `choose the column that holds ${field.name}`);
  }
  const [primary, converted] = QUANTITY_FIELDS[kind];
  if (!mapping[primary] && !mapping[converted]) fieldProblem(primary, `choose the column that holds ${primary}`);
  const data = rows.slice(1);
  if (data.length > MAX_RECORD_ROWS) fieldProblem('file', `a file holds at most ${MAX_RECORD_ROWS} rows`);
  const layout = layoutOf(headers);
  if (problems.length > 0) {
    return { headers, layout, mapping, records: [], rowNumbers: [], problems, totalRows: data.length };
  }
  const column = Object.fromEntries(Object.entries(mapping).map(([field, header]) => [field, headers.indexOf(header)]));
  const directory = createJurisdictionDirectory([]);
  const records: AnyRecord[] = [];
  const rowNumbers: number[] = [];
  data.forEach((cells, index) => {
    const row = index + 2;
    const get = (field: string) => (column[field] === undefined ? undefined : (cells[column[field]] ?? ''));
    const bad = (field: string, message: string) => problems.push({ row, field, message: `row ${row}: ${message}` });
    const before = problems.length;
    const date = readDate(get('date') ?? '', serialDates);
    if (!date) bad('date', `date "${get('date')}" is not a date (YYYY-MM-DD or MM/DD/YYYY)`);
    const unit = (get('unit') ?? '').slice(0, 50);
    if (!unit) bad('unit', 'unit is empty');
    const place = directory.resolve(get('jurisdiction') ?? '');
    if (!place) bad('jurisdiction', `"${get('jurisdiction')}" is not a jurisdiction`);
    const useConverted = get(primary) === undefined || (get(primary) === '' && get(converted) !== undefined);
    const quantityField = useConverted ? converted : primary;
    const parsed = parseQuantity(get(quantityField) ?? '', quantityField, true);
    if (!parsed.ok) bad(quantityField, parsed.message);
    else if (parsed.value === null) bad(quantityField, `${quantityField} is empty`);
    const amount = parsed.ok && parsed.value !== null ? roundQuantity(parsed.value) : 0;
    const inBaseUnit = useConverted
      ? roundQuantity(toDecimal(amount).times(CONVERSION[converted as keyof typeof CONVERSION]))
      : amount;
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
      if (problems.length > before) return;
      records.push({
        date: date!,
        unit,
        jurisdiction: place!.abbreviation,
        miles: String(inBaseUnit),
        taxable: reason ? false : taxable!,
        non_taxable_reason: reason,
      });
    } else {
      const fuelType = normalise(get('fuel_type') ?? '') || DEFAULT_FUEL_TYPE;
      if (!isFuelType(fuelType)) bad('fuel_type', `fuel type "${get('fuel_type')}" is not one the rate matrix lists`);
      const taxPaid = readYesNo(get('tax_paid'));
      if (taxPaid === undefined) bad('tax_paid', `tax paid "${get('tax_paid')}" is not yes or no`);
      if (problems.length > before) return;
      records.push({
        date: date!,
        unit,
        jurisdiction: place!.abbreviation,
        quantity: String(amount),
        quantity_unit: useConverted ? 'l' : 'gal',
        gallons: String(inBaseUnit),
        fuel_type: fuelType,
        tax_paid: taxPaid!,
        vendor: (get('vendor') ?? '').slice(0, 100),
        receipt_number: (get('receipt_number') ?? '').slice(0, 50),
      });
    }
    rowNumbers.push(row);
  });
  return { headers, layout, mapping, records, rowNumbers, problems, totalRows: data.length };
}

/** An .xlsx (a zip archive) rather than text. */
const isWorkbook = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The worker-pool job (common/workers): the file's bytes in (CSV or .xlsx, its first sheet), the records out. */
export async function readRecordFileJob(task: {
  kind: RecordKind;
  bytes: Uint8Array;
  mapping?: Record<string, string>;
}): Promise<ReadRecordFile> {
  const buffer = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  if (!isWorkbook(buffer)) return readRecordFile(task.kind, buffer.toString('utf8'), task.mapping);
  let sheet: SheetRow[];
  try {
    // Sheet '' matches no name, so the first sheet is read: a records workbook has no template sheet name.
    sheet = await readWorkbookRows(buffer, '', { columns: RECORD_COLUMNS, maxDataRows: MAX_RECORD_ROWS });
  } catch (error) {
    const message = `the workbook could not be read: ${error instanceof Error ? error.message : String(error)}`;
    const problems = [{ row: 1, field: 'file', message }];
    return {
      headers: [],
      layout: '',
      mapping: task.mapping ?? {},
      records: [],
      rowNumbers: [],
      problems,
      totalRows: 0,
    };
  }
  const rows = sheet.map(({ cells }) =>
    cells.map((cell) => {
      const value = cellValue(cell);
      return value === null || value === undefined ? '' : String(value);
    }),
  );
  return readRecordRows(task.kind, rows, task.mapping, true);
}

/** Columns read from a records workbook: every field of either kind fits. */
const RECORD_COLUMNS = 16;

import { parse } from 'csv-parse/sync';
import { fuelTypeOfColumn, type FuelType, type RateKind } from '../fuel-types.js';
import { type Quarter } from '../quarter.js';

/**
 * Reads IFTA, Inc.'s quarterly rate matrix in the layout of shared/data/ifta-rates-2026-Q2.csv (see the README
 * there): one line per jurisdiction, `row` (base | surcharge) and `unit` (USD/gal | CAD/L), then one column per
 * fuel type, with an empty cell (printed "$-" in the matrix) for "no rate". An optional `effective_from` column
 * (YYYY-MM-DD inside the quarter) dates a mid-quarter change; without it a line is effective on the quarter's
 * first day. Pure (no framework), so it is unit-tested on its own.
 *
 * Only US$/gal cells make a rate: a CAD/L figure is kept beside its US$/gal rate and never converted into one
 * (a rate the file does not give is never invented). The one exception is Oregon's diesel, which the matrix leaves
 * empty (weight-mile tax) and IFTA returns report at rate 0 (docs/ifta-domain.md), as the product's table always has.
 */
export interface MatrixRate {
  code: string;
  name: string;
  country: 'USA' | 'Canada';
  fuel_type: FuelType;
  kind: RateKind;
  effective_from: string;
  /** US dollars per gallon, 4 decimals. */
  rate: string;
  /** Canadian dollars per litre, 4 decimals, when the matrix prints it. */
  rate_cad_per_litre: string | null;
}

/** A problem with one line (1-based, the header is line 1) or with the file as a whole (line 0). */
export class RateMatrixError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(line > 0 ? `Row ${line}: ${message}` : message);
  }
}

/**
 * IFTA, Inc.'s matrix is about 13 KB (122 lines); the caps allow five times that and keep the synchronous parse,
 * which runs on the event loop, to a few milliseconds (17 ms median at the cap on a machine at load 15).
 */
export const MAX_MATRIX_BYTES = 64 * 1024;
const MAX_MATRIX_LINES = 600;

const REQUIRED = ['code', 'name', 'country', 'row', 'unit'] as const;
const EFFECTIVE_FROM = 'effective_from';
const UNITS = { 'usd/gal': 'USD/gal', 'cad/l': 'CAD/L' } as const;
const COUNTRIES: Record<string, 'USA' | 'Canada'> = { usa: 'USA', us: 'USA', canada: 'Canada', can: 'Canada' };
const CODE = /^[A-Z]{2,10}$/;
const DECIMAL = /^\$?\s*(\d{1,6})(?:\.(\d{1,4}))?$/;
const EMPTY_CELLS = new Set(['', '$-', '-', '$ -']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const titleCase = (text: string) =>
  text.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());

/** '0.971' -> '0.9710'; undefined for an empty cell; throws for anything else. */
function decimalCell(raw: string, line: number, column: string): string | undefined {
  const text = raw.trim();
  if (EMPTY_CELLS.has(text)) return undefined;
  const match = DECIMAL.exec(text);
  if (!match) {
    throw new RateMatrixError(line, `"${column}" must be a rate such as 0.3250 (at most 4 decimals), got "${text}"`);
  }
  return `${match[1].replace(/^0+(?=\d)/, '')}.${(match[2] ?? '').padEnd(4, '0')}`;
}

function validDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

interface Line {
  line: number;
  code: string;
  name: string;
  country: 'USA' | 'Canada';
  kind: RateKind;
  unit: 'USD/gal' | 'CAD/L';
  effective_from: string;
  cells: Map<FuelType, string>;
}

/** Every rate of the file for `quarter`, or a RateMatrixError naming the first bad line. */
export function parseRateMatrix(input: Buffer | string, quarter: Quarter): MatrixRate[] {
  if (input.length > MAX_MATRIX_BYTES) {
    throw new RateMatrixError(0, `The rate matrix must not exceed ${MAX_MATRIX_BYTES / 1024} KB`);
  }
  let records: string[][];
  try {
    records = parse(input, {
      bom: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    throw new RateMatrixError(lines ?? 0, `not a readable CSV line (${(error as Error).message.split(':')[0]})`);
  }
  if (records.length > MAX_MATRIX_LINES + 1) {
    throw new RateMatrixError(0, `The rate matrix must have at most ${MAX_MATRIX_LINES} rows`);
  }
  if (records.length === 0) throw new RateMatrixError(0, 'The rate matrix is empty');

  const header = records[0].map((h) => h.trim());
  const index = new Map<string, number>();
  const fuelColumns: Array<[FuelType, number]> = [];
  header.forEach((name, i) => {
    const key = name.toLowerCase();
    const fuel = fuelTypeOfColumn(name);
    if ((REQUIRED as readonly string[]).includes(key) || key === EFFECTIVE_FROM) index.set(key, i);
    else if (fuel && !fuelColumns.some(([f]) => f === fuel)) fuelColumns.push([fuel, i]);
    else throw new RateMatrixError(1, `unknown or repeated column "${name}"`);
  });
  for (const column of REQUIRED) {
    if (!index.has(column)) throw new RateMatrixError(1, `the column "${column}" is missing`);
  }
  if (fuelColumns.length === 0) throw new RateMatrixError(1, 'no fuel-type column (e.g. special_diesel)');
  if (records.length < 2) throw new RateMatrixError(0, 'The rate matrix has no rows under its header');

  const cell = (record: string[], column: string) => (record[index.get(column) ?? -1] ?? '').trim();
  const lines: Line[] = records.slice(1).map((record, i) => {
    const line = i + 2;
    const code = cell(record, 'code').toUpperCase();
    if (!CODE.test(code))
      throw new RateMatrixError(line, `"code" must be a jurisdiction code such as TX, got "${code}"`);
    const name = cell(record, 'name');
    if (!name || name.length > 100) throw new RateMatrixError(line, '"name" must be 1 to 100 characters');
    const country = COUNTRIES[cell(record, 'country').toLowerCase()];
    if (!country) throw new RateMatrixError(line, '"country" must be USA or Canada');
    const kind = cell(record, 'row').toLowerCase();
    if (kind !== 'base' && kind !== 'surcharge') throw new RateMatrixError(line, '"row" must be base or surcharge');
    const unit = UNITS[cell(record, 'unit').toLowerCase() as keyof typeof UNITS];
    if (!unit) throw new RateMatrixError(line, '"unit" must be USD/gal or CAD/L');
    const effective = cell(record, EFFECTIVE_FROM) || quarter.start;
    if (!validDate(effective) || effective < quarter.start || effective > quarter.end) {
      throw new RateMatrixError(
        line,
        `"effective_from" must be a date from ${quarter.start} to ${quarter.end} (${quarter.label})`,
      );
    }
    const cells = new Map<FuelType, string>();
    for (const [fuel, column] of fuelColumns) {
      const value = decimalCell(record[column] ?? '', line, header[column]);
      if (value !== undefined) cells.set(fuel, value);
    }
    return { line, code, name: titleCase(name), country, kind, unit, effective_from: effective, cells };
  });

  const seen = new Map<string, Line>();
  for (const line of lines) {
    const key = `${line.code}|${line.kind}|${line.unit}|${line.effective_from}`;
    const first = seen.get(key);
    if (first) {
      throw new RateMatrixError(line.line, `repeats row ${first.line} (${line.code} ${line.kind} ${line.unit})`);
    }
    seen.set(key, line);
  }

  const rates: MatrixRate[] = [];
  for (const line of lines) {
    if (line.unit !== 'USD/gal') continue;
    const cad = seen.get(`${line.code}|${line.kind}|CAD/L|${line.effective_from}`);
    const cells = new Map(line.cells);
    const oregonDiesel = line.code === 'OR' && line.kind === 'base' && fuelColumns.some(([f]) => f === 'diesel');
    if (oregonDiesel && !cells.has('diesel')) cells.set('diesel', '0.0000');
    for (const [fuel_type, rate] of cells) {
      rates.push({
        code: line.code,
        name: line.name,
        country: line.country,
        fuel_type,
        kind: line.kind,
        effective_from: line.effective_from,
        rate,
        rate_cad_per_litre: cad?.cells.get(fuel_type) ?? null,
      });
    }
  }
  if (rates.length === 0) throw new RateMatrixError(0, 'The rate matrix holds no US$/gal rate');
  return rates;
}

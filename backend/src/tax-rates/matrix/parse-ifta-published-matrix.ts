import { parse } from 'csv-parse/sync';
import { findIftaJurisdiction } from '../../ifta/index.js';
import { fuelTypeOfColumn, type FuelType, type RateKind } from '../fuel-types.js';
import { type Quarter } from '../quarter.js';
import { MAX_MATRIX_BYTES, type MatrixRate, RateMatrixError } from './parse-rate-matrix.js';

/**
 * Reads the rate matrix exactly as IFTA, Inc. publishes it (https://www.iftach.org/taxmatrix/charts/3Q2026.csv):
 * a title row, a header row naming the fuel types, a row of sub-labels, then two rows per jurisdiction, the US$/gal
 * one (`ALBERTA #14,U.S.,$ 0.3519 ,…`) and the CAN$/L one (`,Can,$ 0.1300 ,…`, its name cell blank: it carries
 * over). Surcharges are rows of their own (`KENTUCKY SurChg`). A cell `$-` is a zero rate and a blank cell is no
 * rate (never zero). `#14` marks a footnote of the file and is kept in `footnotes`.
 *
 * Whatever this parser does not recognise (a header it cannot name, a jurisdiction it does not know, a unit that is
 * neither U.S. nor Can, a title naming another quarter) fails with the row, so a change of IFTA's layout stops the
 * updater loudly instead of storing a matrix read wrongly. Pure, unit-tested on its own.
 */
export interface PublishedMatrix {
  rates: MatrixRate[];
  /** Footnote markers by jurisdiction code, e.g. { AB: ['14'] }. */
  footnotes: Record<string, string[]>;
}

/** Header cells that are not fuel types but may stand in the first two columns or beside them. */
const LABEL_HEADERS = new Set(['', 'jurisdiction', 'jurisdictions', 'country', 'rate', 'rates', 'unit', 'units']);
/** The names IFTA prints that are not the members' names in the product's list. */
const NAME_ALIASES: Record<string, string> = {
  newfoundland: 'NL',
  'newfoundland labrador': 'NL',
  'newfoundland & labrador': 'NL',
  québec: 'QC',
  'prince edward is': 'PE',
  'p.e.i.': 'PE',
};
const UNITS: Record<string, 'USD/gal' | 'CAD/L'> = { 'u.s.': 'USD/gal', us: 'USD/gal', 'u.s': 'USD/gal', can: 'CAD/L' };
const CELL = /^\$?\s*(\d{1,3})?(?:\.(\d{1,4}))?\s*$/;
const TITLE_QUARTER = /\b([1-4])\s*Q\s*(20\d{2})\b/i;
const FOOTNOTE = /#\s*(\d+)/g;
const SURCHARGE = /\bsur\s*chg\b|\bsurcharge\b/i;

/** True when `records` look like IFTA's published layout rather than the one-line-per-row CSV of parse-rate-matrix. */
export function looksLikePublishedLayout(input: Buffer | string): boolean {
  const head = typeof input === 'string' ? input.slice(0, 4096) : input.subarray(0, 4096).toString('utf8');
  const firstLine = head.split(/\r?\n/, 1)[0].toLowerCase();
  return !/(^|,)\s*code\s*(,|$)/.test(firstLine);
}

function readRecords(input: Buffer | string): string[][] {
  if (input.length > MAX_MATRIX_BYTES) {
    throw new RateMatrixError(0, `The rate matrix must not exceed ${MAX_MATRIX_BYTES / 1024} KB`);
  }
  try {
    return parse(input, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    throw new RateMatrixError(lines ?? 0, `not a readable CSV line (${(error as Error).message.split(':')[0]})`);
  }
}

/** '$ 0.3519 ' → '0.3519', '$-' → '0.0000', '' → undefined (no rate); anything else throws naming the cell. */
function rateCell(raw: string | undefined, line: number, column: string): string | undefined {
  const text = (raw ?? '').trim();
  if (text === '') return undefined;
  if (/^\$?\s*-$/.test(text)) return '0.0000';
  const match = CELL.exec(text);
  if (!match || (match[1] === undefined && match[2] === undefined)) {
    throw new RateMatrixError(line, `"${column}" must be a rate such as $ 0.3250, got "${text}"`);
  }
  return `${(match[1] ?? '0').replace(/^0+(?=\d)/, '')}.${(match[2] ?? '').padEnd(4, '0')}`;
}

function jurisdictionOf(nameCell: string, line: number): { code: string; name: string; country: 'USA' | 'Canada' } {
  const bare = nameCell
    .replace(FOOTNOTE, ' ')
    .replace(SURCHARGE, ' ')
    .replace(/[*]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  const member = findIftaJurisdiction(NAME_ALIASES[bare] ?? bare);
  if (!member || member.country === 'Mexico') {
    throw new RateMatrixError(line, `"${nameCell.trim()}" is not an IFTA member jurisdiction this parser knows`);
  }
  return { code: member.code, name: member.name, country: member.country };
}

/** Every rate of IFTA's published file for `quarter`, with its footnote markers. */
export function parsePublishedMatrix(input: Buffer | string, quarter: Quarter): PublishedMatrix {
  const records = readRecords(input);
  const headerIndex = records.findIndex(
    (record, i) => i < 6 && record.filter((cell) => fuelTypeOfColumn(cell.trim()) !== undefined).length >= 3,
  );
  if (headerIndex < 0) {
    throw new RateMatrixError(0, "The file's layout is not IFTA's rate matrix: no header row names the fuel types");
  }
  const title = records
    .slice(0, headerIndex)
    .map((r) => r.join(' '))
    .join(' ');
  const titled = TITLE_QUARTER.exec(title);
  const [, q, year] = /^Q([1-4])-(\d{4})$/.exec(quarter.label) ?? [];
  if (titled && (titled[1] !== q || titled[2] !== year)) {
    throw new RateMatrixError(1, `The file is the matrix of ${titled[1]}Q${titled[2]}, not of ${q}Q${year}`);
  }
  const header = records[headerIndex];
  const fuelColumns: Array<[FuelType, number]> = [];
  header.forEach((cell, column) => {
    const label = cell.trim();
    const fuel = fuelTypeOfColumn(label);
    if (fuel && !fuelColumns.some(([known]) => known === fuel)) fuelColumns.push([fuel, column]);
    else if (column > 1 && !LABEL_HEADERS.has(label.toLowerCase())) {
      throw new RateMatrixError(headerIndex + 1, `unknown or repeated column "${label}": IFTA's layout has changed`);
    }
  });
  if (!fuelColumns.some(([fuel]) => fuel === 'diesel')) {
    throw new RateMatrixError(headerIndex + 1, "no Special Diesel column: IFTA's layout has changed");
  }

  const rates: MatrixRate[] = [];
  const footnotes: Record<string, string[]> = {};
  const seen = new Set<string>();
  const cad = new Map<string, Map<FuelType, string>>();
  let current: { code: string; name: string; country: 'USA' | 'Canada'; kind: RateKind } | undefined;
  // The row after the header holds sub-labels ("Rate/Gal"); data starts after it.
  for (let i = headerIndex + 2; i < records.length; i += 1) {
    const record = records[i];
    const line = i + 1;
    if (record.every((cell) => cell.trim() === '')) continue;
    const nameCell = (record[0] ?? '').trim();
    const unit = UNITS[(record[1] ?? '').trim().toLowerCase()];
    if (!unit) {
      // Notes under the table ("#14 Rate change effective …") end it.
      if (nameCell.startsWith('#') || record.slice(1).every((cell) => cell.trim() === '')) break;
      throw new RateMatrixError(line, `the second column must be U.S. or Can, got "${(record[1] ?? '').trim()}"`);
    }
    if (nameCell) {
      current = { ...jurisdictionOf(nameCell, line), kind: SURCHARGE.test(nameCell) ? 'surcharge' : 'base' };
      const marks = [...nameCell.matchAll(FOOTNOTE)].map((m) => m[1]);
      if (marks.length > 0) footnotes[current.code] = [...new Set([...(footnotes[current.code] ?? []), ...marks])];
    }
    if (!current) throw new RateMatrixError(line, 'a rate row before any jurisdiction name');
    const key = `${current.code}|${current.kind}|${unit}`;
    if (seen.has(key)) throw new RateMatrixError(line, `repeats the ${unit} ${current.kind} row of ${current.code}`);
    seen.add(key);
    const cells = new Map<FuelType, string>();
    for (const [fuel, column] of fuelColumns) {
      const value = rateCell(record[column], line, header[column].trim());
      if (value !== undefined) cells.set(fuel, value);
    }
    if (unit === 'CAD/L') {
      cad.set(`${current.code}|${current.kind}`, cells);
      continue;
    }
    for (const [fuel_type, rate] of cells) {
      rates.push({
        code: current.code,
        name: current.name,
        country: current.country,
        fuel_type,
        kind: current.kind,
        effective_from: quarter.start,
        rate,
        rate_cad_per_litre: null,
      });
    }
  }
  for (const rate of rates) {
    rate.rate_cad_per_litre = cad.get(`${rate.code}|${rate.kind}`)?.get(rate.fuel_type) ?? null;
  }
  // Oregon taxes diesel by weight and distance; IFTA returns report its diesel at rate 0 (docs/ifta-domain.md).
  if (!rates.some((r) => r.code === 'OR' && r.kind === 'base' && r.fuel_type === 'diesel')) {
    const oregon = findIftaJurisdiction('OR');
    if (oregon && seen.has('OR|base|USD/gal')) {
      rates.push({
        code: 'OR',
        name: oregon.name,
        country: 'USA',
        fuel_type: 'diesel',
        kind: 'base',
        effective_from: quarter.start,
        rate: '0.0000',
        rate_cad_per_litre: null,
      });
    }
  }
  if (rates.length === 0) throw new RateMatrixError(0, 'The rate matrix holds no US$/gal rate');
  return { rates, footnotes };
}

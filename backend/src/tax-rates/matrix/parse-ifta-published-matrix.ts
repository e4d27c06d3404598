import { parse } from 'csv-parse/sync';
import { findIftaJurisdiction } from '../../ifta/index.js';
import { fuelTypeOfColumn, type FuelType, type RateKind } from '../fuel-types.js';
import { type Quarter } from '../quarter.js';
import { MAX_MATRIX_BYTES, type MatrixRate, RateMatrixError } from './parse-rate-matrix.js';

/**
 * Reads the rate matrix exactly as IFTA, Inc. serves it (https://www.iftach.org/taxmatrix/charts/3Q2026.csv; five
 * verbatim copies are the tests' fixtures, backend/test/fixtures/ifta-published): a byte-order mark, a title row
 * (`3rd Quarter 2026`), two header rows whose cells stack into the fuel names (`Special` over `Diesel`), the pair
 * repeated down the file every ten to fifteen jurisdictions, then per jurisdiction a US$/gal row
 * (`ALBERTA #14,U.S.,$ 0.3519 ,…`), a CAN$/L row (`,Can,$ 0.1300 ,…`, its name cell blank: it carries over) and a
 * blank row. Surcharges are rows of their own (`KENTUCKY SurChg `, `INDIANA SurChg #31`). A cell `$-` is a zero rate
 * (no IFTA tax on that fuel there; the line is still reported) and a blank cell is no rate. `#14` marks a footnote of
 * the file and is kept in `footnotes`.
 *
 * Whatever this parser does not recognise (a fuel column it cannot name, a jurisdiction it does not know, a unit that
 * is neither U.S. nor Can, a title naming another quarter in either of IFTA's forms, a row cut short) fails naming the
 * row and cell, so a change of IFTA's layout stops the updater loudly instead of storing a matrix read wrongly. Pure,
 * unit-tested on its own.
 */
export interface PublishedMatrix {
  rates: MatrixRate[];
  /** Footnote markers by jurisdiction code, e.g. { AB: ['14'] }. */
  footnotes: Record<string, string[]>;
}

/** Header cells that are not fuel types but may stand in the first two columns or under a fuel's name. */
const LABEL_HEADERS = new Set(['', 'jurisdiction', 'jurisdictions', 'country', 'rate', 'rates', 'unit', 'units']);
/** Sub-label cells that only say what the column above holds ("Rate/Gal"): not part of the fuel's name. */
const SUB_LABELS = new Set(['rate', 'rates', 'rate/gal', 'rate per gallon']);
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
const FOOTNOTE = /#\s*(\d+)/g;
const SURCHARGE = /\bsur\s*chg\b|\bsurcharge\b/i;
const ORDINALS: Record<string, string> = { first: '1', second: '2', third: '3', fourth: '4' };

/**
 * The quarter a title names, as '3Q2026', in IFTA's forms: the file's own title row (`3rd Quarter 2026`, `Third
 * Quarter 2026`) and its name (`3Q2026`); undefined when the text names none.
 */
export function quarterOfTitle(title: string): string | undefined {
  const short = /\b([1-4])\s*Q\s*-?\s*(20\d{2})\b/i.exec(title) ?? /\bQ\s*([1-4])\s*[-/ ]\s*(20\d{2})\b/i.exec(title);
  if (short) return `${short[1]}Q${short[2]}`;
  const long = /\b([1-4])\s*(?:st|nd|rd|th)?\s+quarter\s*,?\s*(?:of\s+)?(20\d{2})\b/i.exec(title);
  if (long) return `${long[1]}Q${long[2]}`;
  const worded = /\b(first|second|third|fourth)\s+quarter\s*,?\s*(?:of\s+)?(20\d{2})\b/i.exec(title);
  return worded ? `${ORDINALS[worded[1].toLowerCase()]}Q${worded[2]}` : undefined;
}

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

interface Header {
  /** The row (0-based) of the fuel names and of the sub-labels under them (-1: none). */
  index: number;
  subIndex: number;
  fuelColumns: Array<[FuelType, number]>;
  /** Each column's name as the file prints it, the two header rows stacked ("Special Diesel"). */
  labels: string[];
}

const cellsOf = (record: string[] | undefined) => (record ?? []).map((cell) => cell.trim());
const sameCells = (a: string[], b: string[]) => {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i += 1) if ((a[i] ?? '') !== (b[i] ?? '')) return false;
  return true;
};

/** The fuel-name row among the first six and the sub-label row under it, whose cells stack into the names. */
function readHeader(records: string[][]): Header {
  const index = records.findIndex(
    (record, i) => i < 6 && record.filter((cell) => fuelTypeOfColumn(cell.trim()) !== undefined).length >= 3,
  );
  if (index < 0) {
    throw new RateMatrixError(0, "The file's layout is not IFTA's rate matrix: no header row names the fuel types");
  }
  const top = cellsOf(records[index]);
  const next = cellsOf(records[index + 1]);
  // IFTA prints "Special" over "Diesel": a second header row names no unit and holds words, not rates.
  const hasSubLabels =
    !UNITS[(next[1] ?? '').toLowerCase()] && next.some((cell) => /[a-z]/i.test(cell) && !/^\$/.test(cell));
  const labels = top.map((cell, column) => {
    const under = hasSubLabels ? (next[column] ?? '') : '';
    return under === '' || SUB_LABELS.has(under.toLowerCase()) ? cell : `${cell} ${under}`.trim();
  });
  const fuelColumns: Array<[FuelType, number]> = [];
  labels.forEach((label, column) => {
    const fuel = fuelTypeOfColumn(label);
    if (fuel && !fuelColumns.some(([known]) => known === fuel)) fuelColumns.push([fuel, column]);
    else if (column > 1 && !LABEL_HEADERS.has(label.toLowerCase())) {
      throw new RateMatrixError(
        index + (hasSubLabels && next[column] ? 2 : 1),
        `unknown or repeated column "${label}": IFTA's layout has changed`,
      );
    }
  });
  if (!fuelColumns.some(([fuel]) => fuel === 'diesel')) {
    throw new RateMatrixError(index + 1, "no Special Diesel column: IFTA's layout has changed");
  }
  return { index, subIndex: hasSubLabels ? index + 1 : -1, fuelColumns, labels };
}

/** Refuses a file whose title names another quarter, in either of IFTA's forms ('3rd Quarter 2026', '3Q2026'). */
function checkTitle(records: string[][], header: Header, quarter: Quarter): void {
  const title = records
    .slice(0, header.index)
    .map((r) => r.join(' '))
    .join(' ');
  const titled = quarterOfTitle(title);
  const [, q, year] = /^Q([1-4])-(\d{4})$/.exec(quarter.label) ?? [];
  if (titled && titled !== `${q}Q${year}`) {
    throw new RateMatrixError(1, `The file is the matrix of ${titled}, not of ${q}Q${year}`);
  }
}

/** Every rate of IFTA's published file for `quarter`, with its footnote markers. */
export function parsePublishedMatrix(input: Buffer | string, quarter: Quarter): PublishedMatrix {
  const records = readRecords(input);
  const header = readHeader(records);
  checkTitle(records, header, quarter);
  const { fuelColumns, labels } = header;
  const top = cellsOf(records[header.index]);
  const sub = header.subIndex >= 0 ? cellsOf(records[header.subIndex]) : undefined;
  const width = Math.max(...fuelColumns.map(([, column]) => column)) + 1;

  const rates: MatrixRate[] = [];
  const footnotes: Record<string, string[]> = {};
  const seen = new Set<string>();
  const cad = new Map<string, Map<FuelType, string>>();
  let current: { code: string; name: string; country: 'USA' | 'Canada'; kind: RateKind } | undefined;
  for (let i = header.index + (sub ? 2 : 1); i < records.length; i += 1) {
    const record = records[i];
    const cells = cellsOf(record);
    const line = i + 1;
    if (cells.every((cell) => cell === '')) continue;
    // IFTA repeats its two header rows down the file; a repeat that differs is a changed layout.
    if (sameCells(cells, top) || (sub && sameCells(cells, sub) && sameCells(cellsOf(records[i - 1]), top))) continue;
    const nameCell = cells[0] ?? '';
    const unit = UNITS[(cells[1] ?? '').toLowerCase()];
    if (!unit) {
      if (cells.some((cell) => fuelTypeOfColumn(cell) !== undefined)) {
        throw new RateMatrixError(
          line,
          "the header repeated here differs from the first one: IFTA's layout has changed",
        );
      }
      // Notes under the table ("#14 Rate change effective …") end it.
      if (nameCell.startsWith('#') || cells.slice(1).every((cell) => cell === '')) break;
      throw new RateMatrixError(line, `the second column must be U.S. or Can, got "${cells[1] ?? ''}"`);
    }
    if (record.length < width) {
      throw new RateMatrixError(
        line,
        `has ${record.length} cells where the header has ${width} ("${labels[record.length] ?? ''}" is missing): the file is cut short`,
      );
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
    const rowRates = new Map<FuelType, string>();
    for (const [fuel, column] of fuelColumns) {
      const value = rateCell(record[column], line, labels[column]);
      if (value !== undefined) rowRates.set(fuel, value);
    }
    if (unit === 'CAD/L') {
      cad.set(`${current.code}|${current.kind}`, rowRates);
      continue;
    }
    for (const [fuel_type, rate] of rowRates) {
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

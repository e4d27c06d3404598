import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * IFTA, Inc.'s quarterly matrix files as IFTA serves them (backend/test/fixtures/ifta-published, each with its source
 * in the README there), and the few named changes a test may make to one. No test builds "IFTA's file" from a
 * description of it: a description is what the parser was once written from, and IFTA's real file was refused.
 *
 * Pure text in and out (no import.meta), so the browser tests use the same helpers.
 */
export const PUBLISHED_QUARTERS = ['1Q2025', '4Q2025', '1Q2026', '2Q2026', '3Q2026'] as const;
export type PublishedQuarter = (typeof PUBLISHED_QUARTERS)[number];

/** The file's bytes, read from `fixtures` (the folder backend/test/fixtures/ifta-published). */
export function publishedMatrixBytes(fixtures: string, quarter: PublishedQuarter): Buffer {
  return readFileSync(join(fixtures, `${quarter}.csv`));
}

const NEWLINE = /\r?\n/;
const newlineOf = (text: string) => (text.includes('\r\n') ? '\r\n' : '\n');

/** The file's lines (byte-order mark kept on the first), and a way back to its text with its own line ends. */
function lines(content: Buffer | string): { rows: string[]; join: (rows: string[]) => Buffer } {
  const text = content.toString();
  const eol = newlineOf(text);
  return { rows: text.split(NEWLINE), join: (rows) => Buffer.from(rows.join(eol)) };
}

/** Index of the jurisdiction's U.S. row: its name cell, trimmed, is `name` (e.g. 'CALIFORNIA #1', 'KENTUCKY SurChg'). */
function rowOf(rows: string[], name: string): number {
  const index = rows.findIndex(
    (row) =>
      row
        .split(',')[0]
        .replace(/^\uFEFF/, '')
        .trim() === name,
  );
  if (index < 0) throw new Error(`the fixture has no row named "${name}"`);
  return index;
}

/** The column of a fuel by the file's first header row ('Special' for diesel, 'Propane', …). */
function columnOf(rows: string[], title: string): number {
  const header = rows.find((row) => row.split(',').includes('Gasoline'));
  const column = header?.split(',').indexOf(title) ?? -1;
  if (column < 0) throw new Error(`the fixture has no fuel column "${title}"`);
  return column;
}

/** The file with one cell changed: the `unit` row ('U.S.' or 'Can') of jurisdiction `name`, fuel column `title`. */
export function withCell(
  content: Buffer | string,
  change: { name: string; title: string; value: string; unit?: 'U.S.' | 'Can' },
): Buffer {
  const { rows, join: back } = lines(content);
  const at = rowOf(rows, change.name) + (change.unit === 'Can' ? 1 : 0);
  const cells = rows[at].split(',');
  cells[columnOf(rows, change.title)] = change.value;
  rows[at] = cells.join(',');
  return back(rows);
}

/** The file without the rows of the jurisdictions named (their U.S. row, the Can row under it and the blank after). */
export function withoutJurisdictions(content: Buffer | string, names: string[]): Buffer {
  const { rows, join: back } = lines(content);
  for (const name of names) {
    const at = rowOf(rows, name);
    rows.splice(at, rows[at + 2]?.replace(/,/g, '').trim() === '' ? 3 : 2);
  }
  return back(rows);
}

/** The file with another title row (e.g. '4th Quarter 2026'): IFTA's next quarter before it is posted. */
export function retitled(content: Buffer | string, title: string): Buffer {
  const { rows, join: back } = lines(content);
  const bom = rows[0].startsWith('\uFEFF') ? '\uFEFF' : '';
  rows[0] = `${bom}${title}${rows[0].slice(rows[0].indexOf(','))}`;
  return back(rows);
}

/**
 * The file read independently of the product's parser, the way a person reads it: each `U.S.` row's name cell and
 * its cells under the first header row's titles ('Special' is diesel), `$-` as '0.0000', `$ 0.3519 ` as '0.3519'.
 * Repeated header rows, `Can` rows and blank rows are passed over.
 */
export function readUsRows(content: Buffer | string): Array<{ name: string; cells: Record<string, string> }> {
  const rows = lines(content).rows.map((row) => row.replace(/^\uFEFF/, '').split(','));
  const titles = rows.find((row) => row.includes('Gasoline'))!;
  return rows
    .filter((row) => row[1] === 'U.S.')
    .map((row) => ({
      name: row[0].trim(),
      cells: Object.fromEntries(
        titles
          .map((title, column) => [title, row[column]?.trim() ?? ''] as const)
          .filter(([title]) => title !== '')
          .map(([title, cell]) => [title, cell === '$-' ? '0.0000' : cell.replace('$', '').trim()]),
      ),
    }));
}

/** The file's fuel titles (its first header row; 'Special' stands over 'Diesel') as the product names the fuels. */
const FUEL_OF_TITLE: Record<string, string> = {
  Gasoline: 'gasoline',
  Special: 'diesel',
  Gasohol: 'gasohol',
  Propane: 'propane',
  LNG: 'lng',
  CNG: 'cng',
  Ethanol: 'ethanol',
  Methanol: 'methanol',
  'E-85': 'e85',
  'M-85': 'm85',
  A55: 'a55',
  Biodiesel: 'biodiesel',
  Electricity: 'electricity',
  Hydrogen: 'hydrogen',
  Hythane: 'hythane',
};

/** A name cell without its notes, as the product's jurisdiction name in capitals ('ALBERTA #14' → 'ALBERTA'). */
const plainName = (cell: string) =>
  cell
    .replace(/#\s*\d+/g, '')
    .replace(/SurChg/i, '')
    .trim()
    .replace(/^NEWFOUNDLAND$/, 'NEWFOUNDLAND AND LABRADOR');

/**
 * Every US$/gal cell of the file as 'NAME|kind|fuel|rate' lines, sorted (readUsRows): what a stored matrix must
 * equal, line for line, compared with `storedRateLines`.
 */
export function fileRateLines(content: Buffer | string): string[] {
  return readUsRows(content)
    .flatMap(({ name, cells }) =>
      Object.entries(cells).map(
        ([title, rate]) =>
          `${plainName(name)}|${/SurChg/i.test(name) ? 'surcharge' : 'base'}|${FUEL_OF_TITLE[title]}|${rate}`,
      ),
    )
    .sort();
}

/** Rates as the API answers them, in fileRateLines's form. */
export function storedRateLines(
  rates: Array<{ name: string; kind: string; fuel_type: string; rate: string }>,
): string[] {
  return rates.map((r) => `${r.name.toUpperCase()}|${r.kind}|${r.fuel_type}|${Number(r.rate).toFixed(4)}`).sort();
}

/**
 * The file with one jurisdiction's rate of one fuel changed as IFTA would change it: its US$/gal cell to `rate`, and
 * the CAN$/L cell under it to the same figure at the row's own exchange rate (4 decimals), so the pair still agrees.
 */
export function withRate(content: Buffer | string, change: { name: string; title: string; rate: string }): Buffer {
  const { rows } = lines(content);
  const at = rowOf(rows, change.name);
  const column = columnOf(rows, change.title);
  const figure = (cell: string) => Number(cell.replace('$', '').trim());
  const ratio = figure(rows[at + 1].split(',')[column]) / figure(rows[at].split(',')[column]);
  const cad = (Number(change.rate) * ratio).toFixed(4);
  const us = withCell(content, { name: change.name, title: change.title, value: `$ ${change.rate} ` });
  return withCell(us, { name: change.name, title: change.title, value: `$ ${cad} `, unit: 'Can' });
}

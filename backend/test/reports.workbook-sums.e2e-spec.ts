import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Decimal } from 'decimal.js';
import type ExcelJS from 'exceljs';
import { LATE_RETURN_WITH_SURCHARGES } from './helpers/late-return.js';
import { pdfPages } from './helpers/pdf-text.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { binaryParser, readWorkbook } from './helpers/xlsx.js';

const REPORTS = '/api/protected/reports';

/** The first cell of a table's last row, in either document language. */
const TOTAL_LABEL = /^(total|totals|итого)$/i;

interface Line {
  row: number;
  cells: ExcelJS.Cell[];
}

/** A table as a reader finds it: a row of headings, its lines, and the Total row under them. */
interface Table {
  sheet: string;
  header: string[];
  lines: Line[];
  total: Line;
}

const cellsOf = (sheet: ExcelJS.Worksheet, row: number): ExcelJS.Cell[] => {
  const cells: ExcelJS.Cell[] = [];
  for (let column = 1; column <= sheet.columnCount; column += 1) cells.push(sheet.getRow(row).getCell(column));
  return cells;
};
const isBlank = (value: unknown) => value === null || value === undefined || value === '';
const filled = (cells: ExcelJS.Cell[]) => cells.filter((cell) => !isBlank(cell.value));

/**
 * Every table of a sheet, without knowing the sheet: each row whose first cell says Total closes a table, whose
 * heading is the nearest row above it of three or more cells that are all text, and whose lines are the rows between.
 */
function tablesOf(sheet: ExcelJS.Worksheet): Table[] {
  const tables: Table[] = [];
  for (let number = 1; number <= sheet.rowCount; number += 1) {
    const cells = cellsOf(sheet, number);
    if (!TOTAL_LABEL.test(String(cells[0].value ?? '').trim())) continue;
    let headerRow = number - 1;
    const isHeading = (row: ExcelJS.Cell[]) =>
      filled(row).length >= 3 && filled(row).every((cell) => typeof cell.value === 'string');
    while (headerRow > 0 && !isHeading(cellsOf(sheet, headerRow))) headerRow -= 1;
    expect([sheet.name, number, headerRow > 0]).toEqual([sheet.name, number, true]);
    const lines: Line[] = [];
    for (let row = headerRow + 1; row < number; row += 1) lines.push({ row, cells: cellsOf(sheet, row) });
    tables.push({
      sheet: sheet.name,
      header: cellsOf(sheet, headerRow).map((cell) => String(cell.value ?? '')),
      lines,
      total: { row: number, cells },
    });
  }
  return tables;
}

/**
 * The most decimals a number format shows, from its first (positive) section: '#,##0.00' two, '#,##0' none,
 * '#,##0.0##' three (a figure's thousandths when it has them).
 */
const shownDecimals = (numFmt: string | undefined) => /\.([0#]+)/.exec((numFmt ?? '').split(';')[0])?.[1].length ?? 0;

/** A cell's number as the decimal it prints as in full (never a float sum). */
const exact = (cell: ExcelJS.Cell) => new Decimal(String(cell.value));
/** The figure a reader sees in the cell: its number at the decimals its format shows. */
const shown = (cell: ExcelJS.Cell) => exact(cell).toDecimalPlaces(shownDecimals(cell.numFmt), Decimal.ROUND_HALF_UP);
const isMoney = (cell: ExcelJS.Cell) => (cell.numFmt ?? '').includes('$') && shownDecimals(cell.numFmt) === 2;

/** Per table and summed column: what its lines add up to and what its Total row says, exactly, as the reader sees them. */
function columnSums(table: Table) {
  return table.header.flatMap((heading, column) => {
    const total = table.total.cells[column];
    if (typeof total.value !== 'number') return [];
    const where = `${table.sheet} row ${table.total.row}: ${heading}`;
    const sum = table.lines.reduce((acc, line) => acc.plus(shown(line.cells[column])), new Decimal(0));
    const exactSum = table.lines.reduce((acc, line) => acc.plus(exact(line.cells[column])), new Decimal(0));
    return [
      {
        where,
        // Every line holds a number in a summed column (a blank or a text figure cannot be added).
        lines: table.lines.map((line) => typeof line.cells[column].value),
        shown: sum.toFixed(),
        total: shown(total).toFixed(),
        exact: exactSum.toFixed(),
        totalExact: exact(total).toFixed(),
        // A money cell holds whole cents, so what it prints is what it holds.
        money: isMoney(total)
          ? [total, ...table.lines.map((line) => line.cells[column])].every((cell) => exact(cell).decimalPlaces() <= 2)
          : true,
      },
    ];
  });
}

/** The strings of every cell of every sheet. */
function textCells(book: ExcelJS.Workbook): string[] {
  const texts: string[] = [];
  for (const sheet of book.worksheets) {
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === 'string') texts.push(cell.value);
      }),
    );
  }
  return texts;
}

/** The figure a label in column A stands beside (the row's last filled cell: column B, or a summary's amount column). */
function labelled(sheet: ExcelJS.Worksheet): Map<string, unknown> {
  const figures = new Map<string, unknown>();
  sheet.eachRow((row) => {
    const cells = filled(cellsOf(sheet, row.number));
    if (cells.length >= 2) figures.set(String(cells[0].value), cells[cells.length - 1].value);
  });
  return figures;
}

/**
 * Every sheet of every workbook the reports export writes (a worksheet report; a two-fuel official return with
 * Kentucky's and Virginia's surcharges; a late official return with penalty and interest) is read back, every table
 * found in it, and each summed column's lines add up to its Total row exactly: surcharges in a column of their own,
 * no blended MPG column, and no date written as an ISO timestamp in a text cell.
 */
describe('every table of every exported workbook adds up', () => {
  let t: TestApp;
  let a: TestAccount;
  const books: Record<string, ExcelJS.Workbook> = {};
  const ids: Record<string, string> = {};

  /** Creates the report and reads its exported workbook back, both kept under `name`. */
  const exportOf = async (name: string, body: object) => {
    const created = await t.http.post(REPORTS).set(a.auth).send(body).expect(201);
    ids[name] = created.body.id;
    const res = await t.http
      .post(`${REPORTS}/${created.body.id}/export`)
      .set(a.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    books[name] = await readWorkbook(res.body as Buffer);
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
    // MPG 6.5 leaves thousandths of a gallon on every line, and the typed purchases are not whole tenths.
    await exportOf('worksheet', {
      company_name: 'Acme Freight LLC',
      license_number: 'KY-998877',
      tax_period: 'Q2-2026',
      average_mpg: 6.5,
      jurisdictions: [
        { name: 'KY', total_miles: 10001, taxable_miles: 10001, gallons_purchased: 700.25, tax_rate: 0.22 },
        { name: 'VA', total_miles: 7003, taxable_miles: 7003, gallons_purchased: 1200.35, tax_rate: 0.327 },
        { name: 'IN', total_miles: 5005, taxable_miles: 5000, gallons_purchased: 333.45, tax_rate: 0.63 },
        { name: 'TN', total_miles: 2999, taxable_miles: 2999, gallons_purchased: 0, tax_rate: 0.27 },
      ],
    });
    // Diesel and gasoline in Kentucky, Virginia and Indiana: the 2Q2026 table's rates and surcharges.
    await exportOf('twoFuels', {
      company_name: 'Acme Freight LLC',
      license_number: 'KY-998877',
      tax_period: 'Q2-2026',
      average_mpg: 0,
      calculation_mode: 'official',
      jurisdictions: [
        { name: 'KY', fuel_type: 'diesel', total_miles: 12347.5, taxable_miles: 12347.5, gallons_purchased: 1001.5 },
        { name: 'VA', fuel_type: 'diesel', total_miles: 8111.4, taxable_miles: 8111.4, gallons_purchased: 1900.45 },
        { name: 'IN', fuel_type: 'diesel', total_miles: 6203, taxable_miles: 6101, gallons_purchased: 0 },
        { name: 'KY', fuel_type: 'gasoline', total_miles: 2333, taxable_miles: 2333, gallons_purchased: 150 },
        { name: 'VA', fuel_type: 'gasoline', total_miles: 1777, taxable_miles: 1777, gallons_purchased: 250 },
        { name: 'IN', fuel_type: 'gasoline', total_miles: 999, taxable_miles: 999, gallons_purchased: 90 },
      ],
    });
    await exportOf('late', LATE_RETURN_WITH_SURCHARGES);
  });
  afterAll(() => t.close());

  const tablesIn = (book: ExcelJS.Workbook) => book.worksheets.flatMap(tablesOf);

  it('finds the tables of every sheet: the IFTA Report lines, and one schedule per fuel on the Official Return', () => {
    const found = (book: ExcelJS.Workbook) =>
      book.worksheets.map((sheet) => [sheet.name, tablesOf(sheet).map((table) => table.lines.length)]);
    expect(found(books.worksheet)).toEqual([['IFTA Report', [4]]]);
    expect(found(books.twoFuels)).toEqual([
      ['IFTA Report', [6]],
      ['Official Return', [3, 3]],
    ]);
    expect(found(books.late)).toEqual([
      ['IFTA Report', [3]],
      ['Official Return', [3]],
    ]);
  });

  it.each(['worksheet', 'twoFuels', 'late'])(
    "sums each column's lines to its Total row, to the cent as printed (%s)",
    (name) => {
      const sums = tablesIn(books[name]).flatMap(columnSums);
      expect(sums.length).toBeGreaterThan(0);
      for (const sum of sums) {
        expect(sum).toEqual({
          ...sum,
          lines: sum.lines.map(() => 'number'),
          shown: sum.total,
          exact: sum.totalExact,
          money: true,
        });
      }
    },
  );

  it('gives surcharges a column of their own wherever a return has them, and no table a blended MPG column', () => {
    for (const name of ['twoFuels', 'late']) {
      for (const table of tablesIn(books[name])) {
        const surcharge = table.header.indexOf('Surcharge');
        expect([name, table.sheet, surcharge >= 0]).toEqual([name, table.sheet, true]);
        // The column holds the surcharges themselves: some line owes one, and where a line's total due is shown
        // it is that line's tax and surcharge, so the tax column holds tax alone.
        expect(table.lines.some((line) => Number(line.cells[surcharge].value) > 0)).toBe(true);
        const [tax, due] = [table.header.indexOf('Tax Due / Credit'), table.header.indexOf('Total Due')];
        for (const line of due >= 0 ? table.lines : []) {
          const sum = exact(line.cells[tax]).plus(exact(line.cells[surcharge]));
          expect([table.sheet, line.row, exact(line.cells[due]).toFixed()]).toEqual([
            table.sheet,
            line.row,
            sum.toFixed(),
          ]);
        }
      }
    }
    for (const name of ['worksheet', 'twoFuels', 'late']) {
      const headings = tablesIn(books[name]).flatMap((table) => table.header);
      expect([name, headings.filter((heading) => /mpg/i.test(heading))]).toEqual([name, []]);
    }
    // An official return has no one MPG: each fuel its fleet MPG, and no "Average MPG" anywhere.
    for (const name of ['twoFuels', 'late']) {
      expect([name, textCells(books[name]).filter((text) => /average mpg|blended/i.test(text))]).toEqual([name, []]);
    }
    expect(labelled(books.twoFuels.getWorksheet('IFTA Report')!).has('Fleet MPG (gasoline)')).toBe(true);
  });

  it("adds each fuel's due and the return's total from their tables, and the total to remit from its lines", () => {
    const cents = (value: unknown) => new Decimal(String(value ?? 0));
    for (const name of ['twoFuels', 'late']) {
      const sheet = books[name].getWorksheet('Official Return')!;
      const figures = labelled(sheet);
      const dues = tablesOf(sheet).map((table) => {
        const due = sheet.getRow(table.total.row + 1);
        const [tax, surcharge] = ['Tax', 'Surcharge'].map((h) =>
          cents(table.total.cells[table.header.indexOf(h)].value),
        );
        expect([name, String(due.getCell(1).value), cents(due.getCell(2).value).toFixed()]).toEqual([
          name,
          expect.stringMatching(/^Due for /),
          tax.plus(surcharge).toFixed(),
        ]);
        return tax.plus(surcharge);
      });
      const returnTotal = dues.reduce((acc, due) => acc.plus(due), new Decimal(0));
      expect([name, cents(figures.get('Total due (tax and surcharges)')).toFixed()]).toEqual([
        name,
        returnTotal.toFixed(),
      ]);
      // The IFTA Report sheet's Total Due column closes on the same figure.
      const report = tablesOf(books[name].getWorksheet('IFTA Report')!)[0];
      expect(cents(report.total.cells[report.header.indexOf('Total Due')].value).toFixed()).toBe(returnTotal.toFixed());
    }
    for (const sheet of books.late.worksheets) {
      const figures = labelled(sheet);
      const due = cents(figures.get(sheet.name === 'IFTA Report' ? 'Total Tax Due' : 'Total due (tax and surcharges)'));
      const remit = due.plus(cents(figures.get('Late Penalty'))).plus(cents(figures.get('Late Interest')));
      expect([sheet.name, cents(figures.get('Total to Remit')).toFixed()]).toEqual([sheet.name, remit.toFixed()]);
      expect(remit.toFixed()).toBe('1267.92');
    }
  });

  it("prints a worksheet's gallons to the thousandth on the PDF, so its lines add up to its Totals there too", async () => {
    const res = await t.http
      .get(`${REPORTS}/${ids.worksheet}/pdf`)
      .query({ lang: 'en' })
      .set(a.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    const text = (await pdfPages(res.body as Buffer)).join(' ').replace(/\s+/g, ' ');
    // Consumed: 1,538.615 + 1,077.385 + 769.231 + 461.385 = 3,846.616 (at hundredths 3,846.63 against 3,846.62).
    for (const figure of ['1,538.615', '1,077.385', '769.231', '461.385', '3,846.616', '2,234.05']) {
      expect([figure, text.includes(figure)]).toEqual([figure, true]);
    }
  });

  it('writes no date or time as an ISO timestamp in a text cell', () => {
    for (const name of ['worksheet', 'twoFuels', 'late']) {
      expect([name, textCells(books[name]).filter((text) => /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text))]).toEqual([
        name,
        [],
      ]);
    }
  });
});

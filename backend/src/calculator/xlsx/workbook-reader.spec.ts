import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { readWorkbookRows, TooManyCellsError, TooManyRowsError, WORKBOOK_LIMITS } from './workbook-reader.js';
import { UnreadableWorkbookError } from './zip-archive.js';

async function xlsx(build: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('readWorkbookRows', () => {
  it('reads columns A to D of the data sheet: numbers, shared and rich text, cached formula results', async () => {
    const buffer = await xlsx((wb) => {
      wb.addWorksheet('Instructions').addRow(['not data']);
      const sheet = wb.addWorksheet('IFTA Data');
      sheet.addRow(['State/Province', 'Total Miles', 'Taxable Miles', 'Gallons Purchased', 'ignored column']);
      sheet.addRow(['TX', 1600, 1500, 200.5, 'x']);
      sheet.addRow([
        { richText: [{ text: 'O' }, { text: 'K & co' }] },
        { formula: 'B2*2', result: 3200 },
        '1,200',
        null,
      ]);
      sheet.getCell('A6').value = 'CA';
      sheet.getCell('D6').value = 12;
    });
    expect(await readWorkbookRows(buffer)).toEqual([
      { row: 1, cells: ['State/Province', 'Total Miles', 'Taxable Miles', 'Gallons Purchased'] },
      { row: 2, cells: ['TX', 1600, 1500, 200.5] },
      { row: 3, cells: ['OK & co', { formula: true, result: 3200 }, '1,200', null] },
      { row: 6, cells: ['CA', null, null, 12] },
    ]);
  });

  it("reads a sparse sheet to each row's last filled cell, however far right, its gaps empty", async () => {
    const buffer = await xlsx((wb) => {
      const sheet = wb.addWorksheet('Wide');
      sheet.getCell('A1').value = 'first';
      sheet.getCell('BH1').value = 'column 60';
      sheet.getCell('FD1').value = 'column 160';
      sheet.getCell('B2').value = 7;
    });
    const rows = await readWorkbookRows(buffer, '', { columns: 16_384, maxDataRows: 10, sparse: true });
    expect(rows[0].cells).toHaveLength(160);
    expect([rows[0].cells[0], rows[0].cells[59], rows[0].cells[159], rows[0].cells[80]]).toEqual([
      'first',
      'column 60',
      'column 160',
      null,
    ]);
    expect(rows[1]).toEqual({ row: 2, cells: [null, 7] });
    // The calculator's fixed width is unchanged: four slots, whatever the row holds.
    expect((await readWorkbookRows(buffer, ''))[0].cells).toEqual(['first', null, null, null]);
  });

  it('refuses a sparse sheet whose far cells would span more slots than allowed, before holding them', async () => {
    const buffer = await xlsx((wb) => {
      const sheet = wb.addWorksheet('Far');
      // One cell per row at column XFD: 16,384 slots a row for a few bytes of XML each.
      for (let row = 1; row <= 50; row++) sheet.getCell(`XFD${row}`).value = row;
    });
    const shape = { columns: 16_384, maxDataRows: 100, sparse: true, maxCells: 100_000 };
    await expect(readWorkbookRows(buffer, '', shape)).rejects.toThrow(TooManyCellsError);
    await expect(readWorkbookRows(buffer, '', { ...shape, maxCells: 1_000_000 })).resolves.toHaveLength(50);
  });

  it('falls back to the first sheet when none is named IFTA Data', async () => {
    const buffer = await xlsx((wb) => {
      wb.addWorksheet('Mine').addRow(['NY', 1, 2, 3]);
      wb.addWorksheet('Other').addRow(['NJ', 4, 5, 6]);
    });
    expect(await readWorkbookRows(buffer)).toEqual([{ row: 1, cells: ['NY', 1, 2, 3] }]);
  });

  it('answers no rows for an empty sheet', async () => {
    const buffer = await xlsx((wb) => void wb.addWorksheet('IFTA Data'));
    expect(await readWorkbookRows(buffer)).toEqual([]);
  });

  it(`reads exactly ${WORKBOOK_LIMITS.maxDataRows} rows whole, across the inflater's chunk boundaries`, async () => {
    const buffer = await xlsx((wb) => {
      const sheet = wb.addWorksheet('IFTA Data');
      sheet.addRow(['State/Province', 'Total Miles', 'Taxable Miles', 'Gallons Purchased']);
      for (let i = 1; i <= WORKBOOK_LIMITS.maxDataRows; i++) sheet.addRow(['TX', i, i + 0.5, i * 2]);
    });
    const rows = (await readWorkbookRows(buffer)).slice(1);
    expect(rows).toHaveLength(WORKBOOK_LIMITS.maxDataRows);
    expect(rows.every((r, i) => r.row === i + 2 && r.cells[1] === i + 1 && r.cells[3] === (i + 1) * 2)).toBe(true);
  });

  it(`refuses more than ${WORKBOOK_LIMITS.maxDataRows} data rows below a header`, async () => {
    const buffer = await xlsx((wb) => {
      const sheet = wb.addWorksheet('IFTA Data');
      sheet.addRow(['State/Province', 'Total Miles', 'Taxable Miles', 'Gallons Purchased']);
      for (let i = 0; i <= WORKBOOK_LIMITS.maxDataRows; i++) sheet.addRow(['TX', i, i, i]);
    });
    await expect(readWorkbookRows(buffer)).rejects.toBeInstanceOf(TooManyRowsError);
  });

  it('refuses bytes that are not a zip, a truncated file and a zip that is not a workbook', async () => {
    const good = await xlsx((wb) => void wb.addWorksheet('IFTA Data').addRow(['TX', 1, 1, 1]));
    await expect(readWorkbookRows(Buffer.from('hello, not a workbook'))).rejects.toBeInstanceOf(
      UnreadableWorkbookError,
    );
    await expect(readWorkbookRows(good.subarray(0, good.length - 100))).rejects.toBeInstanceOf(UnreadableWorkbookError);
    const corrupt = Buffer.from(good);
    corrupt.fill(0x41, 200, 2000); // smash entry data, keep the directory
    await expect(readWorkbookRows(corrupt)).rejects.toBeInstanceOf(UnreadableWorkbookError);
  });

  it('stops inflating an entry that produces more than its declared size', async () => {
    const good = await xlsx((wb) => {
      const sheet = wb.addWorksheet('IFTA Data');
      for (let i = 0; i < 200; i++) sheet.addRow(['TX', i, i, i]);
    });
    // Shrink the declared uncompressed size of the worksheet in the central directory.
    const lying = Buffer.from(good);
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    let at = lying.lastIndexOf(name);
    at -= 46;
    lying.writeUInt32LE(100, at + 24);
    await expect(readWorkbookRows(lying)).rejects.toThrow('inflates past its declared size');
  });
});

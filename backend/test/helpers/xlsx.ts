import ExcelJS from 'exceljs';
import type { Response } from 'supertest';

/** supertest parser that keeps a binary body as a Buffer. */
export function binaryParser(res: Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

export async function readWorkbook(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook;
}

/** Every non-empty row of a sheet as plain values (index 0 is column A), keyed by row number. */
export function sheetValues(sheet: ExcelJS.Worksheet): Record<number, unknown[]> {
  const rows: Record<number, unknown[]> = {};
  sheet.eachRow((row, number) => {
    rows[number] = (row.values as unknown[]).slice(1);
  });
  return rows;
}

export async function workbookBuffer(build: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * What a spreadsheet cell holds for `instant` on the wall clock of `timeZone`: that day and time, as a Date whose UTC
 * fields are them (a cell has no zone). Worked out with Intl, apart from the app's own code.
 */
export function wallClock(instant: string | Date, timeZone: string): Date {
  const date = new Date(instant);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(date)
      .map((part) => [part.type, Number(part.value)]),
  );
  return new Date(
    Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second, date.getUTCMilliseconds()),
  );
}

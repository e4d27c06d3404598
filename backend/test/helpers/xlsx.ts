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

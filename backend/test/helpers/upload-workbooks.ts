import type { Response } from 'supertest';
import type { TestAccount, TestApp } from './test-app.js';
import { buildWorkbook, rowXml, SHEET_CLOSE, SHEET_OPEN } from './zip-builder.js';

export const TEMPLATE_HEADER = ['State/Province', 'Total Miles', 'Taxable Miles', 'Gallons Purchased'];

/** One data row (TX) below the header. */
export const validWorkbook = () =>
  buildWorkbook({
    data: SHEET_OPEN + rowXml(1, TEMPLATE_HEADER) + rowXml(2, ['TX', 1600, 1500, 200]) + SHEET_CLOSE,
  });

/**
 * A well-formed sheet that takes the parser about two seconds per million rows: one data row (OK), then rows with a
 * value only in column F (45 bytes each, so 4 million stay under the 256 MB inflate cap and compress to under 1 MB).
 */
export const slowWorkbook = (millions = 1) =>
  buildWorkbook({
    chunks: function* () {
      yield SHEET_OPEN + rowXml(1, TEMPLATE_HEADER) + rowXml(2, ['OK', 300, 250, 40]);
      const row = '<row><c/><c/><c/><c/><c/><c><v>1</v></c></row>';
      for (let i = 0; i < 100 * millions; i++) yield row.repeat(10_000);
      yield SHEET_CLOSE;
    },
  });

/**
 * An honest workbook that unpacks to about `mb` MB: one data row (OK), then rows with a value only in column F
 * (45 bytes each, every one real). 240 MB of them compress to about half a megabyte.
 */
export const inflatingWorkbook = (mb: number) => slowWorkbook((mb * 1024 * 1024) / 45 / 1_000_000);

export type Uploader = (account: TestAccount, buffer: Buffer) => Promise<Response>;

export const uploader =
  (t: TestApp): Uploader =>
  (account, buffer) =>
    t.http
      .post('/api/protected/calculator/upload-excel')
      .set(account.auth)
      .field('average_mpg', '6.5')
      .attach('file', buffer, { filename: 'upload.xlsx', contentType: 'application/octet-stream' });

/** The first job of a new pool also starts its thread: send a valid file until the pool answers (a few tries). */
export async function warmUp(upload: Uploader, account: TestAccount): Promise<Response> {
  let res: Response | undefined;
  for (let attempt = 0; attempt < 10 && res?.status !== 200; attempt++)
    res = await upload(account, await validWorkbook());
  return res!;
}

import { stringify } from 'csv-stringify/sync';
import { ivmrPdfBytes } from './ivmr-pdf.js';
import { ivmrCsvLines, type IvmrSummary } from './ivmr-summary.js';

/** A quarter's mileage summary as the packet holds it: the PDF and the CSV. */
export interface IvmrFiles {
  pdf: Uint8Array;
  csv: Uint8Array;
}

/**
 * Both files of the mileage summary, made on a file thread (common/workers). The CSV is written there too: a
 * 500-unit fleet's quarter is ~6,500 lines, and csv-stringify makes ~4 KB of short-lived objects a line, which on
 * the main thread outlived its young generation and grew the server by tens of MiB during the packet.
 * escape_formulas: a unit a spreadsheet would run as a formula is written behind a quote.
 */
export async function ivmrFiles(summary: IvmrSummary): Promise<IvmrFiles> {
  const csv = Buffer.from(stringify(ivmrCsvLines(summary), { escape_formulas: true }));
  return { pdf: await ivmrPdfBytes(summary), csv };
}

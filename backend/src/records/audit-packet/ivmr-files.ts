import { stringify } from 'csv-stringify/sync';
import { type ByVehicleInput, byVehicleReport } from '../reports/by-vehicle-report.js';
import { ivmrPdfBytes } from './ivmr-pdf.js';
import { ivmrCsvLines, ivmrSummary } from './ivmr-summary.js';

/** What a quarter's mileage summary is made from, as read from the database (the thread does the arithmetic). */
export interface IvmrInput {
  report: ByVehicleInput;
  /** Per unit and jurisdiction, and per unit (jurisdiction null): the trips of the quarter. */
  trips: Array<{ unit: string; jurisdiction: string | null; trips: string }>;
  /** Each known VIN, keyed by its vehicle's unit in lower case. */
  vins: Map<string, string>;
}

/** A quarter's mileage summary as the packet holds it: the PDF and the CSV. */
export interface IvmrFiles {
  pdf: Uint8Array;
  csv: Uint8Array;
}

/**
 * Both files of the mileage summary, made on a file thread (common/workers) from the rows the packet read: the
 * per-vehicle report's exact sums, the summary, its PDF and its CSV. On the main thread that work (decimal.js
 * objects, csv-stringify's ~4 KB a line for ~6,500 lines a quarter) outlived the young generation and grew the
 * server by tens of MiB during the packet. escape_formulas: a unit a spreadsheet would run as a formula is written
 * behind a quote.
 */
export async function ivmrFiles(input: IvmrInput): Promise<IvmrFiles> {
  const summary = ivmrSummary(await byVehicleReport(input.report), input.trips, input.vins);
  const csv = Buffer.from(stringify(ivmrCsvLines(summary), { escape_formulas: true }));
  return { pdf: await ivmrPdfBytes(summary), csv };
}

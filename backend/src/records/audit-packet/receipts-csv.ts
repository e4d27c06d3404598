import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { breathe } from '../../common/event-loop.js';
import type { ReceiptRow } from './audit-packet.repository.js';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

export const RECEIPTS_CSV_HEADER = [
  'Purchase ID',
  'Date',
  'Unit',
  'Jurisdiction',
  'Quantity',
  'Quantity unit',
  'Gallons',
  'Fuel type',
  'Tax paid',
  'Vendor',
  'Receipt number',
  'Vendor address',
  'Total price',
  'Receipt complete',
  'Creditable as tax-paid',
  'Attachment file',
] as const;

/**
 * Where a purchase's receipt sits in its quarter's folder: date, unit and purchase id, so the files sort by date
 * and a name is never taken twice. The receipts list names the same path.
 */
export function attachmentPath(row: { id: string; date: string; unit: string }, contentType: string): string {
  const unit = row.unit.replace(/[^\w.-]+/g, '_').slice(0, 50) || 'unit';
  return `receipts/${row.date}_${unit}_${row.id}.${EXTENSIONS[contentType] ?? 'bin'}`;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** One purchase as a line of the receipts list; its numbers as the exact text PostgreSQL keeps. */
export function receiptLine(row: ReceiptRow): string[] {
  return [
    row.id,
    row.date,
    row.unit,
    row.jurisdiction,
    row.quantity,
    row.quantity_unit,
    row.gallons,
    row.fuel_type,
    yesNo(row.tax_paid),
    row.vendor ?? '',
    row.receipt_number ?? '',
    row.vendor_address ?? '',
    row.total_price ?? '',
    yesNo(row.complete),
    yesNo(row.creditable),
    row.attachment_content_type ? attachmentPath(row, row.attachment_content_type) : '',
  ];
}

/** Lines written per turn of the event loop: a few milliseconds of csv-stringify. */
const LINES_PER_TURN = 250;

/**
 * CSV text of `lines` as a byte stream written in slices, the event loop let in between: a receipts list or a
 * fleet's mileage summary is tens of thousands of lines, too many to stringify in one turn.
 */
export function csvStream(lines: AsyncIterable<unknown[][]> | Iterable<unknown[][]>): Readable {
  async function* slices(): AsyncGenerator<Buffer> {
    for await (const batch of lines) {
      for (let i = 0; i < batch.length; i += LINES_PER_TURN) {
        yield Buffer.from(stringify(batch.slice(i, i + LINES_PER_TURN)));
        await breathe();
      }
    }
  }
  return Readable.from(slices(), { objectMode: false });
}

/** The receipts list as a byte stream: its header, then each batch as it is read (the next only when asked for). */
export function receiptsCsv(batches: AsyncIterable<ReceiptRow[]>): Readable {
  async function* lines(): AsyncGenerator<unknown[][]> {
    yield [[...RECEIPTS_CSV_HEADER]];
    for await (const batch of batches) yield batch.map(receiptLine);
  }
  return csvStream(lines());
}

import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { After, ReceiptLines } from './audit-packet.repository.js';

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

/** Purchases a read of the receipts list takes: ~100 KB of CSV text. */
export const RECEIPTS_PER_READ = 500;

/** A read of the receipts list's lines, PostgreSQL writing them (audit-packet.repository.ts). */
export type ReceiptLinesRead = (after: After | null, limit: number) => Promise<ReceiptLines>;

/**
 * The receipts list as a byte stream: its header, then each read's lines as bytes, the next read only when the
 * stream is asked for more (a slow client holds one read's bytes, never a table).
 */
export function receiptsCsv(read: ReceiptLinesRead): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(stringify([[...RECEIPTS_CSV_HEADER]]));
    let after: After | null = null;
    do {
      const lines = await read(after, RECEIPTS_PER_READ);
      after = lines.count === RECEIPTS_PER_READ ? lines.last : null;
      if (lines.count > 0) yield Buffer.from(lines.text);
    } while (after);
  }
  return Readable.from(chunks(), { objectMode: false });
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { csvCell, csvLine } from '../../common/sql/csv-cell.js';
import { COMPLETE_RECEIPT } from '../records.repository.js';

const yesNo = (condition: string) => `CASE WHEN ${condition} THEN 'yes' ELSE 'no' END`;

/**
 * Where a purchase's receipt file sits in its quarter's folder: date, unit and purchase id, so the files sort by
 * date and a name is never taken twice. The unit keeps letters, digits, '_', '.' and '-' (other runs become one
 * '_'), 50 at most. One expression names both the ZIP entry and the receipts list's cell, so the two always agree.
 */
const ATTACHMENT_PATH = `'receipts/' || to_char(date, 'YYYY-MM-DD') || '_'
  || coalesce(nullif(left(regexp_replace(unit, '[^A-Za-z0-9_.-]+', '_', 'g'), 50), ''), 'unit') || '_' || id || '.'
  || CASE attachment_content_type WHEN 'image/jpeg' THEN 'jpg' WHEN 'image/png' THEN 'png'
       WHEN 'application/pdf' THEN 'pdf' ELSE 'bin' END`;

/** A purchase's line of the receipts list (RECEIPTS_CSV_HEADER); the file's path is never quoted (see above). */
const RECEIPT_LINE = csvLine([
  'id::text',
  "to_char(date, 'YYYY-MM-DD')",
  csvCell('unit'),
  csvCell('jurisdiction'),
  csvCell('quantity'),
  csvCell('quantity_unit'),
  csvCell('gallons'),
  csvCell('fuel_type'),
  yesNo('tax_paid'),
  csvCell('vendor'),
  csvCell('receipt_number'),
  csvCell('vendor_address'),
  csvCell('total_price'),
  yesNo(`(${COMPLETE_RECEIPT}) IS TRUE`),
  yesNo(`tax_paid AND (${COMPLETE_RECEIPT}) IS TRUE`),
  `CASE WHEN attachment_key IS NULL THEN '' ELSE ${ATTACHMENT_PATH} END`,
]);

/** A read of the receipts list: its lines as one text, how many, and where the next read resumes. */
export interface ReceiptLines {
  /** The lines, each ended by a line break; empty when the read found none. */
  text: string;
  count: number;
  last: After | null;
}

/** A purchase's attached receipt: where the storage port keeps it, and what the packet names it from. */
export interface PacketAttachmentRow {
  id: string;
  date: string;
  key: string;
  /** Its path in the quarter's folder, as the receipts list names it. */
  path: string;
}

/** What a quarter's packet will hold of receipts, read before a byte is sent (the announced entry count). */
export interface ReceiptCounts {
  receipts: number;
  attachments: number;
  attachment_bytes: number;
}

/** Where a keyset read resumes: after this purchase, in (date, id) order. */
export interface After {
  date: string;
  id: string;
}

/** Rows per read: a batch is a few hundred KB at most, so a year of 100,000 receipts never sits in memory. */
export const BATCH = 1000;

/** A keyset read: the next `limit` rows after `after` (the first ones when it is null). */
export type KeysetRead<T extends After> = (after: After | null, limit: number) => Promise<T[]>;

/** The audit packet's reads of the records' tables, in batches by keyset so none holds a table or a connection. */
@Injectable()
export class AuditPacketRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Whether the company keeps a trip or a purchase of the unit. */
  async recordsUnit(userId: string, unit: string): Promise<boolean> {
    const [row]: Array<{ known: boolean }> = await this.db.query(
      `SELECT EXISTS (SELECT 1 FROM trips WHERE user_id = $1 AND unit = $2)
           OR EXISTS (SELECT 1 FROM fuel_purchases WHERE user_id = $1 AND unit = $2) AS known`,
      [userId, unit],
    );
    return row.known;
  }

  async receiptCounts(userId: string, from: string, to: string, unit: string | undefined): Promise<ReceiptCounts> {
    const [row]: Array<{ receipts: string; attachments: string; attachment_bytes: string }> = await this.db.query(
      `SELECT count(*) AS receipts, count(attachment_key) AS attachments,
              coalesce(sum(attachment_size) FILTER (WHERE attachment_key IS NOT NULL), 0) AS attachment_bytes
         FROM fuel_purchases WHERE user_id = $1 AND date BETWEEN $2 AND $3 AND ($4::text IS NULL OR unit = $4)`,
      [userId, from, to, unit ?? null],
    );
    return {
      receipts: Number(row.receipts),
      attachments: Number(row.attachments),
      attachment_bytes: Number(row.attachment_bytes),
    };
  }

  /**
   * The next `limit` of the quarter's purchases after `after`, in (date, id) order, as lines of the receipts list
   * joined by PostgreSQL: one text a read rather than a row object a purchase, which at a fleet's 100,000 purchases
   * lived long enough to be promoted to V8's old generation and grew the server during the packet. ORDER BY names the
   * table's column: a bare `date` would be the select list's to_char text, which no index gives in order, and every
   * read sorted what was left of the quarter (~40 ms a read at 25,000 purchases).
   */
  async receiptLines(
    userId: string,
    from: string,
    to: string,
    unit: string | undefined,
    after: After | null,
    limit: number,
  ): Promise<ReceiptLines> {
    const [read]: Array<{ text: string | null; count: number; last_date: string | null; last_id: string | null }> =
      await this.db.query(
        `WITH batch AS (
           SELECT date, id, ${RECEIPT_LINE} AS line
             FROM fuel_purchases
            WHERE user_id = $1 AND date BETWEEN $2 AND $3 AND ($4::text IS NULL OR unit = $4)
              AND ($5::date IS NULL OR (date, id) > ($5::date, $6::uuid))
            ORDER BY fuel_purchases.date, fuel_purchases.id LIMIT $7
         )
         SELECT string_agg(line || E'\n', '' ORDER BY date, id) AS text, count(*)::int AS count,
                to_char(max(date), 'YYYY-MM-DD') AS last_date,
                (array_agg(id::text ORDER BY date, id))[count(*)] AS last_id
           FROM batch`,
        [userId, from, to, unit ?? null, after?.date ?? null, after?.id ?? null, limit],
      );
    return {
      text: read.text ?? '',
      count: read.count,
      last: read.last_date && read.last_id ? { date: read.last_date, id: read.last_id } : null,
    };
  }

  /** The next `limit` of the quarter's purchases with a receipt attached, after `after`, in (date, id) order. */
  attachments(userId: string, from: string, to: string, unit: string | undefined, after: After | null, limit: number) {
    return this.db.query(
      `SELECT id, to_char(date, 'YYYY-MM-DD') AS date, attachment_key AS key, ${ATTACHMENT_PATH} AS path
         FROM fuel_purchases
        WHERE user_id = $1 AND date BETWEEN $2 AND $3 AND ($4::text IS NULL OR unit = $4)
          AND attachment_key IS NOT NULL AND ($5::date IS NULL OR (date, id) > ($5::date, $6::uuid))
        ORDER BY fuel_purchases.date, fuel_purchases.id LIMIT $7`,
      [userId, from, to, unit ?? null, after?.date ?? null, after?.id ?? null, limit],
    ) as Promise<PacketAttachmentRow[]>;
  }
}

/** Every row of a keyset read, `size` rows a read, batch after batch, each read only when the one before is used up. */
export async function* inBatches<T extends After>(read: KeysetRead<T>, size = BATCH): AsyncGenerator<T[]> {
  let after: After | null = null;
  for (;;) {
    const batch = await read(after, size);
    if (batch.length > 0) yield batch;
    if (batch.length < size) return;
    const last = batch[batch.length - 1];
    after = { date: last.date, id: last.id };
  }
}

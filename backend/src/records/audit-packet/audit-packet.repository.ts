import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { COMPLETE_RECEIPT } from '../records.repository.js';

/** A fuel purchase as the packet's receipts list gives it: every number as the exact text PostgreSQL keeps. */
export interface ReceiptRow {
  id: string;
  date: string;
  unit: string;
  jurisdiction: string;
  quantity: string;
  quantity_unit: string;
  gallons: string;
  fuel_type: string;
  tax_paid: boolean;
  vendor: string | null;
  receipt_number: string | null;
  vendor_address: string | null;
  total_price: string | null;
  complete: boolean;
  creditable: boolean;
  attachment_content_type: string | null;
  attachment_size: number | null;
}

/** A purchase's attached receipt: where the storage port keeps it, and what the packet names it from. */
export interface PacketAttachmentRow {
  id: string;
  date: string;
  unit: string;
  key: string;
  content_type: string;
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

  /** The next batch of the quarter's purchases after `after`, in (date, id) order. */
  receipts(userId: string, from: string, to: string, unit: string | undefined, after: After | null) {
    return this.db.query(
      `SELECT id, to_char(date, 'YYYY-MM-DD') AS date, unit, jurisdiction, quantity::text AS quantity, quantity_unit,
              gallons::text AS gallons, fuel_type, tax_paid, vendor, receipt_number, vendor_address,
              total_price::text AS total_price, (${COMPLETE_RECEIPT}) AS complete,
              (tax_paid AND ${COMPLETE_RECEIPT}) AS creditable, attachment_content_type, attachment_size
         FROM fuel_purchases
        WHERE user_id = $1 AND date BETWEEN $2 AND $3 AND ($4::text IS NULL OR unit = $4)
          AND ($5::date IS NULL OR (date, id) > ($5::date, $6::uuid))
        ORDER BY date, id LIMIT ${BATCH}`,
      [userId, from, to, unit ?? null, after?.date ?? null, after?.id ?? null],
    ) as Promise<ReceiptRow[]>;
  }

  /** The next batch of the quarter's purchases with a receipt attached, after `after`, in (date, id) order. */
  attachments(userId: string, from: string, to: string, unit: string | undefined, after: After | null) {
    return this.db.query(
      `SELECT id, to_char(date, 'YYYY-MM-DD') AS date, unit, attachment_key AS key,
              attachment_content_type AS content_type
         FROM fuel_purchases
        WHERE user_id = $1 AND date BETWEEN $2 AND $3 AND ($4::text IS NULL OR unit = $4)
          AND attachment_key IS NOT NULL AND ($5::date IS NULL OR (date, id) > ($5::date, $6::uuid))
        ORDER BY date, id LIMIT ${BATCH}`,
      [userId, from, to, unit ?? null, after?.date ?? null, after?.id ?? null],
    ) as Promise<PacketAttachmentRow[]>;
  }
}

/** Every row of a keyset read, batch after batch, each read only when the one before is used up. */
export async function* inBatches<T extends After>(read: (after: After | null) => Promise<T[]>): AsyncGenerator<T[]> {
  let after: After | null = null;
  for (;;) {
    const batch = await read(after);
    if (batch.length > 0) yield batch;
    if (batch.length < BATCH) return;
    const last = batch[batch.length - 1];
    after = { date: last.date, id: last.id };
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * lpad() truncates: invoice 1,000,000 would have been numbered 'INV-100000' again and broken the unique index.
 * Pad to 12, then drop up to 6 leading zeros: at least 6 digits, never cut.
 */
export class InvoiceNumberWidth1764200300000 implements MigrationInterface {
  name = 'InvoiceNumberWidth1764200300000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE invoices ALTER COLUMN invoice_number SET DEFAULT
        ('INV-' || regexp_replace(lpad(nextval('invoice_number_seq')::text, 12, '0'), '^0{0,6}', ''))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE invoices ALTER COLUMN invoice_number SET DEFAULT
        ('INV-' || lpad(nextval('invoice_number_seq')::text, 6, '0'))`);
  }
}

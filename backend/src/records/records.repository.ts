import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AnyRecord, RecordKind } from './record-fields.js';

/** The columns of each kind, in insert order; every value crosses as text and PostgreSQL casts it. */
const COLUMNS: Record<RecordKind, { table: string; columns: Array<[string, string]> }> = {
  trips: {
    table: 'trips',
    columns: [
      ['date', 'date'],
      ['unit', 'varchar'],
      ['jurisdiction', 'varchar'],
      ['miles', 'numeric'],
      ['taxable', 'boolean'],
      ['non_taxable_reason', 'varchar'],
      ['odometer_start', 'numeric'],
      ['odometer_end', 'numeric'],
      ['trip_number', 'varchar'],
      ['driver', 'varchar'],
      ['origin_city', 'varchar'],
      ['origin_jurisdiction', 'varchar'],
      ['destination_city', 'varchar'],
      ['destination_jurisdiction', 'varchar'],
    ],
  },
  fuel: {
    table: 'fuel_purchases',
    columns: [
      ['date', 'date'],
      ['unit', 'varchar'],
      ['jurisdiction', 'varchar'],
      ['quantity', 'numeric'],
      ['quantity_unit', 'varchar'],
      ['gallons', 'numeric'],
      ['fuel_type', 'varchar'],
      ['tax_paid', 'boolean'],
      ['vendor', 'varchar'],
      ['receipt_number', 'varchar'],
      ['vendor_address', 'varchar'],
      ['total_price', 'numeric'],
    ],
  },
};

/** Numbers as JSON numbers, the date as 'YYYY-MM-DD'; whether the report it went into is final, the service adds. */
const SELECT: Record<RecordKind, string> = {
  trips: `t.id, to_char(t.date, 'YYYY-MM-DD') AS date, t.unit, t.jurisdiction, t.miles::float8 AS miles, t.taxable,
    t.non_taxable_reason, t.odometer_start::float8 AS odometer_start, t.odometer_end::float8 AS odometer_end,
    t.trip_number, t.driver, t.origin_city, t.origin_jurisdiction, t.destination_city, t.destination_jurisdiction,
    t.report_id, t.created_at`,
  fuel: `t.id, to_char(t.date, 'YYYY-MM-DD') AS date, t.unit, t.jurisdiction, t.quantity::float8 AS quantity,
    t.quantity_unit, t.gallons::float8 AS gallons, t.fuel_type, t.tax_paid, t.vendor, t.receipt_number,
    t.vendor_address, t.total_price::float8 AS total_price, t.report_id, t.created_at,
    t.attachment_content_type, t.attachment_size, t.attachment_uploaded_at`,
};

/** What a fuel purchase's attached receipt is: where the storage port keeps it, its type, size and time. */
export interface AttachmentRow {
  key: string;
  content_type: string;
  size: number;
}

/**
 * A receipt with every field an audit requires of a tax-paid purchase (the records-health check's RECEIPT_FIELDS:
 * seller name and address, total). Only such a purchase is credited as tax-paid in a return built from records.
 */
export const COMPLETE_RECEIPT = "btrim(vendor) <> '' AND btrim(vendor_address) <> '' AND total_price IS NOT NULL";

export interface ListFilter {
  page: number;
  limit: number;
  from?: string;
  to?: string;
  unit?: string;
  ids?: string[];
}

export interface JurisdictionSums {
  jurisdiction: string;
  total_miles: string;
  taxable_miles: string;
  tax_paid_gallons: string;
  non_tax_paid_gallons: string;
}

/** The only code that touches the records' tables (docs/style.md: a feature's SQL lives in its repository). */
@Injectable()
export class RecordsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * Holds the account's records lock until the transaction ends: every insert takes it and counts under it, so two
   * imports at once cannot both pass the cap on what they read before either wrote.
   */
  async lockAccount(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('records:' || $1, 0))`, [userId]);
  }

  /** Trips and fuel purchases the account keeps, together. */
  async countAll(manager: EntityManager, userId: string): Promise<number> {
    const [{ count }]: Array<{ count: string }> = await manager.query(
      `SELECT (SELECT count(*) FROM trips WHERE user_id = $1) + (SELECT count(*) FROM fuel_purchases WHERE user_id = $1)
           AS count`,
      [userId],
    );
    return Number(count);
  }

  async list(
    kind: RecordKind,
    userId: string,
    f: ListFilter,
  ): Promise<{ data: Array<Record<string, unknown>>; total: number }> {
    const params: unknown[] = [userId];
    const where = ['t.user_id = $1'];
    if (f.from && f.to) {
      params.push(f.from, f.to);
      where.push(`t.date BETWEEN $2 AND $3`);
    }
    if (f.unit) {
      params.push(f.unit);
      where.push(`t.unit = $${params.length}`);
    }
    if (f.ids) {
      params.push(f.ids);
      where.push(`t.id = ANY($${params.length}::uuid[])`);
    }
    params.push(f.limit, (f.page - 1) * f.limit);
    const rows: Array<Record<string, unknown> & { total: string }> = await this.db.query(
      `SELECT ${SELECT[kind]}, count(*) OVER () AS total
         FROM ${COLUMNS[kind].table} t
        WHERE ${where.join(' AND ')}
        ORDER BY t.date DESC, t.created_at DESC, t.id
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const total = rows.length > 0 ? Number(rows[0].total) : 0;
    return { data: rows.map(({ total: _total, ...row }) => row), total };
  }

  async findOne(kind: RecordKind, userId: string, id: string): Promise<Record<string, unknown> | undefined> {
    const [row] = await this.db.query(
      `SELECT ${SELECT[kind]} FROM ${COLUMNS[kind].table} t WHERE t.user_id = $1 AND t.id = $2`,
      [userId, id],
    );
    return row;
  }

  /** Inserts records in batches of one statement each (unnest of one array per column). Answers the new ids. */
  async insertMany(manager: EntityManager, kind: RecordKind, userId: string, records: AnyRecord[]): Promise<string[]> {
    const { table, columns } = COLUMNS[kind];
    const ids: string[] = [];
    for (let start = 0; start < records.length; start += 10_000) {
      const batch = records.slice(start, start + 10_000) as unknown as Array<Record<string, unknown>>;
      const arrays = columns.map(([name]) => batch.map((record) => record[name] ?? null));
      const rows: Array<{ id: string }> = await manager.query(
        `INSERT INTO ${table} (user_id, ${columns.map(([name]) => name).join(', ')})
         SELECT $1, ${columns.map(([name]) => `x.${name}`).join(', ')}
           FROM unnest(${columns.map(([, type], i) => `$${i + 2}::${type}[]`).join(', ')})
             AS x(${columns.map(([name]) => name).join(', ')})
         RETURNING id`,
        [userId, ...arrays],
      );
      ids.push(...rows.map((row) => row.id));
    }
    return ids;
  }

  async update(manager: EntityManager, kind: RecordKind, userId: string, id: string, record: AnyRecord): Promise<void> {
    const { table, columns } = COLUMNS[kind];
    const values = columns.map(([name]) => (record as unknown as Record<string, unknown>)[name] ?? null);
    await manager.query(
      `UPDATE ${table} SET ${columns.map(([name, type], i) => `${name} = $${i + 3}::${type}`).join(', ')}
        WHERE user_id = $1 AND id = $2`,
      [userId, id, ...values],
    );
  }

  async remove(kind: RecordKind, userId: string, id: string): Promise<void> {
    await this.db.query(`DELETE FROM ${COLUMNS[kind].table} WHERE user_id = $1 AND id = $2`, [userId, id]);
  }

  /** The fuel purchase's attached receipt, or undefined when it has none (or is not the account's). */
  async attachment(
    userId: string,
    id: string,
    manager: EntityManager = this.db.manager,
  ): Promise<AttachmentRow | undefined> {
    const [row] = await manager.query(
      `SELECT attachment_key AS key, attachment_content_type AS content_type, attachment_size AS size
         FROM fuel_purchases WHERE user_id = $1 AND id = $2 AND attachment_key IS NOT NULL`,
      [userId, id],
    );
    return row;
  }

  /**
   * Runs `work` in a transaction holding the company's receipt-storage lock until it ends, given the bytes its
   * receipts take now: uploads sent at once are counted one after the other, so together they cannot pass the quota.
   */
  async underReceiptStorageLock<T>(
    userId: string,
    work: (manager: EntityManager, usedBytes: number) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('receipt_storage:' || $1, 0))`, [userId]);
      return work(manager, await this.receiptBytes(userId, manager));
    });
  }

  /** The bytes the company's attached receipts take (what the receipt-storage quota counts). */
  async receiptBytes(userId: string, manager: EntityManager = this.db.manager): Promise<number> {
    const [row] = (await manager.query(
      `SELECT coalesce(sum(attachment_size), 0)::float8 AS n FROM fuel_purchases
        WHERE user_id = $1 AND attachment_key IS NOT NULL`,
      [userId],
    )) as Array<{ n: number }>;
    return row.n;
  }

  /** Records the receipt attached to the account's fuel purchase, or (null) that it has none; false when no such. */
  async setAttachment(
    userId: string,
    id: string,
    file: AttachmentRow | null,
    manager: EntityManager = this.db.manager,
  ): Promise<boolean> {
    const [, count]: [unknown, number] = await manager.query(
      `UPDATE fuel_purchases SET attachment_key = $3, attachment_content_type = $4, attachment_size = $5,
              attachment_uploaded_at = CASE WHEN $3::varchar IS NULL THEN NULL ELSE now() END
        WHERE user_id = $1 AND id = $2`,
      [userId, id, file?.key ?? null, file?.content_type ?? null, file?.size ?? null],
    );
    return count > 0;
  }

  /**
   * A quarter's tax-paid purchases of a fuel type whose receipt lacks a field an audit requires (seller name,
   * address, total): the return does not credit them as tax-paid until they are completed.
   */
  incompleteTaxPaid(
    userId: string,
    from: string,
    to: string,
    fuelType: string,
  ): Promise<
    Array<{
      id: string;
      date: string;
      unit: string;
      jurisdiction: string;
      gallons: string;
      receipt_number: string;
      vendor: string;
      vendor_address: string;
      total_price: string | null;
    }>
  > {
    return this.db.query(
      `SELECT id, to_char(date, 'YYYY-MM-DD') AS date, unit, jurisdiction, gallons::text AS gallons, receipt_number,
              vendor, vendor_address, total_price::text AS total_price
         FROM fuel_purchases
        WHERE user_id = $1 AND date BETWEEN $2 AND $3 AND fuel_type = $4 AND tax_paid AND NOT (${COMPLETE_RECEIPT})
        ORDER BY fuel_purchases.date, created_at, id`,
      [userId, from, to, fuelType],
    );
  }

  /** The duplicate keys already stored between two dates: unit|date|jurisdiction|quantity, and receipt numbers. */
  async existingKeys(
    kind: RecordKind,
    userId: string,
    from: string,
    to: string,
  ): Promise<{ keys: Map<string, string>; receipts: Map<string, string> }> {
    const quantity = kind === 'trips' ? 'miles' : 'quantity';
    const rows: Array<{ id: string; key: string; receipt: string | null }> = await this.db.query(
      `SELECT id, unit || '|' || to_char(date, 'YYYY-MM-DD') || '|' || jurisdiction || '|' || ${quantity}::float8 AS key,
              ${kind === 'fuel' ? "nullif(receipt_number, '')" : 'NULL'} AS receipt
         FROM ${COLUMNS[kind].table} WHERE user_id = $1 AND date BETWEEN $2 AND $3`,
      [userId, from, to],
    );
    const keys = new Map(rows.map((row) => [row.key, row.id]));
    const receipts = new Map(rows.filter((row) => row.receipt).map((row) => [row.receipt!, row.id]));
    if (kind === 'fuel') {
      // A receipt number repeats across dates too: a receipt is one purchase whenever it is dated.
      const all: Array<{ id: string; receipt_number: string }> = await this.db.query(
        `SELECT id, receipt_number FROM fuel_purchases WHERE user_id = $1 AND receipt_number <> ''`,
        [userId],
      );
      for (const row of all) receipts.set(row.receipt_number, row.id);
    }
    return { keys, receipts };
  }

  async mapping(userId: string, kind: RecordKind, layout: string): Promise<Record<string, string> | undefined> {
    const [row] = await this.db.query(
      'SELECT mapping FROM record_import_mappings WHERE user_id = $1 AND kind = $2 AND layout = $3',
      [userId, kind, layout],
    );
    return row?.mapping;
  }

  async rememberMapping(
    manager: EntityManager,
    userId: string,
    kind: RecordKind,
    layout: string,
    mapping: Record<string, string>,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO record_import_mappings (user_id, kind, layout, mapping) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (user_id, kind, layout) DO UPDATE SET mapping = EXCLUDED.mapping, updated_at = now()`,
      [userId, kind, layout, JSON.stringify(mapping)],
    );
  }

  /** A quarter's gallons per unit and fuel type (every fuel), exact, as text: what a unit's fuel type is read from. */
  unitFuelGallons(
    userId: string,
    from: string,
    to: string,
  ): Promise<Array<{ unit: string; fuel_type: string; gallons: string }>> {
    return this.db.query(
      `SELECT unit, fuel_type, sum(gallons)::text AS gallons FROM fuel_purchases
        WHERE user_id = $1 AND date BETWEEN $2 AND $3 GROUP BY unit, fuel_type ORDER BY 1, 2`,
      [userId, from, to],
    );
  }

  /**
   * Every gallon the account ever bought per unit (in lower case, as `key`) and fuel type, for `keys` (lower-case
   * units), read in the caller's transaction so the records it just wrote count: what a new vehicle's fuel type is
   * read from.
   */
  unitFuelGallonsEver(
    manager: EntityManager,
    userId: string,
    keys: readonly string[],
  ): Promise<Array<{ key: string; fuel_type: string; gallons: string }>> {
    return manager.query(
      `SELECT lower(unit) AS key, fuel_type, sum(gallons)::text AS gallons FROM fuel_purchases
        WHERE user_id = $1 AND lower(unit) = ANY($2::text[]) GROUP BY 1, 2 ORDER BY 1, 2`,
      [userId, keys],
    );
  }

  /**
   * A quarter's records summed per jurisdiction for one fuel type: the miles of `units`, the units that run on that
   * fuel, and that fuel's gallons, tax-paid and not, whoever bought them. Exact numeric sums, as text. A tax-paid
   * purchase whose receipt is incomplete counts with the gallons not tax-paid: still fuel the fleet burned (its MPG),
   * but no credit for tax paid until the receipt is completed.
   */
  async quarterSums(
    userId: string,
    from: string,
    to: string,
    fuelType: string,
    units: readonly string[],
  ): Promise<JurisdictionSums[]> {
    return this.db.query(
      `WITH miles AS (
         SELECT t.jurisdiction, sum(t.miles) AS total, sum(t.miles) FILTER (WHERE t.taxable) AS taxable
           FROM trips t
          WHERE t.user_id = $1 AND t.date BETWEEN $2 AND $3 AND t.unit = ANY($5::text[])
          GROUP BY t.jurisdiction
       ), gallons AS (
         SELECT jurisdiction, sum(gallons) FILTER (WHERE tax_paid AND ${COMPLETE_RECEIPT}) AS paid,
                sum(gallons) FILTER (WHERE NOT (tax_paid AND ${COMPLETE_RECEIPT})) AS unpaid
           FROM fuel_purchases WHERE user_id = $1 AND date BETWEEN $2 AND $3 AND fuel_type = $4
          GROUP BY jurisdiction
       )
       SELECT coalesce(m.jurisdiction, g.jurisdiction) AS jurisdiction,
              coalesce(m.total, 0)::text AS total_miles, coalesce(m.taxable, 0)::text AS taxable_miles,
              coalesce(g.paid, 0)::text AS tax_paid_gallons, coalesce(g.unpaid, 0)::text AS non_tax_paid_gallons
         FROM miles m FULL JOIN gallons g ON g.jurisdiction = m.jurisdiction
        ORDER BY 1`,
      [userId, from, to, fuelType, units],
    );
  }

  /**
   * Links a quarter's records of a fuel type (and the miles summed into it) to the report built from them; trips
   * linked to one of `finalReportIds` (they went into a filed return) keep their link.
   */
  async linkRecords(
    manager: EntityManager,
    userId: string,
    from: string,
    to: string,
    fuelType: string,
    reportId: string,
    finalReportIds: string[],
  ): Promise<void> {
    await manager.query(
      `UPDATE fuel_purchases SET report_id = $5 WHERE user_id = $1 AND date BETWEEN $2 AND $3 AND fuel_type = $4`,
      [userId, from, to, fuelType, reportId],
    );
    await manager.query(
      `UPDATE trips SET report_id = $4 WHERE user_id = $1 AND date BETWEEN $2 AND $3
         AND (report_id IS NULL OR NOT (report_id = ANY($5::uuid[])))`,
      [userId, from, to, reportId, finalReportIds],
    );
  }

  async builtReturn(userId: string, period: string, fuelType: string): Promise<string | undefined> {
    const [row] = await this.db.query(
      // The row goes with its report (ON DELETE CASCADE), so its report_id always names a report.
      `SELECT b.report_id FROM built_returns b WHERE b.user_id = $1 AND b.period = $2 AND b.fuel_type = $3`,
      [userId, period, fuelType],
    );
    return row?.report_id;
  }

  async rememberBuilt(
    manager: EntityManager,
    userId: string,
    period: string,
    fuelType: string,
    reportId: string,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO built_returns (user_id, period, fuel_type, report_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, period, fuel_type) DO UPDATE SET report_id = EXCLUDED.report_id, built_at = now()`,
      [userId, period, fuelType, reportId],
    );
  }

  /** Per jurisdiction: the quarter's miles and gallons (every fuel type), for the checks before filing. */
  jurisdictionTotals(
    userId: string,
    from: string,
    to: string,
  ): Promise<Array<{ jurisdiction: string; miles: string; gallons: string }>> {
    return this.db.query(
      `WITH m AS (SELECT jurisdiction, sum(miles) AS miles FROM trips
                   WHERE user_id = $1 AND date BETWEEN $2 AND $3 GROUP BY jurisdiction),
            g AS (SELECT jurisdiction, sum(gallons) AS gallons FROM fuel_purchases
                   WHERE user_id = $1 AND date BETWEEN $2 AND $3 GROUP BY jurisdiction)
       SELECT coalesce(m.jurisdiction, g.jurisdiction) AS jurisdiction, coalesce(m.miles, 0)::text AS miles,
              coalesce(g.gallons, 0)::text AS gallons
         FROM m FULL JOIN g ON g.jurisdiction = m.jurisdiction ORDER BY 1`,
      [userId, from, to],
    );
  }

  /** Per unit: the quarter's miles and gallons (every fuel type). */
  unitTotals(
    userId: string,
    from: string,
    to: string,
  ): Promise<Array<{ unit: string; miles: string; gallons: string }>> {
    return this.db.query(
      `WITH m AS (SELECT unit, sum(miles) AS miles FROM trips WHERE user_id = $1 AND date BETWEEN $2 AND $3 GROUP BY unit),
            g AS (SELECT unit, sum(gallons) AS gallons FROM fuel_purchases
                   WHERE user_id = $1 AND date BETWEEN $2 AND $3 GROUP BY unit)
       SELECT coalesce(m.unit, g.unit) AS unit, coalesce(m.miles, 0)::text AS miles,
              coalesce(g.gallons, 0)::text AS gallons
         FROM m FULL JOIN g ON g.unit = m.unit ORDER BY 1`,
      [userId, from, to],
    );
  }
}

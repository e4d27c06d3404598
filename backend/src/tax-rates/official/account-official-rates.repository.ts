import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Quarter } from '../quarter.js';

/** Accounts per transaction: each holds its accounts' rate locks, so a batch stays short for people editing rates. */
const ACCOUNTS_PER_BATCH = 200;

/**
 * Brings every account's rate table to an official matrix version. An account reads its rates from its own table
 * (the list, the reports and the calculator all do, indexed by account), so a published matrix is copied into each
 * table, one statement per step for a batch of accounts:
 * - a rate the account holds as IFTA's (not changed by the account) on the same jurisdiction, fuel type, kind and
 *   date takes the matrix's figures; its id, name and active flag stay;
 * - a rate the account has none of on that date is added;
 * - a rate the account changed, entered or deactivated is its override and is never touched;
 * - a rate an earlier version of the quarter gave that this version no longer has is removed (unless the account
 *   changed it), so every account sees one rate set per quarter, whenever it was created.
 * Each batch takes the same per-account locks as every other writer of tax_rates (TaxRateHistoryRepository).
 */
@Injectable()
export class AccountOfficialRatesRepository {
  private readonly logger = new Logger('AccountOfficialRatesRepository');

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Applies matrix `matrixId` (of `quarter`) to every account; answers how many accounts and rate rows it wrote. */
  async applyToAllAccounts(matrixId: string, quarter: Quarter): Promise<{ accounts: number; rows: number }> {
    let after = '00000000-0000-0000-0000-000000000000';
    let accounts = 0;
    let rows = 0;
    for (;;) {
      const batch: string[] = (
        await this.db.query(`SELECT DISTINCT user_id FROM tax_rates WHERE user_id > $1 ORDER BY user_id LIMIT $2`, [
          after,
          ACCOUNTS_PER_BATCH,
        ])
      ).map((row: { user_id: string }) => row.user_id);
      if (batch.length === 0) break;
      rows += await this.db.transaction((manager) => this.apply(manager, [matrixId], batch));
      accounts += batch.length;
      after = batch[batch.length - 1];
    }
    this.logger.log(`${quarter.label} matrix applied to ${accounts} account(s), ${rows} rate row(s) written`);
    return { accounts, rows };
  }

  /**
   * Gives one account every published matrix, in the caller's transaction: a new account at registration, after
   * the shipped seed, gets the quarters published since.
   */
  async applyPublishedToAccount(manager: EntityManager, userId: string): Promise<number> {
    const published: string[] = (
      await manager.query(`SELECT id FROM official_rate_matrices WHERE status = 'published'`)
    ).map((row: { id: string }) => row.id);
    return published.length > 0 ? this.apply(manager, published, [userId]) : 0;
  }

  private async apply(manager: EntityManager, matrixIds: string[], accounts: string[]): Promise<number> {
    await manager.query(
      `SELECT pg_advisory_xact_lock(hashtextextended('tax_rates:' || a::text, 0)) FROM unnest($1::uuid[]) a
       ORDER BY a`,
      [accounts],
    );
    const updated = await manager.query(
      `UPDATE tax_rates t SET rate = o.rate, rate_cad_per_litre = o.rate_cad_per_litre, updated_at = now()
       FROM official_rates o
       WHERE o.matrix_id = ANY($1::uuid[]) AND t.user_id = ANY($2::uuid[]) AND NOT t.changed_by_account
         AND upper(t.abbreviation) = o.abbreviation AND t.fuel_type = o.fuel_type AND t.kind = o.kind
         AND t.effective_date = o.effective_date
         AND (t.rate <> o.rate OR t.rate_cad_per_litre IS DISTINCT FROM o.rate_cad_per_litre)
       RETURNING 1`,
      [matrixIds, accounts],
    );
    const inserted = await manager.query(
      `INSERT INTO tax_rates (user_id, name, abbreviation, rate, rate_cad_per_litre, country, is_active, effective_date,
         fuel_type, kind)
       SELECT a, o.name, o.abbreviation, o.rate, o.rate_cad_per_litre, o.country, true, o.effective_date, o.fuel_type,
              o.kind
       FROM unnest($2::uuid[]) a CROSS JOIN official_rates o
       WHERE o.matrix_id = ANY($1::uuid[])
         AND NOT EXISTS (
           SELECT 1 FROM tax_rates t
           WHERE t.user_id = a AND upper(t.abbreviation) = o.abbreviation AND t.fuel_type = o.fuel_type
             AND t.kind = o.kind AND t.effective_date = o.effective_date)
       RETURNING 1`,
      [matrixIds, accounts],
    );
    const removed = await manager.query(
      `DELETE FROM tax_rates t
       USING official_rate_matrices cur
       WHERE cur.id = ANY($1::uuid[]) AND t.user_id = ANY($2::uuid[]) AND NOT t.changed_by_account
         AND EXISTS (
           SELECT 1 FROM official_rates o JOIN official_rate_matrices m ON m.id = o.matrix_id
           WHERE m.quarter = cur.quarter AND m.id <> cur.id AND m.status <> 'held'
             AND o.abbreviation = upper(t.abbreviation) AND o.fuel_type = t.fuel_type AND o.kind = t.kind
             AND o.effective_date = t.effective_date)
         AND NOT EXISTS (
           SELECT 1 FROM official_rates o
           WHERE o.matrix_id = cur.id AND o.abbreviation = upper(t.abbreviation) AND o.fuel_type = t.fuel_type
             AND o.kind = t.kind AND o.effective_date = t.effective_date)
       RETURNING 1`,
      [matrixIds, accounts],
    );
    return affected(updated) + affected(inserted) + affected(removed);
  }
}

/** pg answers an UPDATE through TypeORM as [rows, count] and an INSERT … SELECT as its rows. */
function affected(result: unknown): number {
  if (Array.isArray(result) && result.length === 2 && typeof result[1] === 'number') return result[1];
  return Array.isArray(result) ? result.length : 0;
}

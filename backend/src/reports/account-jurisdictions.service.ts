import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type AccountRate, createJurisdictionDirectory, type JurisdictionDirectory } from '../ifta/index.js';

const UNDEFINED_TABLE = '42P01';

/**
 * Reads the account's own tax-rate table (owned by the tax-rates feature) to tell which jurisdiction names the
 * account may report and at which active rate. Plain SQL on `tax_rates` keeps this feature free of that module.
 */
@Injectable()
export class AccountJurisdictionsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async forAccount(userId: string): Promise<JurisdictionDirectory> {
    return createJurisdictionDirectory(await this.rates(userId));
  }

  private async rates(userId: string): Promise<AccountRate[]> {
    try {
      const rows: Array<{ name: string; abbreviation: string; rate: string; is_active: boolean }> =
        // The spec's table (issue 12): each jurisdiction's current diesel base rate, as the tax-rates list shows it.
        await this.dataSource.query(
          `SELECT name, abbreviation, rate, is_active FROM tax_rates t
           WHERE user_id = $1 AND fuel_type = 'diesel' AND kind = 'base' AND (NOT is_active OR NOT EXISTS (
             SELECT 1 FROM tax_rates s WHERE s.user_id = t.user_id AND upper(s.abbreviation) = upper(t.abbreviation)
               AND s.fuel_type = t.fuel_type AND s.kind = t.kind AND s.is_active AND s.effective_date > t.effective_date))`,
          [userId],
        );
      return rows;
    } catch (error) {
      // Before the tax-rate table exists, only the 58 members are known and every rate is 0.
      if ((error as { code?: string }).code === UNDEFINED_TABLE) return [];
      throw error;
    }
  }
}

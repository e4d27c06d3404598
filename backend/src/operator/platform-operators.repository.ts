import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The statement `npm run operator:add` runs (its own file has no Nest around it). */
export const ADD_OPERATOR_SQL = `INSERT INTO platform_operators (email) VALUES (lower($1)) ON CONFLICT (email) DO NOTHING`;

/** platform_operators: the addresses `npm run operator:add` made operators; users: whether an address is proven. */
@Injectable()
export class PlatformOperatorsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * The person's address as the database holds it, lower-cased, when it is proven (else null: an address anyone
   * could have typed names no one), and whether platform_operators lists it.
   */
  async provenAddress(userId: string): Promise<{ email: string; listed: boolean } | null> {
    const [row] = (await this.db.query(
      `SELECT lower(u.email) AS email,
              EXISTS (SELECT 1 FROM platform_operators p WHERE p.email = lower(u.email)) AS listed
         FROM users u WHERE u.id = $1 AND u.email_proven_at IS NOT NULL`,
      [userId],
    )) as Array<{ email: string; listed: boolean }>;
    return row ?? null;
  }
}

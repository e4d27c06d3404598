import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The statement `npm run operator:add` runs (its own file has no Nest around it). */
export const ADD_OPERATOR_SQL = `INSERT INTO platform_operators (email) VALUES (lower($1)) ON CONFLICT (email) DO NOTHING`;

/** platform_operators: the addresses `npm run operator:add` made operators. */
@Injectable()
export class PlatformOperatorsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Whether platform_operators lists `email` (lower-cased, as it is stored). */
  async lists(email: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query('SELECT 1 FROM platform_operators WHERE email = $1', [email]);
    return rows.length > 0;
  }
}

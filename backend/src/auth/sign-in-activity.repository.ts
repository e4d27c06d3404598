import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { isoTimestamp } from '../common/sql/iso-timestamp.js';

/** When each account last signed in (its newest session), for the operator's accounts list. */
@Injectable()
export class SignInActivityRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async lastSignIns(userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows: Array<{ user_id: string; at: string }> = await this.db.query(
      `SELECT user_id, ${isoTimestamp('max(created_at)')} AS at FROM auth_sessions
       WHERE user_id = ANY($1::uuid[]) GROUP BY user_id`,
      [userIds],
    );
    return new Map(rows.map((row) => [row.user_id, row.at]));
  }
}

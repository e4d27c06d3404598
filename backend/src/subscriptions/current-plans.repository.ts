import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Each account's newest subscription: its plan's name and status, for the operator's accounts list. */
@Injectable()
export class CurrentPlansRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async of(userIds: readonly string[]): Promise<Map<string, { plan_name: string; status: string }>> {
    if (userIds.length === 0) return new Map();
    const rows: Array<{ user_id: string; plan_name: string; status: string }> = await this.db.query(
      `SELECT DISTINCT ON (s.user_id) s.user_id, p.name AS plan_name, s.status
       FROM subscriptions s JOIN plans p ON p.id = s.plan_id
       WHERE s.user_id = ANY($1::uuid[]) ORDER BY s.user_id, s.created_at DESC`,
      [userIds],
    );
    return new Map(rows.map((row) => [row.user_id, { plan_name: row.plan_name, status: row.status }]));
  }
}

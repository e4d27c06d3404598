import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { isoTimestamp } from '../common/sql/iso-timestamp.js';

export interface DirectoryAccount {
  id: string;
  email: string;
  company_name: string;
  created_at: string;
}

/** Every account, newest first, a page at a time: what the operator console lists (no carrier data beyond this). */
@Injectable()
export class AccountDirectoryRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async page(page: number, limit: number, search?: string): Promise<{ data: DirectoryAccount[]; total: number }> {
    const rows: Array<DirectoryAccount & { total_count: number }> = await this.db.query(
      `SELECT u.id, u.email, u.company_name, ${isoTimestamp('u.created_at')} AS created_at,
              COUNT(*) OVER ()::int AS total_count
       FROM users u
       WHERE $3::text IS NULL OR u.email ILIKE '%' || $3 || '%' OR u.company_name ILIKE '%' || $3 || '%'
       ORDER BY u.created_at DESC, u.id LIMIT $1 OFFSET $2`,
      [limit, (page - 1) * limit, search?.trim() ? search.trim().replace(/[\\%_]/g, (c) => `\\${c}`) : null],
    );
    return { data: rows.map(({ total_count: _t, ...row }) => row), total: rows[0]?.total_count ?? 0 };
  }
}

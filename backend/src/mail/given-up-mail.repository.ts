import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { isoTimestamp } from '../common/sql/iso-timestamp.js';

export interface GivenUpMail {
  id: string;
  idempotency_key: string;
  recipient: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
}

/** The e-mails the sender gave up on (status failed), for the operator console, and sending one again. */
@Injectable()
export class GivenUpMailRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async page(page: number, limit: number): Promise<{ data: GivenUpMail[]; total: number }> {
    const rows: Array<GivenUpMail & { total_count: number }> = await this.db.query(
      `SELECT id, idempotency_key, recipient, subject, attempts, last_error, ${isoTimestamp('created_at')} AS created_at,
              COUNT(*) OVER ()::int AS total_count
       FROM outbox_messages WHERE status = 'failed' ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`,
      [limit, (page - 1) * limit],
    );
    return { data: rows.map(({ total_count: _t, ...row }) => row), total: rows[0]?.total_count ?? 0 };
  }

  /** Puts a given-up e-mail back in the queue, due now, its tries counted afresh; false when it is not given up. */
  async requeue(id: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `WITH requeued AS (
         UPDATE outbox_messages SET status = 'pending', attempts = 0, next_attempt_at = now(), created_at = now()
         WHERE id = $1 AND status = 'failed' RETURNING id
       ) SELECT id FROM requeued`,
      [id],
    );
    return rows.length > 0;
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { type JobLease, underJobLock } from '../database/job-lock.js';

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}

/** One e-mail to enqueue: `key` names the fact it reports, so enqueueing that fact twice is one e-mail. */
export interface OutboxMessage {
  key: string;
  to: string;
  subject: string;
  text: string;
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
}

export interface DueMessage {
  id: string;
  idempotencyKey: string;
  recipient: string;
  subject: string;
  body: string;
  attachments: OutboxAttachment[];
  attempts: number;
  createdAt: Date;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** The SQL of the e-mail outbox (`outbox_messages`) and its sender's job lock. */
@Injectable()
export class OutboxRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** In the caller's transaction; false when a message with this key exists already (enqueued before). */
  async insert(manager: EntityManager, message: OutboxMessage): Promise<boolean> {
    const attachments = (message.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content.toString('base64'),
    }));
    const rows = (await manager.query(
      `INSERT INTO outbox_messages (idempotency_key, recipient, subject, body, attachments)
       VALUES ($1, $2, $3, $4, $5::jsonb)
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      [message.key, message.to, message.subject, message.text, JSON.stringify(attachments)],
    )) as unknown[];
    return rows.length > 0;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  underJobLock<T>(key: number, work: (lease: JobLease) => Promise<T>): Promise<{ value: T } | null> {
    return underJobLock(this.db, key, work);
  }

  /** The oldest due messages. Only the sender reads them, under its job lock, and claims each before sending it. */
  async due(limit: number): Promise<DueMessage[]> {
    const rows = (await this.db.query(
      `SELECT id, idempotency_key, recipient, subject, body, attachments, attempts, created_at
       FROM outbox_messages WHERE status = 'pending' AND next_attempt_at <= now()
       ORDER BY next_attempt_at, id LIMIT $1`,
      [limit],
    )) as Array<{
      id: string;
      idempotency_key: string;
      recipient: string;
      subject: string;
      body: string;
      attachments: OutboxAttachment[];
      attempts: number;
      created_at: Date;
    }>;
    return rows.map((row) => ({
      id: row.id,
      idempotencyKey: row.idempotency_key,
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
      attachments: row.attachments,
      attempts: row.attempts,
      createdAt: new Date(row.created_at),
    }));
  }

  /**
   * Takes the message for one try, fenced by the sender's lease: it counts the attempt and moves the message out of
   * "due" for `claimMs` (the longest a delivery may take), so a sender that takes over while this one is still
   * sending does not send it too. False when the message is no longer due (sent or claimed meanwhile).
   */
  async claim(lease: JobLease, id: string, claimMs: number): Promise<boolean> {
    return this.db.transaction(async (manager) => {
      await lease.fence(manager);
      // A SELECT around the UPDATE, so the driver answers the claimed rows whatever it does with an UPDATE's.
      const rows = (await manager.query(
        `WITH claimed AS (
           UPDATE outbox_messages SET attempts = attempts + 1,
             next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
           WHERE id = $1 AND status = 'pending' AND next_attempt_at <= now() RETURNING id
         ) SELECT id FROM claimed`,
        [id, claimMs],
      )) as unknown[];
      return rows.length > 0;
    });
  }

  /** What the provider answered. Not fenced: the e-mail went out, so that is recorded whoever holds the lock now. */
  async markSent(id: string, answer: string): Promise<void> {
    await this.db.query(
      `UPDATE outbox_messages SET status = 'sent', sent_at = now(), provider_answer = left($2, 1000),
         last_error = NULL WHERE id = $1`,
      [id, answer],
    );
  }

  /** A failed try: tried again at `retryAt`, or marked failed when that is null (given up). */
  async markFailed(id: string, error: string, retryAt: Date | null): Promise<void> {
    await this.db.query(
      `UPDATE outbox_messages SET last_error = left($2, 1000),
         status = CASE WHEN $3::timestamptz IS NULL THEN 'failed' ELSE 'pending' END,
         next_attempt_at = COALESCE($3::timestamptz, next_attempt_at)
       WHERE id = $1`,
      [id, error, retryAt],
    );
  }

  async statusOf(key: string): Promise<OutboxStatus | null> {
    const [row] = (await this.db.query(`SELECT status FROM outbox_messages WHERE idempotency_key = $1`, [key])) as [
      { status: OutboxStatus }?,
    ];
    return row?.status ?? null;
  }
}

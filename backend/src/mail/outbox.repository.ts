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

  /**
   * The oldest due messages: pending, their next try reached and no live claim on them. Only the sender reads them,
   * under its job lock, and claims each before sending it.
   */
  async due(limit: number): Promise<DueMessage[]> {
    const rows = (await this.db.query(
      `SELECT id, idempotency_key, recipient, subject, body, attachments, attempts, created_at
       FROM outbox_messages
       WHERE status = 'pending' AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until <= now())
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
   * Takes the message for one try, in a transaction fenced by the sender's lease: it counts the attempt and claims
   * the message for `claimMs` under a new token (the claim outlives a delivery's deadline and is renewed while the
   * delivery runs), so no other sender takes it until the claim ended or expired. Answers the claim's token, or
   * null when the message is no longer due (sent, or claimed by another sender meanwhile).
   */
  async claim(lease: JobLease, id: string, claimMs: number): Promise<string | null> {
    return this.db.transaction(async (manager) => {
      await lease.fence(manager);
      // A SELECT around the UPDATE, so the driver answers the claimed rows whatever it does with an UPDATE's.
      const rows = (await manager.query(
        `WITH claimed AS (
           UPDATE outbox_messages SET attempts = attempts + 1, claim_token = gen_random_uuid(),
             claimed_until = now() + make_interval(secs => $2::double precision / 1000)
           WHERE id = $1 AND status = 'pending' AND next_attempt_at <= now()
             AND (claimed_until IS NULL OR claimed_until <= now())
           RETURNING claim_token
         ) SELECT claim_token FROM claimed`,
        [id, claimMs],
      )) as Array<{ claim_token: string }>;
      return rows[0]?.claim_token ?? null;
    });
  }

  /** Extends a claim that is still this try's; false when it is not (expired and taken by another sender, or done). */
  async renewClaim(id: string, token: string, claimMs: number): Promise<boolean> {
    const rows = (await this.db.query(
      `WITH renewed AS (
         UPDATE outbox_messages SET claimed_until = now() + make_interval(secs => $3::double precision / 1000)
         WHERE id = $1 AND claim_token = $2 AND status = 'pending' RETURNING id
       ) SELECT id FROM renewed`,
      [id, token, claimMs],
    )) as unknown[];
    return rows.length > 0;
  }

  /**
   * What the provider answered. Not fenced by the lock nor by the claim: the e-mail went out, and recording that,
   * whoever holds the message now, keeps a later try from sending it again. A message once sent is never
   * recorded again (its first answer stays).
   */
  async markSent(id: string, answer: string): Promise<void> {
    await this.db.query(
      `UPDATE outbox_messages SET status = 'sent', sent_at = now(), provider_answer = left($2, 1000),
         last_error = NULL, claim_token = NULL, claimed_until = NULL
       WHERE id = $1 AND status <> 'sent'`,
      [id, answer],
    );
  }

  /**
   * A failed try: tried again at `retryAt`, or marked failed when that is null (given up). Recorded only while the
   * try's claim is still the message's: the late failure of a try whose claim was lost (another sender has the
   * message, or sent it) changes nothing. False when it changed nothing.
   */
  async markFailed(id: string, token: string, error: string, retryAt: Date | null): Promise<boolean> {
    const rows = (await this.db.query(
      `WITH failed AS (
         UPDATE outbox_messages SET last_error = left($3, 1000),
           status = CASE WHEN $4::timestamptz IS NULL THEN 'failed' ELSE 'pending' END,
           next_attempt_at = COALESCE($4::timestamptz, next_attempt_at), claim_token = NULL, claimed_until = NULL
         WHERE id = $1 AND claim_token = $2 AND status = 'pending' RETURNING id
       ) SELECT id FROM failed`,
      [id, token, error, retryAt],
    )) as unknown[];
    return rows.length > 0;
  }

  async statusOf(key: string): Promise<OutboxStatus | null> {
    const [row] = (await this.db.query(`SELECT status FROM outbox_messages WHERE idempotency_key = $1`, [key])) as [
      { status: OutboxStatus }?,
    ];
    return row?.status ?? null;
  }
}

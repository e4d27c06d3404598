import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * The SQL of proven addresses: `email_proofs` (a SHA-256 of each single-use link; `users.email_proven_at` is the users
 * feature's, through AccountCredentials), and
 * what proving ends. Methods that take an EntityManager run in the caller's transaction.
 */
@Injectable()
export class EmailProofsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async insert(manager: EntityManager, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await manager.query('INSERT INTO email_proofs (user_id, token_hash, expires_at) VALUES ($1, $2, $3)', [
      userId,
      tokenHash,
      expiresAt,
    ]);
  }

  /** The account a live (unused, unexpired) link proves, without using it up; null when there is no such link. */
  async accountOf(tokenHash: string): Promise<string | null> {
    const [row] = (await this.db.query(
      'SELECT user_id FROM email_proofs WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()',
      [tokenHash],
    )) as Array<{ user_id: string }>;
    return row?.user_id ?? null;
  }

  /** Uses up the live link and every other link of its account; false when the link is no longer live. */
  async use(manager: EntityManager, tokenHash: string, userId: string): Promise<boolean> {
    const [rows] = (await manager.query(
      `UPDATE email_proofs SET used_at = now()
        WHERE token_hash = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > now() RETURNING id`,
      [tokenHash, userId],
    )) as [unknown[], number];
    if (rows.length === 0) return false;
    await manager.query('UPDATE email_proofs SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
    return true;
  }

  /** When the account last asked for a link, or null. */
  async lastSentAt(userId: string): Promise<Date | null> {
    const [row] = (await this.db.query('SELECT max(created_at) AS at FROM email_proofs WHERE user_id = $1', [
      userId,
    ])) as Array<{ at: Date | null }>;
    return row?.at ?? null;
  }

  /**
   * Ends what whoever held the account before its address was proven set up: every other member of the companies the
   * account made (its own, and `clients`, the client companies it manages), every pending invitation to them or sent
   * by the account, and every session of the account and of the members removed. Answers the session ids, for the
   * session cache, and the members removed.
   */
  async endUnprovenHolding(
    manager: EntityManager,
    userId: string,
    clients: readonly string[],
  ): Promise<{ sessions: string[]; members: number }> {
    const companies = `SELECT $1::uuid UNION SELECT unnest($2::uuid[])`;
    const [removed] = (await manager.query(
      `DELETE FROM company_members WHERE company_id IN (${companies}) AND user_id <> $1 RETURNING user_id, company_id`,
      [userId, clients],
    )) as [Array<{ user_id: string; company_id: string }>, number];
    await manager.query(
      `UPDATE member_invitations SET revoked_at = now()
        WHERE accepted_at IS NULL AND revoked_at IS NULL AND (company_id IN (${companies}) OR invited_by = $1)`,
      [userId, clients],
    );
    const [sessions] = (await manager.query(
      `UPDATE auth_sessions SET revoked_at = now()
        WHERE revoked_at IS NULL AND (user_id = $1 OR company_id IN (${companies})) RETURNING id`,
      [userId, clients],
    )) as [Array<{ id: string }>, number];
    return { sessions: sessions.map((row) => row.id), members: removed.length };
  }
}

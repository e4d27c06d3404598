import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { isMemberRole, type MemberRole } from '../common/roles.js';

/**
 * The SQL of the auth feature's sessions: `auth_sessions` (one row per sign-in, of a person acting for a company)
 * and `password_reset_tokens`. The members' tables are MembersRepository's.
 * Methods that take an EntityManager run in the caller's transaction; without one they use the pool.
 */
@Injectable()
export class AuthRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** `from`: the session a company switch came from; the new one belongs to the same sign-in. */
  async openSession(
    userId: string,
    companyId: string,
    manager: EntityManager = this.db.manager,
    from: string | null = null,
  ): Promise<string> {
    const [row] = (await manager.query(
      `INSERT INTO auth_sessions (user_id, company_id, sign_in_id)
       VALUES ($1, $2, (SELECT COALESCE(sign_in_id, id) FROM auth_sessions WHERE id = $3)) RETURNING id`,
      [userId, companyId, from],
    )) as Array<{ id: string }>;
    return row.id;
  }

  /** The person's role in the company when the session is live and the person still a member, else null. */
  async isSessionLive(sessionId: string, userId: string, companyId: string): Promise<MemberRole | null> {
    const rows = (await this.db.query(
      `SELECT m.role FROM auth_sessions s
         JOIN company_members m ON m.company_id = s.company_id AND m.user_id = s.user_id
        WHERE s.id = $1 AND s.user_id = $2 AND s.company_id = $3 AND s.revoked_at IS NULL`,
      [sessionId, userId, companyId],
    )) as Array<{ role: string }>;
    const role = rows[0]?.role;
    return isMemberRole(role) ? role : null;
  }

  async revokeMemberSessions(userId: string, companyId: string, manager: EntityManager): Promise<string[]> {
    const rows = (await manager.query(
      `UPDATE auth_sessions SET revoked_at = now()
        WHERE user_id = $1 AND company_id = $2 AND revoked_at IS NULL RETURNING id`,
      [userId, companyId],
    )) as [Array<{ id: string }>, number];
    return rows[0].map((row) => row.id);
  }

  async memberSessions(userId: string, companyId: string, manager: EntityManager): Promise<string[]> {
    const rows = (await manager.query(
      'SELECT id FROM auth_sessions WHERE user_id = $1 AND company_id = $2 AND revoked_at IS NULL',
      [userId, companyId],
    )) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }

  /** Revokes the session and every other of its sign-in (its company switches); answers the ids revoked. */
  async revokeSession(sessionId: string): Promise<string[]> {
    const rows = (await this.db.query(
      `WITH sign_in AS (SELECT COALESCE(sign_in_id, id) AS id FROM auth_sessions WHERE id = $1)
       UPDATE auth_sessions s SET revoked_at = now()
         FROM sign_in
        WHERE (s.id = sign_in.id OR s.sign_in_id = sign_in.id) AND s.revoked_at IS NULL
       RETURNING s.id`,
      [sessionId],
    )) as [Array<{ id: string }>, number];
    return rows[0].map((row) => row.id);
  }

  /**
   * Revokes every live session of the account but those of the sign-in `keep` belongs to (it and the companies it
   * switched to, which other tabs of that browser act with); answers the ids revoked.
   */
  async revokeAllSessions(
    userId: string,
    keep: string | null,
    manager: EntityManager = this.db.manager,
  ): Promise<string[]> {
    const rows = (await manager.query(
      `UPDATE auth_sessions SET revoked_at = now()
        WHERE user_id = $1 AND revoked_at IS NULL
          AND COALESCE(sign_in_id, id) IS DISTINCT FROM
              (SELECT COALESCE(sign_in_id, id) FROM auth_sessions WHERE id = $2::uuid)
        RETURNING id`,
      [userId, keep],
    )) as [Array<{ id: string }>, number];
    return rows[0].map((row) => row.id);
  }

  /**
   * Whether a reset e-mail may go to the account now: none was sent in the last `intervalMs`. Holds a lock on the
   * account until the caller's transaction ends, so requests at once from many addresses send one e-mail.
   */
  async resetMailDue(manager: EntityManager, userId: string, intervalMs: number): Promise<boolean> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('reset_mail:' || $1, 0))`, [userId]);
    const [row] = (await manager.query(
      `SELECT NOT EXISTS (SELECT 1 FROM password_reset_tokens
                           WHERE user_id = $1 AND created_at > now() - $2 * interval '1 millisecond') AS due`,
      [userId, intervalMs],
    )) as Array<{ due: boolean }>;
    return row.due;
  }

  async insertResetToken(manager: EntityManager, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await manager.query('INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, $3)', [
      userId,
      tokenHash,
      expiresAt,
    ]);
  }

  /** Uses up a live (unused, unexpired) token; answers its account, or null when there is no such token. */
  async useResetToken(manager: EntityManager, tokenHash: string): Promise<string | null> {
    const [rows] = (await manager.query(
      `UPDATE password_reset_tokens SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [tokenHash],
    )) as [Array<{ user_id: string }>, number];
    return rows[0]?.user_id ?? null;
  }

  /** Every other unused link of the account stops working. */
  async useAllResetTokens(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
      userId,
    ]);
  }
}

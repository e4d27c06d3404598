import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** The SQL of `password_reset_requests`: acknowledged requests whose token and e-mail are not written yet. */
@Injectable()
export class PasswordResetRequestsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Writes the request down; answers its id. */
  async record(email: string): Promise<string> {
    const [row] = (await this.db.query('INSERT INTO password_reset_requests (email) VALUES ($1) RETURNING id', [
      email,
    ])) as Array<{ id: string }>;
    return row.id;
  }

  /** The request's address, or null when it was carried out already. */
  async emailOf(id: string): Promise<string | null> {
    const [row] = (await this.db.query('SELECT email FROM password_reset_requests WHERE id = $1', [id])) as Array<{
      email: string;
    }>;
    return row?.email ?? null;
  }

  /**
   * Takes the request in the caller's transaction: deleted with what that transaction writes, or back if it rolls
   * back. False when it is gone already or another transaction has it (SKIP LOCKED: that one carries it out).
   */
  async take(manager: EntityManager, id: string): Promise<boolean> {
    const rows = (await manager.query(
      `WITH taken AS (
         DELETE FROM password_reset_requests
         WHERE id = (SELECT id FROM password_reset_requests WHERE id = $1 FOR UPDATE SKIP LOCKED) RETURNING id
       ) SELECT id FROM taken`,
      [id],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Requests written more than `olderThanMs` ago and still there: their first carrying out failed. Oldest first. */
  async leftBehind(olderThanMs: number, limit: number): Promise<string[]> {
    const rows = (await this.db.query(
      `SELECT id FROM password_reset_requests
       WHERE requested_at < now() - make_interval(secs => $1::double precision / 1000)
       ORDER BY requested_at, id LIMIT $2`,
      [olderThanMs, limit],
    )) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }
}

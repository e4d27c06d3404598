import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { createHash } from 'node:crypto';
import { isoTimestamp } from '../common/sql/iso-timestamp.js';
import type { MemberRole } from '../common/roles.js';

export interface MembershipRow {
  id: string;
  company_id: string;
  user_id: string;
  role: MemberRole;
  name: string | null;
  created_at: string;
}

export interface InvitationRow {
  id: string;
  company_id: string;
  email: string;
  role: MemberRole;
  expires_at: string;
  created_at: string;
}

/** Invitation tokens are stored as this hash only: a database reader cannot accept an invitation. */
export const invitationTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The SQL of `company_members` (who acts for which company, with which role) and `member_invitations`. A company is
 * the account whose id every data row's `user_id` names, so these tables are the only ones teams add. The auth
 * feature owns them because every request's session check reads the membership (one query, with `auth_sessions`);
 * the members feature manages them through this class.
 */
@Injectable()
export class CompanyMemberships {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The company a person signs in to: the one they joined first (an account's own company, if they have one). */
  async firstMembership(userId: string): Promise<MembershipRow | null> {
    const [row] = (await this.db.query(
      `SELECT id, company_id, user_id, role, name, ${isoTimestamp('created_at')} AS created_at
         FROM company_members WHERE user_id = $1 ORDER BY created_at, company_id LIMIT 1`,
      [userId],
    )) as MembershipRow[];
    return row ?? null;
  }

  /** Every company the person belongs to, in the order they joined (the first is the one they sign in to). */
  async membershipsOf(userId: string): Promise<MembershipRow[]> {
    return (await this.db.query(
      `SELECT id, company_id, user_id, role, name, ${isoTimestamp('created_at')} AS created_at
         FROM company_members WHERE user_id = $1 ORDER BY created_at, company_id`,
      [userId],
    )) as MembershipRow[];
  }

  /**
   * Serialises the seat checks of one paying company and the companies it pays for (a member invited while a client is
   * added, two invitations at once, an invitation into one of its clients) until the caller's transaction ends.
   */
  async lockSeats(manager: EntityManager, payerId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('company_seats:' || $1, 0))`, [payerId]);
  }

  /**
   * The seats the people of `companyIds` take (a practice and the clients it pays for): each member once however many
   * of the companies they belong to, and each address with a pending invitation once.
   */
  async seatsTaken(companyIds: string[], manager: EntityManager = this.db.manager): Promise<number> {
    const [row] = (await manager.query(
      `SELECT (SELECT count(DISTINCT user_id) FROM company_members WHERE company_id = ANY($1::uuid[]))::int
            + (SELECT count(DISTINCT lower(email)) FROM member_invitations
                WHERE company_id = ANY($1::uuid[]) AND accepted_at IS NULL AND revoked_at IS NULL
                  AND expires_at > now())::int AS n`,
      [companyIds],
    )) as Array<{ n: number }>;
    return row.n;
  }

  async membership(companyId: string, userId: string): Promise<MembershipRow | null> {
    const [row] = (await this.db.query(
      `SELECT id, company_id, user_id, role, name, ${isoTimestamp('created_at')} AS created_at
         FROM company_members WHERE company_id = $1 AND user_id = $2`,
      [companyId, userId],
    )) as MembershipRow[];
    return row ?? null;
  }

  /** Adds the person unless already a member (then their role stays as it is); answers the membership. */
  async addMember(
    manager: EntityManager,
    fields: { companyId: string; userId: string; role: MemberRole; name: string | null },
  ): Promise<MembershipRow> {
    await manager.query(
      `INSERT INTO company_members (company_id, user_id, role, name) VALUES ($1, $2, $3, $4)
       ON CONFLICT (company_id, user_id) DO NOTHING`,
      [fields.companyId, fields.userId, fields.role, fields.name],
    );
    const [row] = (await manager.query(
      `SELECT id, company_id, user_id, role, name, ${isoTimestamp('created_at')} AS created_at
         FROM company_members WHERE company_id = $1 AND user_id = $2`,
      [fields.companyId, fields.userId],
    )) as MembershipRow[];
    return row;
  }

  async members(companyId: string): Promise<MembershipRow[]> {
    return (await this.db.query(
      `SELECT id, company_id, user_id, role, name, ${isoTimestamp('created_at')} AS created_at
         FROM company_members WHERE company_id = $1 ORDER BY created_at, id`,
      [companyId],
    )) as MembershipRow[];
  }

  /**
   * The company's members, locked for a change of roles: two owners demoting each other at once are serialised,
   * so the company cannot be left without one.
   */
  async lockMembers(manager: EntityManager, companyId: string): Promise<MembershipRow[]> {
    return (await manager.query(
      `SELECT id, company_id, user_id, role, name, ${isoTimestamp('created_at')} AS created_at
         FROM company_members WHERE company_id = $1 ORDER BY id FOR UPDATE`,
      [companyId],
    )) as MembershipRow[];
  }

  async setRole(manager: EntityManager, id: string, role: MemberRole): Promise<void> {
    await manager.query('UPDATE company_members SET role = $2 WHERE id = $1', [id, role]);
  }

  async remove(manager: EntityManager, id: string): Promise<void> {
    await manager.query('DELETE FROM company_members WHERE id = $1', [id]);
  }

  /**
   * Removes the person from each of `companyIds` (a practice's client companies) and answers the companies they left;
   * in the caller's transaction.
   */
  async removeFromCompanies(manager: EntityManager, userId: string, companyIds: string[]): Promise<string[]> {
    if (companyIds.length === 0) return [];
    const [rows] = (await manager.query(
      'DELETE FROM company_members WHERE user_id = $1 AND company_id = ANY($2::uuid[]) RETURNING company_id',
      [userId, companyIds],
    )) as [Array<{ company_id: string }>, number];
    return rows.map((row) => row.company_id);
  }

  /** Makes the person an owner of the company, a member already or not; in the caller's transaction. */
  async makeOwner(manager: EntityManager, companyId: string, userId: string): Promise<void> {
    await manager.query(
      `INSERT INTO company_members (company_id, user_id, role) VALUES ($1, $2, 'owner')
       ON CONFLICT (company_id, user_id) DO UPDATE SET role = 'owner'`,
      [companyId, userId],
    );
  }

  /** Whether the company has an owner left (a client company whose only owner was removed has none). */
  async hasOwner(manager: EntityManager, companyId: string): Promise<boolean> {
    const [row] = (await manager.query(
      `SELECT EXISTS (SELECT 1 FROM company_members WHERE company_id = $1 AND role = 'owner') AS owned`,
      [companyId],
    )) as Array<{ owned: boolean }>;
    return row.owned;
  }

  /** Revokes the pending invitations the person sent to any of `companyIds`; in the caller's transaction. */
  async revokeInvitationsSentBy(manager: EntityManager, userId: string, companyIds: string[]): Promise<number> {
    const [rows] = (await manager.query(
      `UPDATE member_invitations SET revoked_at = now()
        WHERE invited_by = $1 AND company_id = ANY($2::uuid[]) AND accepted_at IS NULL AND revoked_at IS NULL
        RETURNING id`,
      [userId, companyIds],
    )) as [unknown[], number];
    return rows.length;
  }

  async insertInvitation(
    manager: EntityManager,
    fields: {
      companyId: string;
      email: string;
      role: MemberRole;
      tokenHash: string;
      expiresAt: Date;
      invitedBy: string;
    },
  ): Promise<InvitationRow> {
    const [row] = (await manager.query(
      `INSERT INTO member_invitations (company_id, email, role, token_hash, expires_at, invited_by)
       VALUES ($1, $2, $3, $4, $5, $6)
       RETURNING id, company_id, email, role, ${isoTimestamp('expires_at')} AS expires_at,
                 ${isoTimestamp('created_at')} AS created_at`,
      [fields.companyId, fields.email, fields.role, fields.tokenHash, fields.expiresAt, fields.invitedBy],
    )) as InvitationRow[];
    return row;
  }

  /** Invitations the company created in the last `ms`, revoked and accepted ones included. */
  async invitationsSentSince(manager: EntityManager, companyId: string, ms: number): Promise<number> {
    const [row] = (await manager.query(
      `SELECT count(*)::int AS n FROM member_invitations
        WHERE company_id = $1 AND created_at > now() - $2 * interval '1 millisecond'`,
      [companyId, ms],
    )) as Array<{ n: number }>;
    return row.n;
  }

  /** Invitations neither accepted, revoked nor expired. */
  async pendingInvitations(companyId: string): Promise<InvitationRow[]> {
    return (await this.db.query(
      `SELECT id, company_id, email, role, ${isoTimestamp('expires_at')} AS expires_at,
              ${isoTimestamp('created_at')} AS created_at
         FROM member_invitations
        WHERE company_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
        ORDER BY created_at, id`,
      [companyId],
    )) as InvitationRow[];
  }

  /** Revokes a pending invitation of the company; false when there is none with this id. */
  async revokeInvitation(companyId: string, id: string): Promise<boolean> {
    const [rows] = (await this.db.query(
      `UPDATE member_invitations SET revoked_at = now()
        WHERE id = $1 AND company_id = $2 AND accepted_at IS NULL AND revoked_at IS NULL RETURNING id`,
      [id, companyId],
    )) as [unknown[], number];
    return rows.length > 0;
  }

  /** The address a live invitation was sent to, or null. */
  async invitationEmail(tokenHash: string): Promise<string | null> {
    const [row] = (await this.db.query(
      `SELECT email FROM member_invitations
        WHERE token_hash = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()`,
      [tokenHash],
    )) as Array<{ email: string }>;
    return row?.email ?? null;
  }

  /** Uses up a live invitation (single use: a second accept finds none); answers it, or null. */
  async useInvitation(manager: EntityManager, tokenHash: string): Promise<InvitationRow | null> {
    const [rows] = (await manager.query(
      `UPDATE member_invitations SET accepted_at = now()
        WHERE token_hash = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
        RETURNING id, company_id, email, role, ${isoTimestamp('expires_at')} AS expires_at,
                  ${isoTimestamp('created_at')} AS created_at`,
      [tokenHash],
    )) as [InvitationRow[], number];
    return rows[0] ?? null;
  }
}

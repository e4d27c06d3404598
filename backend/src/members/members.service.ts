import { randomBytes } from 'node:crypto';
import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { roleNeeded } from '../common/guards/roles.guard.js';
import { type MemberRole, roleAtLeast } from '../common/roles.js';
import { isUuid } from '../common/validators/uuid.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Outbox } from '../mail/outbox.js';
import { AuditLog } from '../audit/audit-log.js';
import { AccountCredentials } from '../users/account-credentials.service.js';
import { AccountProfile } from '../users/account-profile.service.js';
import { AuthSessionsService } from '../auth/auth-sessions.service.js';
import {
  CompanyMemberships,
  type InvitationRow,
  invitationTokenHash,
  type MembershipRow,
} from '../auth/company-memberships.repository.js';
import type { InvitationDto, InviteMemberDto, MemberDto, MembersDto } from './dto/members.dto.js';
import { invitationMessage } from './invitation-message.js';
import { Seats } from '../companies/seats.js';
import { RetryLaterException } from '../common/filters/retry-later.exception.js';
import { ClientLinksRepository } from '../client-links/client-links.repository.js';

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const LAST_OWNER = 'The last owner cannot be removed or demoted';
export const ALREADY_MEMBER = 'This person is already a member of the company';
/** Each invitation e-mails someone with the company's name and a link from our sender; revoked ones count too. */
const invitationLimit = (limit: number) =>
  `A company may send at most ${limit} invitations an hour (INVITATION_RATE_LIMIT); try again later`;
const memberNotFound = () => new NotFoundException({ error: 'Member not found' });
const invitationNotFound = () => new NotFoundException({ error: 'Invitation not found' });

const invitationDto = (row: InvitationRow): InvitationDto => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expires_at: row.expires_at,
  created_at: row.created_at,
});

/**
 * A company's members and invitations. Owners and admins manage them (RolesGuard); only an owner may give or take
 * the owner role, and a company always keeps one owner. Removing a member ends their sessions of the company at
 * once on this replica and within the session cache (at most 60 s) on the others.
 */
@Injectable()
export class MembersService {
  constructor(
    private readonly repository: CompanyMemberships,
    private readonly sessions: AuthSessionsService,
    private readonly credentials: AccountCredentials,
    private readonly profile: AccountProfile,
    private readonly outbox: Outbox,
    private readonly audit: AuditLog,
    private readonly seats: Seats,
    private readonly links: ClientLinksRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(companyId: string): Promise<MembersDto> {
    const [members, invitations, seats] = await Promise.all([
      this.repository.members(companyId),
      this.repository.pendingInvitations(companyId),
      this.seats.usage(companyId),
    ]);
    const emails = await this.profile.emails(members.map((member) => member.user_id));
    return {
      members: members.map((row) => this.memberDto(row, emails.get(row.user_id) ?? '')),
      invitations: invitations.map(invitationDto),
      seats,
    };
  }

  async invite(actor: AuthenticatedUser, dto: InviteMemberDto): Promise<InvitationDto> {
    this.mayGrant(actor, dto.role);
    const person = await this.credentials.byEmail(dto.email);
    if (person && (await this.repository.membership(actor.id, person.id))) {
      throw new ConflictException({ error: ALREADY_MEMBER, fields: { email: ALREADY_MEMBER } });
    }
    const token = randomBytes(32).toString('base64url');
    const tokenHash = invitationTokenHash(token);
    const link = `${this.config.publicUrl}/accept-invitation?token=${token}`;
    const [{ language }, companyName, seatQuota] = await Promise.all([
      this.profile.writing(actor.id),
      this.profile.companyName(actor.id),
      this.seats.seatQuota(actor.id),
    ]);
    const row = await this.repository.transaction(async (manager) => {
      // A pending invitation holds a seat until it is accepted, revoked or expires (PLANS.md, Seats).
      await this.seats.takeOne(manager, seatQuota);
      // Counted under the seats' lock, so invitations sent at once cannot pass the limit together.
      const sent = await this.repository.invitationsSentSince(manager, actor.id, 60 * 60 * 1000);
      if (sent >= this.config.invitationRateLimit) {
        throw new RetryLaterException(invitationLimit(this.config.invitationRateLimit), 60 * 60);
      }
      const created = await this.repository.insertInvitation(manager, {
        companyId: actor.id,
        email: dto.email,
        role: dto.role,
        tokenHash,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        invitedBy: actor.memberId,
      });
      await this.outbox.enqueue(manager, {
        key: `member-invitation:${tokenHash}`,
        to: dto.email,
        ...invitationMessage(companyName ?? '', dto.role, link, language),
      });
      await this.audit.record(manager, {
        companyId: actor.id,
        action: 'invite',
        entity: 'member',
        entityId: created.id,
        summary: `Invited ${dto.email} as ${dto.role}`,
      });
      return created;
    });
    this.outbox.deliverSoon();
    return invitationDto(row);
  }

  async revokeInvitation(companyId: string, id: string): Promise<void> {
    if (!isUuid(id) || !(await this.repository.revokeInvitation(companyId, id))) throw invitationNotFound();
    await this.audit.record(undefined, {
      companyId,
      action: 'revoke',
      entity: 'member',
      entityId: id,
      summary: 'Revoked an invitation',
    });
  }

  async changeRole(actor: AuthenticatedUser, id: string, role: MemberRole): Promise<MemberDto> {
    if (!isUuid(id)) throw memberNotFound();
    const { changed, sessions } = await this.repository.transaction(async (manager) => {
      const members = await this.repository.lockMembers(manager, actor.id);
      const target = this.checkedChange(actor, members, id, role);
      await this.repository.setRole(manager, id, role);
      await this.audit.record(manager, {
        companyId: actor.id,
        action: 'role_change',
        entity: 'member',
        entityId: id,
        summary: `Changed a member's role from ${target.role} to ${role}`,
        changes: target.role === role ? null : { role: { before: target.role, after: role } },
      });
      return {
        changed: { ...target, role },
        sessions: await this.sessions.ofMember(target.user_id, actor.id, manager),
      };
    });
    this.sessions.forget(sessions);
    const emails = await this.profile.emails([changed.user_id]);
    return this.memberDto(changed, emails.get(changed.user_id) ?? '');
  }

  /**
   * Removes the member from the company and from every client company of the company's practice they reached
   * through it (the clients are the practice's, not the member's who made them), revokes the invitations they sent
   * to any of these, and ends their sessions there. A client left with no owner gets the remover as its owner, so
   * the practice never loses a client with the member who made it.
   */
  async remove(actor: AuthenticatedUser, id: string): Promise<void> {
    if (!isUuid(id)) throw memberNotFound();
    const clients = (await this.links.clientsOf(actor.id)).map((link) => link.company_id);
    const revoked = await this.repository.transaction(async (manager) => {
      const members = await this.repository.lockMembers(manager, actor.id);
      const target = this.checkedChange(actor, members, id, null);
      await this.repository.remove(manager, id);
      const left = await this.repository.removeFromCompanies(manager, target.user_id, clients);
      for (const client of left) {
        if (!(await this.repository.hasOwner(manager, client))) {
          await this.repository.makeOwner(manager, client, actor.memberId);
        }
      }
      const invitations = await this.repository.revokeInvitationsSentBy(manager, target.user_id, [
        actor.id,
        ...clients,
      ]);
      await this.audit.record(manager, {
        companyId: actor.id,
        action: 'remove',
        entity: 'member',
        entityId: id,
        summary:
          `Removed a ${target.role} member` +
          (left.length > 0 ? `, from ${left.length} client company(ies) too` : '') +
          (invitations > 0 ? `; ${invitations} invitation(s) they sent revoked` : ''),
      });
      const sessions = await this.sessions.revokeMember(target.user_id, actor.id, manager);
      for (const client of left) sessions.push(...(await this.sessions.revokeMember(target.user_id, client, manager)));
      return sessions;
    });
    this.sessions.forget(revoked);
  }

  /**
   * The member `id` of the actor's company, if the actor may give them `role` (null: remove them): only an owner
   * touches an owner or makes one, and the last owner stays one.
   */
  private checkedChange(
    actor: AuthenticatedUser,
    members: MembershipRow[],
    id: string,
    role: MemberRole | null,
  ): MembershipRow {
    const target = members.find((member) => member.id === id);
    if (!target) throw memberNotFound();
    if (target.role === 'owner' || role === 'owner') this.mayGrant(actor, 'owner');
    const owners = members.filter((member) => member.role === 'owner').length;
    if (target.role === 'owner' && role !== 'owner' && owners <= 1) {
      throw new ConflictException({ error: LAST_OWNER });
    }
    return target;
  }

  /** Only a member with at least `role` may give it (an admin cannot make an owner). */
  private mayGrant(actor: AuthenticatedUser, role: MemberRole): void {
    if (!roleAtLeast(actor.role, role)) throw new ForbiddenException({ error: roleNeeded(role) });
  }

  private memberDto(row: MembershipRow, email: string): MemberDto {
    return {
      id: row.id,
      user_id: row.user_id,
      email,
      name: row.name,
      role: row.role,
      created_at: row.created_at,
    };
  }
}

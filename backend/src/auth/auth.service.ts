import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { isUuid } from '../common/validators/uuid.js';
import { JwtService } from '@nestjs/jwt';
import { QueryFailedError } from 'typeorm';
import { AccountCredentials } from '../users/account-credentials.service.js';
import { UserResponseDto } from '../users/dto/user-response.dto.js';
import type { User } from '../users/entities/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { AccountSeeder } from '../users/account-seeder.js';
import { AuthRepository } from './auth.repository.js';
import { AuthSessionsService } from './auth-sessions.service.js';
import type { ChangePasswordDto } from './dto/account-security.dto.js';
import { AccountNotices } from './account-notices.js';
import { LoginThrottle } from './login-throttle.js';
import type { AuthResponseDto } from './dto/auth-response.dto.js';
import type { LoginDto } from './dto/login.dto.js';
import type { RegisterDto } from './dto/register.dto.js';
import type { AcceptInvitationDto } from './dto/accept-invitation.dto.js';
import type { JwtPayload } from './jwt-payload.js';
import { CompanyMemberships, invitationTokenHash } from './company-memberships.repository.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password.js';
import { type MemberRole, roleAtLeast } from '../common/roles.js';
import { AuditLog } from '../audit/audit-log.js';
import { ClientLinksRepository } from '../client-links/client-links.repository.js';
import type { ProveEmailDto } from './dto/email-proof.dto.js';
import { EmailProofs, PROOF_LINK_INVALID } from './email-proofs.service.js';

export const INVALID_CREDENTIALS = 'Invalid email or password';
/** A person whose every membership was removed: their password is right, but there is no company to sign in to. */
export const NO_COMPANY = 'This account is no longer a member of any company';
export const COMPANY_NOT_FOUND = 'Company not found';
export const INVITATION_INVALID = 'This invitation is invalid, used, revoked or has expired; ask for a new one';
/**
 * Says no more than a new account's sign-in would: the spec signs a new account in at once, so a refusal cannot look
 * like a success, but the owner of the address hears of the attempt by e-mail (README, Register and forgotten passwords).
 */
export const EMAIL_TAKEN =
  'This e-mail address cannot be used for a new account. If it is yours, we have e-mailed it: sign in or reset your password there.';

const isUniqueViolation = (e: unknown) =>
  e instanceof QueryFailedError && (e as QueryFailedError & { code?: string }).code === '23505';

@Injectable()
export class AuthService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly users: UsersService,
    private readonly credentials: AccountCredentials,
    private readonly jwt: JwtService,
    private readonly seeder: AccountSeeder,
    private readonly sessions: AuthSessionsService,
    private readonly throttle: LoginThrottle,
    private readonly notices: AccountNotices,
    private readonly members: CompanyMemberships,
    private readonly audit: AuditLog,
    private readonly proofs: EmailProofs,
    private readonly links: ClientLinksRepository,
  ) {}

  async register(dto: RegisterDto): Promise<AuthResponseDto> {
    const passwordHash = await hashPassword(dto.password);
    try {
      const user = await this.repository.transaction(async (manager) => {
        const created = await this.credentials.create(manager, {
          email: dto.email,
          passwordHash,
          companyName: dto.company_name,
        });
        await this.users.createDefaultSettings(manager, created.id);
        await this.seeder.seed(manager, created.id);
        // A new account is a new company, and its person the company's owner.
        await this.members.addMember(manager, { companyId: created.id, userId: created.id, role: 'owner', name: null });
        // Anyone can type anyone's address: the account is signed in, and the address's mailbox asked to prove it.
        await this.proofs.send(manager, created, 'en');
        return created;
      });
      this.proofs.deliverSoon();
      return this.issue(user, user, 'owner');
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      void this.tellOwnerOfRegistration(dto.email);
      throw new ConflictException({ error: EMAIL_TAKEN });
    }
  }

  /**
   * `client` is the caller's address (README, Sign-in limits: failures count per address and e-mail); `device` the
   * browser its device cookie proves signed in to this address before, which has a failure budget of its own.
   */
  async login(dto: LoginDto, client: string, device: string | null = null): Promise<AuthResponseDto> {
    const attempt = await this.throttle.reserve(dto.email, client, device);
    const user = await this.credentials.byEmailWithHash(dto.email);
    const ok = await verifyPassword(dto.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok) {
      if ((await attempt.failed()) && user) this.notices.manyFailedSignIns(user.email);
      throw new UnauthorizedException({ error: INVALID_CREDENTIALS });
    }
    await attempt.succeeded();
    return this.signIn(user);
  }

  /**
   * Joins the invitation's company. A new address becomes a person with this password; an address that already has
   * an account must give its current password (the link alone does not sign anyone in to an existing account). The
   * invitation is used up in the same transaction, so it works once. Answers like a login, for the invited company.
   */
  async acceptInvitation(dto: AcceptInvitationDto, client: string): Promise<AuthResponseDto> {
    const invalid = () => new BadRequestException({ error: INVITATION_INVALID, fields: { token: INVITATION_INVALID } });
    const tokenHash = invitationTokenHash(dto.token);
    const email = await this.members.invitationEmail(tokenHash);
    if (!email) throw invalid();
    const existing = await this.credentials.byEmailWithHash(email);
    if (existing) {
      const attempt = await this.throttle.reserve(existing.email, client);
      if (!(await verifyPassword(dto.password, existing.passwordHash))) {
        if (await attempt.failed()) this.notices.manyFailedSignIns(existing);
        throw new UnauthorizedException({ error: INVALID_CREDENTIALS });
      }
      await attempt.succeeded();
    }
    const passwordHash = existing ? null : await hashPassword(dto.password);
    try {
      const joined = await this.repository.transaction(async (manager) => {
        const invitation = await this.members.useInvitation(manager, tokenHash);
        if (!invitation) throw invalid();
        const person =
          existing ??
          (await this.credentials.create(manager, {
            email: invitation.email,
            passwordHash: passwordHash ?? '',
            companyName: (await this.users.findById(invitation.company_id)).companyName,
            // The invitation's link was mailed to this address: following it proves the mailbox.
            emailProvenAt: new Date(),
          }));
        const membership = await this.members.addMember(manager, {
          companyId: invitation.company_id,
          userId: person.id,
          role: invitation.role,
          name: dto.name,
        });
        await this.audit.record(manager, {
          companyId: invitation.company_id,
          action: 'accept',
          entity: 'member',
          entityId: membership.id,
          summary: `${invitation.email} joined as ${invitation.role}`,
          actor: { userId: person.id, email: invitation.email },
        });
        return { person, membership };
      });
      const company = await this.users.findById(joined.membership.company_id);
      return this.issue(joined.person, company, joined.membership.role);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The address registered between the look-up and the insert: it must accept with its own password.
      throw invalid();
    }
  }

  /**
   * Signs the person in to another company they belong to, answering like a login: a new session and token for that
   * company with the role they hold there. The membership is read now, so a person removed from the company (or
   * never in it) is refused with 404, as for any company that is not theirs. The session that asked stays live:
   * another tab of the browser may still act with it, for the company that tab shows. Both belong to one sign-in,
   * which signing out ends whole.
   */
  async switchCompany(actor: AuthenticatedUser, companyId: string): Promise<AuthResponseDto> {
    const notFound = () => new NotFoundException({ error: COMPANY_NOT_FOUND });
    if (!isUuid(companyId)) throw notFound();
    const membership =
      (await this.members.membership(companyId, actor.memberId)) ?? (await this.openClient(companyId, actor));
    if (!membership) throw notFound();
    const person = await this.users.findById(actor.memberId);
    const company = companyId === person.id ? person : await this.users.findById(companyId);
    return this.issue(person, company, membership.role, actor.sessionId);
  }

  /**
   * Proves the account's address with the link mailed to it and the account's password: the link alone would let
   * the address's owner, tricked into opening it, prove an account a stranger registered and keeps the password of.
   * The first proof ends every session of the account (and what the unproven holder set up, EmailProofs.prove);
   * the answer signs this browser in again, like a login.
   */
  async proveEmail(dto: ProveEmailDto, client: string): Promise<AuthResponseDto> {
    const invalid = () => new BadRequestException({ error: PROOF_LINK_INVALID, fields: { token: PROOF_LINK_INVALID } });
    const userId = await this.proofs.accountOf(dto.token);
    if (!userId) throw invalid();
    const person = await this.credentials.byIdWithHash(userId);
    if (!person) throw invalid();
    const attempt = await this.throttle.reserve(person.email, client);
    if (!(await verifyPassword(dto.password, person.passwordHash))) {
      if (await attempt.failed()) this.notices.manyFailedSignIns(person.email);
      throw new UnauthorizedException({ error: INVALID_CREDENTIALS });
    }
    await attempt.succeeded();
    const ended = await this.repository.transaction(async (manager) => {
      if (!(await this.proofs.use(manager, dto.token, userId))) throw invalid();
      return this.proofs.prove(manager, userId);
    });
    this.proofs.forgetEnded(userId, ended);
    return this.signIn({ ...person, emailProvenAt: person.emailProvenAt ?? new Date() });
  }

  /** "Resend the link" of the signed-in person (their own address, not the company's). */
  async resendProof(actor: AuthenticatedUser): Promise<void> {
    const person = await this.users.findById(actor.memberId);
    await this.proofs.resend(person);
  }

  /**
   * A client company belongs to the practice that manages it, not to the member who made it: the practice's owners
   * and admins open it (and become its owners) even when they are not its members yet, e.g. after the member who made
   * it left. Null for anyone else, so they get the same 404 as for any company that is not theirs.
   */
  private async openClient(companyId: string, actor: AuthenticatedUser) {
    const practice = await this.links.managerOf(companyId);
    if (!practice) return null;
    const inPractice = await this.members.membership(practice, actor.memberId);
    if (!inPractice || !roleAtLeast(inPractice.role, 'admin')) return null;
    return this.repository.transaction(async (manager) => {
      const membership = await this.members.addMember(manager, {
        companyId,
        userId: actor.memberId,
        role: 'owner',
        name: null,
      });
      await this.audit.record(manager, {
        companyId,
        action: 'open_client',
        entity: 'member',
        entityId: membership.id,
        summary: `${actor.email} of the managing practice opened the client company as its owner`,
        actor: { userId: actor.memberId, email: actor.email },
      });
      return membership;
    });
  }

  /** Ends this token's session on the server: the token answers 401 from now on. */
  async logout(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId);
  }

  /**
   * Needs the current password (a borrowed, signed-in browser cannot take the account over); ends every other
   * session of the account, keeping the one that asked. Wrong guesses count against the sign-in throttle.
   */
  async changePassword(userId: string, sessionId: string, dto: ChangePasswordDto, client: string): Promise<void> {
    const user = await this.credentials.byIdWithHash(userId);
    if (!user) throw new UnauthorizedException({ error: 'Authentication required' });
    const attempt = await this.throttle.reserve(user.email, client);
    if (!(await verifyPassword(dto.current_password, user.passwordHash))) {
      if (await attempt.failed()) this.notices.manyFailedSignIns(user.email);
      const message = 'current_password is not your current password';
      throw new BadRequestException({ error: message, fields: { current_password: message } });
    }
    await attempt.succeeded();
    const passwordHash = await hashPassword(dto.new_password);
    const revoked = await this.repository.transaction(async (manager) => {
      await this.credentials.setPasswordHash(manager, userId, passwordHash);
      return this.sessions.revokeAll(userId, sessionId, manager);
    });
    this.sessions.forget(revoked);
  }

  /** At most one such e-mail per address and failure window, so register cannot be used to flood a mailbox. */
  private async tellOwnerOfRegistration(email: string): Promise<void> {
    try {
      const owner = await this.credentials.byEmail(email);
      if (owner && (await this.throttle.noticeDue('registration', owner.email))) {
        this.notices.registrationAttempt(owner.email);
      }
    } catch {
      // The refusal is answered whatever happens here; AccountNotices logs a failed send.
    }
  }

  /** Signs a person in to the company they joined first (their own account's, for a company's first owner). */
  private async signIn(person: User): Promise<AuthResponseDto> {
    const membership = await this.members.firstMembership(person.id);
    if (!membership) throw new UnauthorizedException({ error: NO_COMPANY });
    const company = membership.company_id === person.id ? person : await this.users.findById(membership.company_id);
    return this.issue(person, company, membership.role);
  }

  /**
   * The token acts for `company` (`sub`, what every company route reads) and names the person (`mid`), so a member
   * never acts as the company's owner on the routes about a person (password, sessions). `from`: the session a
   * company switch came from (see switchCompany).
   */
  private async issue(
    person: User,
    company: User,
    role: MemberRole,
    from: string | null = null,
  ): Promise<AuthResponseDto> {
    const payload: JwtPayload = {
      sub: company.id,
      mid: person.id,
      role,
      email: person.email,
      sid: await this.sessions.open(person.id, company.id, undefined, from),
    };
    return { token: await this.jwt.signAsync(payload), user: UserResponseDto.from(person, company, role) };
  }
}

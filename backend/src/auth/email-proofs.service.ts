import { createHash, randomBytes } from 'node:crypto';
import { ConflictException, Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuditLog } from '../audit/audit-log.js';
import { RetryLaterException } from '../common/filters/retry-later.exception.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Outbox } from '../mail/outbox.js';
import { PlatformOperators } from '../operator/platform-operators.js';
import { ClientLinksRepository } from '../client-links/client-links.repository.js';
import { AccountCredentials } from '../users/account-credentials.service.js';
import { AccountProfile } from '../users/account-profile.service.js';
import { AuthSessionsService } from './auth-sessions.service.js';
import { emailProofMessage } from './email-proof-message.js';
import { EmailProofsRepository } from './email-proofs.repository.js';

/** How long a proof link works. */
export const PROOF_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** One proof e-mail per account in this long: "Resend the link" cannot be used to flood a mailbox. */
export const PROOF_RESEND_MINUTES = 5;
export const PROOF_LINK_INVALID =
  'This link to prove your e-mail address is invalid, used or expired; ask for a new one';
export const ALREADY_PROVEN = 'This e-mail address is already proven';
export const PROOF_SENT_RECENTLY = 'A link was sent less than 5 minutes ago; wait before asking for another';

export const proofTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Proven addresses. Registration signs the new account in at once (the specification), but nothing shows yet that
 * its holder reads the address's mailbox, and anyone can type anyone's address. So a link is mailed there (through the
 * outbox, in the transaction that stores its hash); following it with the account's password, or resetting the
 * password through a link mailed there, proves the address. The first proof ends what the account's holder set up
 * before it (members, invitations, sessions): a stranger who registered the address first keeps nothing.
 */
@Injectable()
export class EmailProofs {
  constructor(
    private readonly repository: EmailProofsRepository,
    private readonly credentials: AccountCredentials,
    private readonly clientLinks: ClientLinksRepository,
    private readonly outbox: Outbox,
    private readonly profile: AccountProfile,
    private readonly sessions: AuthSessionsService,
    private readonly operators: PlatformOperators,
    private readonly audit: AuditLog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Stores a new link's hash and enqueues its e-mail, in the caller's transaction (call deliverSoon after it). */
  async send(manager: EntityManager, user: { id: string; email: string }, language: 'en' | 'ru'): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = proofTokenHash(token);
    await this.repository.insert(manager, user.id, tokenHash, new Date(Date.now() + PROOF_TOKEN_TTL_MS));
    await this.outbox.enqueue(manager, {
      key: `email-proof:${tokenHash}`,
      to: user.email,
      ...emailProofMessage(user.email, `${this.config.publicUrl}/verify-email?token=${token}`, language),
    });
  }

  deliverSoon(): void {
    this.outbox.deliverSoon();
  }

  /** "Resend the link": 409 once proven, 429 within PROOF_RESEND_MINUTES of the last link. */
  async resend(user: { id: string; email: string }): Promise<void> {
    if (await this.credentials.isEmailProven(user.id)) throw new ConflictException({ error: ALREADY_PROVEN });
    const last = await this.repository.lastSentAt(user.id);
    const waitMs = last ? last.getTime() + PROOF_RESEND_MINUTES * 60_000 - Date.now() : 0;
    if (waitMs > 0) throw new RetryLaterException(PROOF_SENT_RECENTLY, Math.ceil(waitMs / 1000));
    const { language } = await this.profile.writing(user.id);
    await this.repository.transaction((manager) => this.send(manager, user, language));
    this.outbox.deliverSoon();
  }

  isProven(userId: string): Promise<boolean> {
    return this.credentials.isEmailProven(userId);
  }

  /** The account a live link proves (the link stays live), or null. */
  accountOf(token: string): Promise<string | null> {
    return this.repository.accountOf(proofTokenHash(token));
  }

  /** Uses the link up in the caller's transaction; false when it was used or expired meanwhile. */
  use(manager: EntityManager, token: string, userId: string): Promise<boolean> {
    return this.repository.use(manager, proofTokenHash(token), userId);
  }

  /**
   * Marks the account's address proven in the caller's transaction. The first time, it ends everything the holder
   * set up before (see endUnprovenHolding) and answers the sessions ended, for `forgetEnded` after the commit.
   */
  async prove(manager: EntityManager, userId: string): Promise<string[]> {
    if (!(await this.credentials.markEmailProven(manager, userId))) return [];
    const clients = (await this.clientLinks.clientsOf(userId)).map((client) => client.company_id);
    const ended = await this.repository.endUnprovenHolding(manager, userId, clients);
    await this.audit.record(manager, {
      companyId: userId,
      action: 'prove_email',
      entity: 'member',
      entityId: userId,
      summary: `E-mail address proven; ${ended.members} member(s) added before it removed, pending invitations revoked`,
      actor: null,
    });
    return ended.sessions;
  }

  /** After the proof's transaction commits: the ended sessions leave this replica's cache, the operator answer too. */
  forgetEnded(userId: string, sessions: string[]): void {
    this.sessions.forget(sessions);
    this.operators.forget(userId);
  }
}

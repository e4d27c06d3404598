import { createHash, randomBytes } from 'node:crypto';
import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Outbox } from '../mail/outbox.js';
import { AccountCredentials } from '../users/account-credentials.service.js';
import { AccountProfile } from '../users/account-profile.service.js';
import { AuthRepository } from './auth.repository.js';
import { AuthSessionsService } from './auth-sessions.service.js';
import { LoginThrottle } from './login-throttle.js';
import { passwordResetMessage } from './password-reset-message.js';
import { hashPassword } from './password.js';
import { EmailProofs } from './email-proofs.service.js';

/** How long a reset link works. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired; ask for a new one';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * "Forgot password?": a single-use link that works for an hour, e-mailed through the outbox, enqueued in the
 * transaction that stores the token (a token without its e-mail, or an e-mail without its token, cannot happen). Only a SHA-256 of the token is stored, so a database reader cannot reset anyone's password.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger('PasswordReset');

  constructor(
    private readonly repository: AuthRepository,
    private readonly credentials: AccountCredentials,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: Outbox,
    private readonly sessions: AuthSessionsService,
    private readonly throttle: LoginThrottle,
    private readonly profile: AccountProfile,
    private readonly proofs: EmailProofs,
  ) {}

  /**
   * Starts the reset of `email`'s password after the answer: the look-up, the token and the e-mail all happen off the
   * request path, so the answer is the same, in the same time, whether or not the address has an account.
   */
  requestLater(email: string): void {
    setImmediate(() => {
      this.request(email).catch((error: unknown) =>
        this.logger.error(`reset not started: ${error instanceof Error ? error.message : String(error)}`),
      );
    });
  }

  private async request(email: string): Promise<void> {
    const user = await this.credentials.byEmail(email);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    const tokenHash = sha256(token);
    const link = `${this.config.publicUrl}/reset-password?token=${token}`;
    const { language } = await this.profile.writing(user.id);
    const sent = await this.repository.transaction(async (manager) => {
      // One e-mail per account per RESET_MAIL_INTERVAL_MINUTES, whichever client asks: the answer is the same either
      // way, so many requests from many addresses cannot fill the owner's mailbox. The last link sent still works.
      if (!(await this.repository.resetMailDue(manager, user.id, this.config.resetMailIntervalMs))) return false;
      await this.repository.insertResetToken(manager, user.id, tokenHash, new Date(Date.now() + RESET_TOKEN_TTL_MS));
      await this.outbox.enqueue(manager, {
        key: `password-reset:${tokenHash}`,
        to: user.email,
        ...passwordResetMessage(user.email, link, language),
      });
      return true;
    });
    if (sent) this.outbox.deliverSoon();
  }

  /**
   * Sets the new password, uses the token up, and ends every session of the account. The link came through the
   * address's mailbox, so it proves the address too: the first time, what the unproven holder set up ends with it.
   */
  async reset(token: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    const revoked = await this.repository.transaction(async (manager) => {
      const userId = await this.repository.useResetToken(manager, sha256(token));
      if (!userId) throw new BadRequestException({ error: RESET_LINK_INVALID, fields: { token: RESET_LINK_INVALID } });
      await this.credentials.setPasswordHash(manager, userId, passwordHash);
      // Any other link sent earlier stops working too.
      await this.repository.useAllResetTokens(manager, userId);
      const sessions = await this.sessions.revokeAll(userId, null, manager);
      return { userId, sessions: [...sessions, ...(await this.proofs.prove(manager, userId))] };
    });
    this.proofs.forgetEnded(revoked.userId, revoked.sessions);
    // Whoever reset the password holds the mailbox: the address's failed sign-ins no longer count.
    const user = await this.credentials.byIdWithHash(revoked.userId);
    if (user) await this.throttle.lift(user.email);
  }
}

import { createHash, randomBytes } from 'node:crypto';
import {
  BadRequestException,
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Outbox } from '../mail/outbox.js';
import { AccountCredentials } from '../users/account-credentials.service.js';
import { AccountProfile } from '../users/account-profile.service.js';
import { AuthRepository } from './auth.repository.js';
import { AuthSessionsService } from './auth-sessions.service.js';
import { LoginThrottle } from './login-throttle.js';
import { passwordResetMessage } from './password-reset-message.js';
import { PasswordResetRequestsRepository } from './password-reset-requests.repository.js';
import { hashPassword } from './password.js';
import { EmailProofs } from './email-proofs.service.js';

/** How long a reset link works. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired; ask for a new one';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** How old a request must be before the sweep takes it up: younger ones are being carried out by who wrote them. */
const LEFT_BEHIND_AFTER_MS = 5_000;
const SWEEP_BATCH = 100;

/**
 * "Forgot password?": a single-use link that works for an hour, e-mailed through the outbox, enqueued in the
 * transaction that stores the token (a token without its e-mail, or an e-mail without its token, cannot happen).
 * Only a SHA-256 of the token is stored, so a database reader cannot reset anyone's password. The request is
 * answered once it is written down (password_reset_requests), before the address is looked up, so the answer is the
 * same, in the same time, whether or not the address has an account; the transaction that writes the token and the
 * e-mail deletes the request, so a request whose work failed (a connection lost midway, a replica stopped) stays
 * and is carried out again by the next sweep (every OUTBOX_JOB_INTERVAL_MS, in every replica): an acknowledged
 * request always ends in its e-mail. A request that could not be written down is answered with the failure (503).
 */
@Injectable()
export class PasswordResetService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('PasswordReset');
  private timer?: NodeJS.Timeout;
  /** The sweep in progress, awaited at shutdown so the pool is never closed under it. */
  private sweeping?: Promise<void>;

  constructor(
    private readonly repository: AuthRepository,
    private readonly requests: PasswordResetRequestsRepository,
    private readonly credentials: AccountCredentials,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: Outbox,
    private readonly sessions: AuthSessionsService,
    private readonly throttle: LoginThrottle,
    private readonly profile: AccountProfile,
    private readonly proofs: EmailProofs,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.outboxJobIntervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.sweeping ??= this.carryOutLeftBehind().finally(() => (this.sweeping = undefined));
    }, this.config.outboxJobIntervalMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.sweeping;
  }

  /**
   * Writes the request for `email` down and starts it after the answer: the look-up, the token and the e-mail all
   * happen off the request path. Throws (and the client is told to try again) when it could not be written down.
   */
  async request(email: string): Promise<void> {
    const id = await this.requests.record(email);
    setImmediate(() => void this.carryOutLogged(id));
  }

  /** Carries out the requests whose first try failed, oldest first (each in a transaction of its own). */
  async carryOutLeftBehind(olderThanMs = LEFT_BEHIND_AFTER_MS): Promise<void> {
    try {
      for (const id of await this.requests.leftBehind(olderThanMs, SWEEP_BATCH)) await this.carryOutLogged(id);
    } catch (error) {
      this.logger.error(`left-behind resets not looked at: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async carryOutLogged(id: string): Promise<void> {
    try {
      await this.carryOut(id);
    } catch (error) {
      // The request stays written down: the next sweep carries it out.
      this.logger.warn(`reset not carried out yet: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The token and its e-mail, or nothing when no account has the address, in the transaction that takes the request. */
  private async carryOut(id: string): Promise<void> {
    const email = await this.requests.emailOf(id);
    if (email === null) return;
    // Read before the transaction, so it holds one connection and never waits for a second one from the pool.
    const user = await this.credentials.byEmail(email);
    const language = user ? (await this.profile.writing(user.id)).language : undefined;
    const token = randomBytes(32).toString('base64url');
    const tokenHash = sha256(token);
    const link = `${this.config.publicUrl}/reset-password?token=${token}`;
    const sent = await this.repository.transaction(async (manager) => {
      // Gone, or being carried out by another transaction right now.
      if (!(await this.requests.take(manager, id))) return false;
      if (!user || !language) return false;
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

import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Outbox } from '../mail/outbox.js';

/**
 * E-mails that tell an account's owner what others did with their address, where the answer to the request itself
 * must not say (README, Sign-in limits; Register and forgotten passwords). Sent off the request path: a slow mail
 * server never delays an answer, and a failure is logged, not answered.
 */
@Injectable()
export class AccountNotices {
  private readonly logger = new Logger('AccountNotices');

  constructor(
    private readonly outbox: Outbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The address's failed sign-ins reached LOGIN_EMAIL_FAILURE_CEILING. */
  manyFailedSignIns(email: string): void {
    const minutes = Math.round(this.config.loginFailureWindowMs / 60_000);
    this.send(
      email,
      'Many failed sign-ins to your IFTA Fuel Tax account',
      `In the last ${minutes} minutes there were ${this.config.loginEmailFailureCeiling} failed attempts to sign in to ` +
        `the IFTA Fuel Tax account ${email}.\n\n` +
        'Your account is not locked: from a browser you have signed in with before you sign in as usual; from a new ' +
        'one, sign-ins are spaced out for a while. If it was not you, someone may be guessing your password: choose a ' +
        `strong one, or reset it at ${this.config.publicUrl}/forgot-password (a reset also ends the spacing).\n`,
    );
  }

  /** Someone tried to register a new account with an address that already has one. */
  registrationAttempt(email: string): void {
    this.send(
      email,
      'Someone tried to register with your e-mail address',
      `Someone tried to create a new IFTA Fuel Tax account with ${email}, which already has an account, so none was ` +
        'created.\n\n' +
        `If it was you, sign in at ${this.config.publicUrl}/login, or choose a new password at ` +
        `${this.config.publicUrl}/forgot-password. If it was not you, you can ignore this e-mail.\n`,
    );
  }

  /**
   * One notice per kind, address and failure window (the callers ask LoginThrottle.noticeDue first): the key names
   * the window, so a second replica deciding the same notice enqueues nothing. The key holds a hash of the address, not
   * the address: it travels in the message's headers.
   */
  private send(to: string, subject: string, text: string): void {
    const window = Math.floor(Date.now() / this.config.loginFailureWindowMs);
    const address = createHash('sha256').update(to.toLowerCase()).digest('hex').slice(0, 24);
    this.outbox
      .enqueueAlone({ key: `notice:${subject}:${address}:${window}`, to, subject, text })
      .then(() => this.outbox.deliverSoon())
      .catch((error: unknown) =>
        this.logger.error(`"${subject}" not enqueued: ${error instanceof Error ? error.message : String(error)}`),
      );
  }
}

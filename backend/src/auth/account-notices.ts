import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Outbox } from '../mail/outbox.js';
import { AccountCredentials } from '../users/account-credentials.service.js';
import { AccountProfile } from '../users/account-profile.service.js';
import { type AccountNoticeKind, accountNoticeMessage } from './account-notice-messages.js';

/**
 * The account a notice is about: its address, or the account itself when the caller holds it (its settings, whose
 * language the notice is written in, then need no look-up by address).
 */
type NoticedAccount = string | { id: string; email: string };

/**
 * E-mails that tell an account's owner what others did with their address, where the answer to the request itself
 * must not say (README, Sign-in limits; Register and forgotten passwords). Sent off the request path: a slow mail
 * server never delays an answer, and a failure is logged, not answered. Written in the account's language.
 */
@Injectable()
export class AccountNotices {
  private readonly logger = new Logger('AccountNotices');

  constructor(
    private readonly outbox: Outbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly profile: AccountProfile,
    private readonly credentials: AccountCredentials,
  ) {}

  /** The address's failed sign-ins reached LOGIN_EMAIL_FAILURE_CEILING. */
  manyFailedSignIns(account: NoticedAccount): void {
    this.send(account, 'many-failed-sign-ins');
  }

  /** Someone tried to register a new account with an address that already has one. */
  registrationAttempt(account: NoticedAccount): void {
    this.send(account, 'registration-attempt');
  }

  /**
   * One notice per kind, address and failure window (the callers ask LoginThrottle.noticeDue first): the key names
   * the window, so a second replica deciding the same notice enqueues nothing. The key holds a hash of the address, not
   * the address: it travels in the message's headers.
   */
  private send(noticed: NoticedAccount, kind: AccountNoticeKind): void {
    const account = typeof noticed === 'string' ? { id: null, email: noticed } : noticed;
    const window = Math.floor(Date.now() / this.config.loginFailureWindowMs);
    const address = createHash('sha256').update(account.email.toLowerCase()).digest('hex').slice(0, 24);
    const facts = {
      email: account.email,
      publicUrl: this.config.publicUrl,
      windowMinutes: Math.round(this.config.loginFailureWindowMs / 60_000),
      failures: this.config.loginEmailFailureCeiling,
    };
    this.languageOf(account)
      .then((language) =>
        this.outbox.enqueueAlone({
          key: `notice:${kind}:${address}:${window}`,
          to: account.email,
          ...accountNoticeMessage(kind, facts, language),
        }),
      )
      .then(() => this.outbox.deliverSoon())
      .catch((error: unknown) =>
        this.logger.error(`"${kind}" notice not enqueued: ${error instanceof Error ? error.message : String(error)}`),
      );
  }

  /** The language of the account holding the address (English when no account does). */
  private async languageOf(account: { id: string | null; email: string }): Promise<'en' | 'ru'> {
    const id = account.id ?? (await this.credentials.byEmail(account.email))?.id;
    return id ? (await this.profile.writing(id)).language : 'en';
  }
}

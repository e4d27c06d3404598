import { Inject, Injectable, Logger } from '@nestjs/common';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { type MailMessage, type MailTransport, OutboxMailTransport, SmtpMailTransport } from './mail-transport.js';

/** Sends the app's e-mails through SMTP_URL, or into `<DATA_DIR>/outbox` as .eml files when none is set. */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');
  private readonly transport: MailTransport;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transport = config.smtpUrl
      ? new SmtpMailTransport(config.smtpUrl, config.mailSendTimeoutMs)
      : new OutboxMailTransport(MailService.outboxOf(config));
  }

  static outboxOf(config: AppConfig): string {
    return join(config.dataDir, 'outbox');
  }

  /**
   * Delivers one message now and answers the provider's reply. Each delivery ends within MAIL_SEND_TIMEOUT_MS, or sooner when `signal`
   * aborts. Features do not call this: they enqueue through
   * Outbox in the transaction of what the e-mail reports, and the outbox sender calls it.
   */
  async send(message: MailMessage, signal?: AbortSignal): Promise<string> {
    const answer = await this.transport.send(this.config.mailFrom, message, signal);
    // The subject only: addresses and bodies stay out of the logs.
    this.logger.log(`sent "${message.subject}"`);
    return answer;
  }
}

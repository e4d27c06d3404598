import { createHash, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /**
   * What makes this e-mail this one and no other (the outbox's key): sent as X-Idempotency-Key and as the Message-ID,
   * so a second delivery of one e-mail (a crash between sending and recording it) is recognisable where it lands.
   */
  idempotencyKey?: string;
}

export interface MailTransport {
  /** Delivers the message; answers what the provider said (SMTP's reply, or the .eml file written). */
  send(from: string, message: MailMessage): Promise<string>;
}

/** A Message-ID the same for every delivery of one idempotency key (RFC 5322 wants an address-like id). */
export function messageIdOf(idempotencyKey: string): string {
  return `<${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}@ifta-fuel-tax.outbox>`;
}

/** nodemailer's options for the message: its idempotency key as headers, the rest as given. */
function composed(from: string, { idempotencyKey, ...message }: MailMessage) {
  if (!idempotencyKey) return { from, ...message };
  return { from, ...message, messageId: messageIdOf(idempotencyKey), headers: { 'X-Idempotency-Key': idempotencyKey } };
}

/** Real delivery through the SMTP server in SMTP_URL. */
export class SmtpMailTransport implements MailTransport {
  private readonly transporter;

  /** `timeoutMs` bounds connecting, the greeting and each silence of the socket: a hung server fails the try. */
  constructor(url: string, timeoutMs = 60_000) {
    this.transporter = nodemailer.createTransport({
      url,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
  }

  async send(from: string, message: MailMessage): Promise<string> {
    const info = (await this.transporter.sendMail(composed(from, message))) as { response?: string };
    return info.response ?? 'accepted';
  }
}

/**
 * With no SMTP server configured, each message is written as a standard .eml file (openable in any mail client)
 * to the outbox folder, so a first run and the tests can read what would have been sent.
 */
export class OutboxMailTransport implements MailTransport {
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(private readonly folder: string) {}

  async send(from: string, message: MailMessage): Promise<string> {
    const info = await this.composer.sendMail(composed(from, message));
    await mkdir(this.folder, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = `${stamp}-${randomUUID().slice(0, 8)}.eml`;
    await writeFile(join(this.folder, file), info.message as Buffer);
    return `written ${file}`;
  }
}

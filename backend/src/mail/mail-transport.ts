import { randomUUID } from 'node:crypto';
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
}

export interface MailTransport {
  send(from: string, message: MailMessage): Promise<void>;
}

/** Real delivery through the SMTP server in SMTP_URL. */
export class SmtpMailTransport implements MailTransport {
  private readonly transporter;

  constructor(url: string) {
    this.transporter = nodemailer.createTransport(url);
  }

  async send(from: string, message: MailMessage): Promise<void> {
    await this.transporter.sendMail({ from, ...message });
  }
}

/**
 * With no SMTP server configured, each message is written as a standard .eml file (openable in any mail client)
 * to the outbox folder, so a first run and the tests can read what would have been sent.
 */
export class OutboxMailTransport implements MailTransport {
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(private readonly folder: string) {}

  async send(from: string, message: MailMessage): Promise<void> {
    const info = await this.composer.sendMail({ from, ...message });
    await mkdir(this.folder, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    await writeFile(join(this.folder, `${stamp}-${randomUUID().slice(0, 8)}.eml`), info.message as Buffer);
  }
}

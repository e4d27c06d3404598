import { createHash, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { connect, type Socket } from 'node:net';
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

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
  /**
   * Delivers the message; answers what the provider said (SMTP's reply, or the .eml file written). `signal` cuts a
   * delivery short (its claim on the message was lost): it then fails with the signal's reason.
   */
  send(from: string, message: MailMessage, signal?: AbortSignal): Promise<string>;
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

/** A delivery that took longer than its deadline: the connection was cut, so the message was not sent by this try. */
export class MailDeadlineExceeded extends Error {
  constructor(ms: number) {
    super(`the mail server did not finish the delivery within ${ms} ms; the connection was closed`);
  }
}

/**
 * Real delivery through the SMTP server in SMTP_URL, each within `deadlineMs` (MAIL_SEND_TIMEOUT_MS) from start to
 * end. nodemailer's createTransport builds its options from a `url` alone and drops anything beside it, so the URL
 * and the timeouts go to SMTPTransport, which merges them: connecting, the greeting and each silence of the socket
 * are then bounded too. Those bounds do not cover a server that answers every line, slowly: the whole delivery is
 * raced against the deadline, and at the deadline the socket (opened here, through nodemailer's getSocket hook) is
 * destroyed, so a message the server did not take in time is not taken later behind the sender's back, after the
 * try was recorded failed and the message was set to be sent again.
 */
export class SmtpMailTransport implements MailTransport {
  private readonly options: SMTPTransport.Options;

  constructor(
    url: string,
    private readonly deadlineMs = 60_000,
  ) {
    this.options = {
      url,
      connectionTimeout: deadlineMs,
      greetingTimeout: deadlineMs,
      socketTimeout: deadlineMs,
      dnsTimeout: deadlineMs,
    };
  }

  async send(from: string, message: MailMessage, signal?: AbortSignal): Promise<string> {
    const sockets = new Set<Socket>();
    // One transport per delivery: its sockets are this delivery's, and only they are cut at its deadline.
    const transporter = nodemailer.createTransport(
      new SMTPTransport({
        ...this.options,
        // nodemailer connects over the socket handed here (and upgrades it to TLS itself for smtps://).
        getSocket: (options, callback) => {
          const port = Number(options.port) || (options.secure ? 465 : 587); // nodemailer's own defaults
          const socket = connect({ host: options.host ?? 'localhost', port });
          sockets.add(socket);
          const failed = (error: Error) => callback(error, null);
          socket.once('error', failed);
          socket.once('connect', () => {
            socket.removeListener('error', failed);
            callback(null, { connection: socket });
          });
        },
      }),
    );
    let timer: NodeJS.Timeout | undefined;
    let abort: (() => void) | undefined;
    const cut = new Promise<never>((_resolve, reject) => {
      const stop = (error: unknown) => {
        for (const socket of sockets) socket.destroy();
        reject(error instanceof Error ? error : new Error(String(error)));
      };
      timer = setTimeout(() => stop(new MailDeadlineExceeded(this.deadlineMs)), this.deadlineMs);
      abort = () => stop(signal?.reason);
      if (signal?.aborted) abort();
      else signal?.addEventListener('abort', abort, { once: true });
    });
    try {
      const info = (await Promise.race([transporter.sendMail(composed(from, message)), cut])) as {
        response?: string;
      };
      return info.response ?? 'accepted';
    } finally {
      clearTimeout(timer);
      if (abort) signal?.removeEventListener('abort', abort);
      transporter.close();
    }
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

import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../config/app-config.js';
import { MailService } from './mail.service.js';

const message = {
  to: 'dispatch@acme-freight.com',
  subject: 'Invoice INV-000001 from IFTA Fuel Tax',
  text: 'Your invoice is attached.',
  attachments: [{ filename: 'INV-000001.pdf', content: Buffer.from('%PDF-1.4'), contentType: 'application/pdf' }],
};

const configWith = (overrides: Partial<AppConfig>) =>
  ({
    dataDir: mkdtempSync(join(tmpdir(), 'mail-')),
    smtpUrl: '',
    mailFrom: 'billing@ifta.local',
    ...overrides,
  }) as AppConfig;

/** Just enough SMTP to accept one message and keep what was sent. */
function fakeSmtp(received: string[]): Server {
  return createServer((socket) => {
    let data = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      if (data) {
        if (!buffer.includes('\r\n.\r\n')) return;
        received.push(buffer);
        buffer = '';
        data = false;
        socket.write('250 queued\r\n');
        return;
      }
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
        else if (verb === 'DATA') {
          data = true;
          socket.write('354 go on\r\n');
          return;
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
}

describe('MailService', () => {
  it('writes an .eml file to <DATA_DIR>/outbox when SMTP_URL is not set', async () => {
    const config = configWith({});
    await new MailService(config).send(message);
    const outbox = join(config.dataDir, 'outbox');
    const [file] = readdirSync(outbox);
    expect(file).toMatch(/\.eml$/);
    const eml = readFileSync(join(outbox, file), 'utf8');
    expect(eml).toContain('To: dispatch@acme-freight.com');
    expect(eml).toContain('Subject: Invoice INV-000001 from IFTA Fuel Tax');
    expect(eml).toContain('filename=INV-000001.pdf');
  });

  describe('with SMTP_URL', () => {
    const received: string[] = [];
    const server = fakeSmtp(received);
    let port: number;
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('delivers through the SMTP server and writes no .eml', async () => {
      const config = configWith({ smtpUrl: `smtp://127.0.0.1:${port}` });
      await new MailService(config).send(message);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Invoice INV-000001 from IFTA Fuel Tax');
      expect(received[0]).toContain('From: billing@ifta.local');
      expect(() => readdirSync(join(config.dataDir, 'outbox'))).toThrow();
    });
  });
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The e-mails the app wrote as .eml files in `<dataDir>/outbox` (no SMTP_URL), decoded, to `email` when given. */
export function outboxMails(dataDir: string, email?: string): string[] {
  const folder = join(dataDir, 'outbox');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((file) => decodeQuotedPrintable(readFileSync(join(folder, file), 'utf8')))
    .filter((text) => email === undefined || text.includes(`To: ${email}`));
}

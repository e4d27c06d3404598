import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const decodeQuotedPrintable = (text: string): string =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Headers unfolded, with RFC 2047 words (a Russian subject's =?UTF-8?B?...?=) decoded. */
const decodeHeaders = (headers: string): string =>
  headers
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, encoding: string, word: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(word, 'base64').toString('utf8')
        : decodeQuotedPrintable(word.replace(/_/g, ' ')),
    );

/**
 * One MIME entity as text: its headers decoded, then its body; a text body decoded from base64 or quoted-printable
 * as UTF-8, a multipart body part by part, an attachment left as it is.
 */
function readEntity(raw: string): string {
  const split = /\r?\n\r?\n/.exec(raw);
  const headers = decodeHeaders(split ? raw.slice(0, split.index) : raw);
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const boundary = /Content-Type:\s*multipart\/[^;]+;[^\n]*boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    return `${headers}\n\n${parts.map((part) => (part.startsWith('--') ? '' : readEntity(part.trim()))).join('\n\n')}`;
  }
  const isText = !/Content-Type:/i.test(headers) || /Content-Type:\s*text\//i.test(headers);
  if (isText && /Content-Transfer-Encoding:\s*base64/i.test(headers)) {
    return `${headers}\n\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
  }
  if (isText && /Content-Transfer-Encoding:\s*quoted-printable/i.test(headers)) {
    return `${headers}\n\n${decodeQuotedPrintable(body)}`;
  }
  return `${headers}\n\n${body}`;
}

/** The e-mails the app wrote as .eml files in `<dataDir>/outbox` (no SMTP_URL), decoded, to `email` when given. */
export function outboxMails(dataDir: string, email?: string): string[] {
  const folder = join(dataDir, 'outbox');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((file) => readEntity(readFileSync(join(folder, file), 'utf8')))
    .filter((text) => email === undefined || text.includes(`To: ${email}`));
}

/**
 * The token of the newest link to `path` (e.g. `/reset-password`) mailed to `email` in the app's outbox, waiting up to
 * 5 s for the e-mail to be written.
 */
export async function linkTokenMailedTo(dataDir: string, email: string, path: string): Promise<string> {
  const link = new RegExp(`${path.replace(/[/\\^$.*+?()[\]{}|-]/g, '\\$&')}\\?token=([A-Za-z0-9_-]+)`);
  for (let i = 0; i < 100; i += 1) {
    const tokens = outboxMails(dataDir, email).flatMap((mail) => link.exec(mail)?.[1] ?? []);
    if (tokens.length > 0) return tokens[tokens.length - 1];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no e-mail with a ${path} link to ${email} in ${dataDir}/outbox`);
}

import { expect } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The outbox folder of the app on `port` (the shared server's by default; a spec's own server has another):
 * scripts/e2e-server.mjs names its data folder in a file beside the system's temp folders.
 */
const outbox = (port: string | number = process.env.E2E_PORT ?? 3100) =>
  join(readFileSync(join(tmpdir(), `ifta-e2e-${port}.data-dir`), 'utf8').trim(), 'outbox');

/** The .eml bodies are quoted-printable: soft line breaks and =XX escapes. */
const decode = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The link to `path` (e.g. '/reset-password') with its token, from the e-mail the app sent to `email`, read from the
 * outbox as the recipient's mailbox would show it; waits for the e-mail to be written. `port`: the app's, when it is
 * not the shared server.
 */
export async function tokenLinkMailedTo(email: string, path: string, port?: string | number): Promise<string> {
  const pattern = new RegExp(`https?://\\S+${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\?token=[A-Za-z0-9_-]+`);
  let link: string | undefined;
  await expect
    .poll(() => {
      const dir = outbox(port);
      const mail = existsSync(dir)
        ? readdirSync(dir)
            .map((file) => decode(readFileSync(join(dir, file), 'utf8')))
            .find((text) => text.includes(`To: ${email}`) && text.includes(`${path}?token=`))
        : undefined;
      link = mail ? pattern.exec(mail)?.[0] : undefined;
      return link;
    })
    .toBeTruthy();
  return link as string;
}

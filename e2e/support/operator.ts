import type { Page } from '@playwright/test';
import { createCompany, signInWithSession, type SignedUpCompany } from './accounts';
import { tokenLinkMailedTo } from './mailbox';

/** The address scripts/e2e-server.mjs names in OPERATOR_EMAILS: the browser tests' one platform operator. */
export const OPERATOR_EMAIL = 'console-operator@e2e.example.com';
/** A second operator scripts/e2e-server.mjs names, which never subscribes: the console needs no plan. */
export const PLAN_FREE_OPERATOR_EMAIL = 'plan-free-operator@e2e.example.com';

/**
 * Signs the platform operator up (or, when an earlier test of the same server run did, in) through the API, proves
 * its address by the link mailed to it as its owner would (operator rights need a proven address), and stores its
 * session in the page, so the next `goto` opens the app as the operator.
 */
export async function signInAsOperator(
  page: Page,
  { email = OPERATOR_EMAIL, subscribe = true }: { email?: string; subscribe?: boolean } = {},
): Promise<SignedUpCompany> {
  const account = { company: 'Console Operator', email, password: 'diesel-2026' };
  let operator: SignedUpCompany & { user: { email_proven?: boolean } };
  try {
    operator = await createCompany(page.request, account, { subscribe });
  } catch {
    const response = await page.request.post('/api/auth/login', {
      data: { email: account.email, password: account.password },
    });
    if (!response.ok()) throw new Error(`operator sign-in: ${response.status()} ${await response.text()}`);
    operator = { ...account, ...((await response.json()) as Pick<SignedUpCompany, 'token' | 'user'>) };
  }
  if (!operator.user.email_proven) {
    // The page may talk to a spec's own server: its mail is in that server's outbox.
    const port = new URL((await page.request.get('/api/health')).url()).port;
    const link = new URL(await tokenLinkMailedTo(account.email, '/verify-email', port));
    const proof = await page.request.post('/api/auth/verify-email', {
      data: { token: link.searchParams.get('token'), password: account.password },
    });
    if (!proof.ok()) throw new Error(`operator proof: ${proof.status()} ${await proof.text()}`);
    operator = { ...account, ...((await proof.json()) as Pick<SignedUpCompany, 'token' | 'user'>) };
  }
  // Whoever was signed in before leaves nothing behind (react-admin's stored lists, the previous token).
  if (!page.url().startsWith('http')) await page.goto('/api/health');
  await page.evaluate(() => localStorage.clear());
  await signInWithSession(page, operator);
  return operator;
}

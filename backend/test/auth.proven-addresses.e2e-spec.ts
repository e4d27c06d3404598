import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { Outbox } from '../src/mail/outbox.js';
import { addMember, invite } from './helpers/members.js';
import { outboxMails } from './helpers/outbox-mails.js';
import { createTestApp, proofTokenMailedTo, registerAccount, type TestApp, uniqueEmail } from './helpers/test-app.js';

/** Addresses an operator list names before anyone registers them: whoever types one first must gain nothing. */
const LISTED = uniqueEmail('listed-operator');
const SQUATTED = uniqueEmail('squatted-operator');
const ADDED = uniqueEmail('cli-operator');

/**
 * Registration never proved a mailbox and the operator check read the e-mail in the token, so registering an
 * operator's address first made a stranger an operator; and a stranger who registered someone's address kept the
 * co-owner they added after the address's owner recovered the account. Each attack first, then the proof that ends it.
 */
describe('proven addresses', () => {
  let t: TestApp;
  let db: DataSource;
  let dataDir: string;

  beforeAll(async () => {
    t = await createTestApp({ OPERATOR_EMAILS: `${LISTED},${SQUATTED}` });
    db = t.app.get(DataSource);
    dataDir = t.app.get<AppConfig>(APP_CONFIG).dataDir;
  });
  afterAll(() => t.close());

  async function resetToken(email: string): Promise<string> {
    await t.http.post('/api/auth/forgot-password').send({ email }).expect(200);
    for (let i = 0; i < 250; i += 1) {
      await t.app.get(Outbox).deliverNow();
      const mail = outboxMails(dataDir, email).find((text) => text.includes('/reset-password?token='));
      if (mail) return /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)![1];
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no reset e-mail to ${email}`);
  }

  it("refuses the operator console to whoever registers an operator's address until the mailbox proves it", async () => {
    const squatter = await registerAccount(
      t.http,
      { email: SQUATTED, password: 'squatter-pw-1' },
      { subscribed: false },
    );
    expect(squatter.user.email_proven).toBe(false);
    await t.http.get('/api/operator/me').set(squatter.auth).expect(403);
    await t.http.get('/api/operator/accounts').set(squatter.auth).expect(403);

    // The address's owner, tricked into opening the link, cannot prove the stranger's account: the link needs its password.
    const token = await proofTokenMailedTo(SQUATTED, dataDir);
    const tricked = await t.http.post('/api/auth/verify-email').send({ token, password: 'owner-guesses' }).expect(401);
    expect(JSON.stringify(tricked.body)).not.toContain(token);
    await t.http.get('/api/operator/me').set(squatter.auth).expect(403);

    // The owner recovers the account through the mailbox: that proves it, ends the squatter's session and password.
    const reset = await resetToken(SQUATTED);
    await t.http.post('/api/auth/reset-password').send({ token: reset, password: 'owner-pw-123' }).expect(200);
    await t.http.get('/api/operator/me').set(squatter.auth).expect(401);
    await t.http.post('/api/auth/login').send({ email: SQUATTED, password: 'squatter-pw-1' }).expect(401);
    const owner = await t.http.post('/api/auth/login').send({ email: SQUATTED, password: 'owner-pw-123' }).expect(200);
    expect(owner.body.user.email_proven).toBe(true);
    await t.http.get('/api/operator/me').set('Authorization', `Bearer ${owner.body.token}`).expect(200);
    // The owner's later proof by the old link changes nothing more.
    await t.http.post('/api/auth/verify-email').send({ token, password: 'owner-pw-123' }).expect(200);
  });

  it('opens the console to a listed address once its holder follows the link with the password, once', async () => {
    const account = await registerAccount(t.http, { email: LISTED.toUpperCase() }, { subscribed: false });
    await t.http.get('/api/operator/me').set(account.auth).expect(403);
    const token = await proofTokenMailedTo(LISTED, dataDir);
    // Only its hash is stored.
    const stored = (await db.query('SELECT token_hash FROM email_proofs WHERE user_id = $1', [
      account.user.id,
    ])) as Array<{
      token_hash: string;
    }>;
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(token);

    const bad = await t.http.post('/api/auth/verify-email').send({ token: 'not-a-link', password: account.password });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('token');
    const missing = await t.http.post('/api/auth/verify-email').send({ token });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('password');

    const proven = await t.http.post('/api/auth/verify-email').send({ token, password: account.password }).expect(200);
    expect(proven.body.user).toMatchObject({ email_proven: true, id: account.user.id });
    // Every session that existed before the proof ends; the proof's answer signs this browser in.
    await t.http.get('/api/operator/me').set(account.auth).expect(401);
    await t.http.get('/api/operator/me').set('Authorization', `Bearer ${proven.body.token}`).expect(200);
    const me = await t.http.get('/api/protected/user/me').set('Authorization', `Bearer ${proven.body.token}`);
    expect(me.body.email_proven).toBe(true);
    // The link works once.
    await t.http.post('/api/auth/verify-email').send({ token, password: account.password }).expect(400);
  });

  it("removes the co-owner and invitations a stranger added under someone's address once its owner resets the password", async () => {
    const victim = uniqueEmail('victim');
    const squatter = await registerAccount(t.http, { email: victim, password: 'squatter-pw-2' });
    const coOwner = await addMember(t, squatter, 'owner');
    const pending = await invite(t, squatter, 'admin');
    expect((await t.http.get('/api/protected/members').set(squatter.auth).expect(200)).body.members).toHaveLength(2);

    const reset = await resetToken(victim);
    await t.http.post('/api/auth/reset-password').send({ token: reset, password: 'victim-pw-123' }).expect(200);

    await t.http.get('/api/protected/members').set(coOwner.auth).expect(401);
    const again = await t.http.post('/api/auth/login').send({ email: coOwner.user.email, password: coOwner.password });
    expect(again.status).toBe(401);
    expect(again.body.error).toBe('This account is no longer a member of any company');
    await t.http
      .post('/api/auth/accept-invitation')
      .send({ token: pending, password: 'someone-pw-1', name: 'Late' })
      .expect(400);
    const owner = await t.http.post('/api/auth/login').send({ email: victim, password: 'victim-pw-123' }).expect(200);
    const members = await t.http.get('/api/protected/members').set('Authorization', `Bearer ${owner.body.token}`);
    expect(members.body.members.map((m: { email: string }) => m.email)).toEqual([victim]);
    expect(members.body.invitations).toEqual([]);
  });

  it('removes what was added before the proof when the address is proven by its link', async () => {
    const account = await registerAccount(t.http);
    const member = await addMember(t, account, 'admin');
    const proven = await t.http
      .post('/api/auth/verify-email')
      .send({ token: await proofTokenMailedTo(account.user.email, dataDir), password: account.password })
      .expect(200);
    await t.http.get('/api/protected/members').set(member.auth).expect(401);
    const members = await t.http.get('/api/protected/members').set('Authorization', `Bearer ${proven.body.token}`);
    expect(members.body.members).toHaveLength(1);
    // Proven once, the account keeps what it adds from now on.
    const later = await addMember(t, { ...account, auth: { Authorization: `Bearer ${proven.body.token}` } }, 'viewer');
    await t.http.get('/api/protected/members').set(later.auth).expect(200);
  });

  it('resends the link at most once in five minutes, and not for a proven address', async () => {
    const account = await registerAccount(t.http, {}, { subscribed: false });
    const soon = await t.http.post('/api/auth/verify-email/resend').set(account.auth).expect(429);
    expect(soon.body.error).toBe('A link was sent less than 5 minutes ago; wait before asking for another');
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    await db.query("UPDATE email_proofs SET created_at = now() - interval '6 minutes' WHERE user_id = $1", [
      account.user.id,
    ]);
    await t.http.post('/api/auth/verify-email/resend').set(account.auth).expect(200);
    expect(outboxMails(dataDir, account.user.email).length).toBeLessThanOrEqual(2);
    const tokens = (await db.query('SELECT count(*)::int AS n FROM email_proofs WHERE user_id = $1', [
      account.user.id,
    ])) as Array<{ n: number }>;
    expect(tokens[0].n).toBe(2);
    const proven = await registerAccount(t.http, {}, { subscribed: false, proven: true });
    await t.http.post('/api/auth/verify-email/resend').set(proven.auth).expect(409);
    await t.http.post('/api/auth/verify-email/resend').expect(401);
  });

  it('counts a person who joined by an invitation mailed to them as proven', async () => {
    const owner = await registerAccount(t.http, {}, { proven: true });
    const member = await addMember(t, owner, 'viewer');
    expect(member.user.email_proven).toBe(true);
  });

  it('needs a proven address for an operator added with operator:add, read from the database, not the token', async () => {
    await db.query('INSERT INTO platform_operators (email) VALUES (lower($1))', [ADDED]);
    const account = await registerAccount(t.http, { email: ADDED }, { subscribed: false });
    await t.http.get('/api/operator/me').set(account.auth).expect(403);
    await db.query('UPDATE users SET email_proven_at = now() WHERE id = $1', [account.user.id]);
    // A new replica (this one cached the 403 for 30 s) reads the proven address. Last in the file: passport keeps the
    // newest app's strategy for the whole process, and this replica closes.
    const replica = await createTestApp({ OPERATOR_EMAILS: '' });
    try {
      await replica.http.get('/api/operator/me').set(account.auth).expect(200);
    } finally {
      await replica.close();
    }
  });
});

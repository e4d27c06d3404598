import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { SAMPLE_REPORT } from './helpers/account-fixtures.js';
import { accept, addMember, invitationToken, invite } from './helpers/members.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp, uniqueEmail } from './helpers/test-app.js';

const INVALID = 'This invitation is invalid, used, revoked or has expired; ask for a new one';

/** Invitations: e-mailed through the outbox, single use, 7 days, revocable; the person joins the company's data. */
describe('member invitations', () => {
  let t: TestApp;
  let owner: TestAccount;
  let db: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    owner = await registerAccount(t.http, { company_name: 'Acme Teams LLC' });
  });
  afterAll(() => t.close());

  it("e-mails a link; the new person accepts with a name and password, is signed in, and sees the company's reports", async () => {
    const report = await t.http.post('/api/protected/reports').set(owner.auth).send(SAMPLE_REPORT).expect(201);
    const email = uniqueEmail('bookkeeper');
    const sent = await t.http
      .post('/api/protected/members/invitations')
      .set(owner.auth)
      .send({ email, role: 'bookkeeper' })
      .expect(201);
    expect(sent.body).toMatchObject({ email, role: 'bookkeeper' });
    const days = (Date.parse(sent.body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const token = await invitationToken(t, email);
    // Only a hash of the token is kept.
    const stored = await db.query('SELECT token_hash FROM member_invitations WHERE id = $1', [sent.body.id]);
    expect(stored[0].token_hash).not.toContain(token);

    const member = await accept(t.http, token);
    expect(member.user).toMatchObject({
      email,
      company_name: 'Acme Teams LLC',
      company_id: owner.user.id,
      role: 'bookkeeper',
    });
    const list = await t.http.get('/api/protected/reports').set(member.auth).expect(200);
    expect(list.body.map((r: { id: string }) => r.id)).toContain(report.body.id);
    await t.http.get(`/api/protected/reports/${report.body.id}`).set(member.auth).expect(200);
    // Signing in again lands in the same company.
    const again = await t.http.post('/api/auth/login').send({ email, password: member.password }).expect(200);
    expect(again.body.user).toMatchObject({ company_id: owner.user.id, role: 'bookkeeper' });

    const members = await t.http.get('/api/protected/members').set(owner.auth).expect(200);
    expect(members.body.members).toEqual([
      expect.objectContaining({ user_id: owner.user.id, email: owner.user.email, role: 'owner' }),
      expect.objectContaining({ user_id: member.user.id, email, role: 'bookkeeper', name: 'Dana Member' }),
    ]);
    expect(members.body.invitations.map((i: { email: string }) => i.email)).not.toContain(email);
  });

  it('works once', async () => {
    const token = await invite(t, owner, 'viewer');
    await accept(t.http, token);
    const again = await t.http
      .post('/api/auth/accept-invitation')
      .send({ token, password: 'member-secret-1', name: 'Again' })
      .expect(400);
    expect(again.body.error).toBe(INVALID);
  });

  it('expires after 7 days', async () => {
    const email = uniqueEmail('late');
    const token = await invite(t, owner, 'viewer', email);
    // Sent 7 days and a second ago.
    await db.query(
      `UPDATE member_invitations SET created_at = created_at - interval '7 days 1 second',
              expires_at = expires_at - interval '7 days 1 second' WHERE email = $1`,
      [email],
    );
    const res = await t.http
      .post('/api/auth/accept-invitation')
      .send({ token, password: 'member-secret-1', name: 'Late' })
      .expect(400);
    expect(res.body).toMatchObject({ error: INVALID, fields: { token: INVALID } });
    await t.http.post('/api/auth/login').send({ email, password: 'member-secret-1' }).expect(401);
  });

  it('can be revoked while pending; its link then stops working, and another company cannot revoke it', async () => {
    const email = uniqueEmail('revoked');
    const sent = await t.http
      .post('/api/protected/members/invitations')
      .set(owner.auth)
      .send({ email, role: 'admin' })
      .expect(201);
    const token = await invitationToken(t, email);
    const pending = await t.http.get('/api/protected/members').set(owner.auth).expect(200);
    expect(pending.body.invitations).toContainEqual(
      expect.objectContaining({ id: sent.body.id, email, role: 'admin' }),
    );
    const stranger = await registerAccount(t.http, {}, { subscribed: false });
    await t.http.delete(`/api/protected/members/invitations/${sent.body.id}`).set(stranger.auth).expect(404);
    await t.http.delete(`/api/protected/members/invitations/${sent.body.id}`).set(owner.auth).expect(204);
    await t.http.delete(`/api/protected/members/invitations/${sent.body.id}`).set(owner.auth).expect(404);
    const after = await t.http.get('/api/protected/members').set(owner.auth).expect(200);
    expect(after.body.invitations.map((i: { id: string }) => i.id)).not.toContain(sent.body.id);
    await t.http
      .post('/api/auth/accept-invitation')
      .send({ token, password: 'member-secret-1', name: 'Revoked' })
      .expect(400);
  });

  it("adds the company to an existing account only with that account's password; it keeps its own company", async () => {
    const other = await registerAccount(t.http, { company_name: 'Other Haulage' }, { subscribed: false });
    const token = await invite(t, owner, 'viewer', other.user.email);
    const wrong = await t.http
      .post('/api/auth/accept-invitation')
      .send({ token, password: 'not-the-password', name: 'Other' })
      .expect(401);
    expect(wrong.body.error).toBe('Invalid email or password');
    const joined = await t.http
      .post('/api/auth/accept-invitation')
      .send({ token, password: other.password, name: 'Other' })
      .expect(200);
    expect(joined.body.user).toMatchObject({ id: other.user.id, company_id: owner.user.id, role: 'viewer' });
    // Signing in as usual still opens the company the account joined first: its own.
    const login = await t.http
      .post('/api/auth/login')
      .send({ email: other.user.email, password: other.password })
      .expect(200);
    expect(login.body.user).toMatchObject({ id: other.user.id, company_id: other.user.id, role: 'owner' });
  });

  it('refuses an address already in the company, and a bad e-mail or role with 400 naming the field', async () => {
    const member = await addMember(t, owner, 'viewer');
    const taken = await t.http
      .post('/api/protected/members/invitations')
      .set(owner.auth)
      .send({ email: member.user.email, role: 'admin' })
      .expect(409);
    expect(taken.body.error).toBe('This person is already a member of the company');
    const badRole = await t.http
      .post('/api/protected/members/invitations')
      .set(owner.auth)
      .send({ email: uniqueEmail(), role: 'superuser' })
      .expect(400);
    expect(badRole.body.error).toMatch(/^role /);
    const badEmail = await t.http
      .post('/api/protected/members/invitations')
      .set(owner.auth)
      .send({ email: 'nope', role: 'viewer' })
      .expect(400);
    expect(badEmail.body.error).toMatch(/^email /);
    const noName = await t.http
      .post('/api/auth/accept-invitation')
      .send({ token: 'x', password: 'member-secret-1' })
      .expect(400);
    expect(noName.body.error).toMatch(/^name /);
  });

  it("keeps a member to the company's data: another company's report is a 404", async () => {
    const member = await addMember(t, owner, 'admin');
    const stranger = await registerAccount(t.http);
    const theirs = await t.http.post('/api/protected/reports').set(stranger.auth).send(SAMPLE_REPORT).expect(201);
    const strangerReport = theirs.body.id as string;
    await t.http.get(`/api/protected/reports/${strangerReport}`).set(member.auth).expect(404);
    await t.http.delete(`/api/protected/reports/${strangerReport}`).set(member.auth).expect(404);
    const strangerMembers = await t.http.get('/api/protected/members').set(stranger.auth).expect(200);
    await t.http
      .patch(`/api/protected/members/${strangerMembers.body.members[0].id}`)
      .set(member.auth)
      .send({ role: 'viewer' })
      .expect(404);
  });
});

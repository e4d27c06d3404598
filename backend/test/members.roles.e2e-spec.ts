import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/app-config.js';
import { SAMPLE_REPORT } from './helpers/account-fixtures.js';
import { addMember, type Role } from './helpers/members.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const CACHE_SECONDS = 2;
const PING = '/api/protected/ping';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One guard decides by role for every route: a representative route of each class (read, write, billing,
 * members) for each role; the last owner stays; a member acts for the company but is never its owner's person;
 * a removed member's token stops working on every replica within the session cache, which is at most 60 s.
 */
describe('member roles', () => {
  let t: TestApp;
  let owner: TestAccount;
  const as: Partial<Record<Role, TestAccount>> = {};
  beforeAll(async () => {
    // A short cache stands for the other replicas: they see a removal when their cached answer runs out.
    t = await createTestApp({ AUTH_SESSION_CACHE_SECONDS: String(CACHE_SECONDS) });
    owner = await registerAccount(t.http, { company_name: 'Roles Freight' });
    as.owner = owner;
    for (const role of ['admin', 'bookkeeper', 'viewer'] as const) as[role] = await addMember(t, owner, role);
  });
  afterAll(() => t.close());

  const ROLES = ['viewer', 'bookkeeper', 'admin', 'owner'] as const;
  let unit = 0;
  const CLASSES: Array<{
    name: string;
    least: Role;
    call: (a: TestAccount) => Promise<{ status: number; body: unknown }>;
  }> = [
    { name: 'read (GET reports)', least: 'viewer', call: (a) => t.http.get('/api/protected/reports').set(a.auth) },
    {
      name: 'write (POST vehicles)',
      least: 'bookkeeper',
      call: (a) =>
        t.http
          .post('/api/protected/vehicles')
          .set(a.auth)
          .send({ unit: `R-${(unit += 1)}`, fuel_type: 'diesel' }),
    },
    {
      name: 'billing (POST subscriptions/sync)',
      least: 'owner',
      call: (a) => t.http.post('/api/protected/subscriptions/sync').set(a.auth),
    },
    {
      name: 'members (POST members/invitations)',
      least: 'admin',
      call: (a) =>
        t.http
          .post('/api/protected/members/invitations')
          .set(a.auth)
          .send({ email: `matrix-${(unit += 1)}-${Date.now()}@example.com`, role: 'viewer' }),
    },
  ];

  it.each(CLASSES.flatMap((c) => ROLES.map((role) => [c.name, role, c] as const)))(
    '%s as %s',
    async (_name, role, c) => {
      const res = await c.call(as[role]!);
      if (ROLES.indexOf(role) >= ROLES.indexOf(c.least)) {
        expect(res.status).toBeLessThan(300);
      } else {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({
          statusCode: 403,
          error: `This needs the ${c.least} role`,
          message: expect.any(String),
        });
      }
    },
  );

  it("names the role needed in the company's language", async () => {
    const russian = await registerAccount(t.http);
    await t.http.put('/api/protected/user/settings').set(russian.auth).send({ language: 'ru' }).expect(200);
    const viewer = await addMember(t, russian, 'viewer');
    const res = await t.http
      .post('/api/protected/vehicles')
      .set(viewer.auth)
      .send({ unit: 'RU-1', fuel_type: 'diesel' })
      .expect(403);
    expect(res.body.error).toBe('Для этого нужна роль bookkeeper');
  });

  it('lets a viewer download (a read sent as POST) but not delete a report', async () => {
    const report = await t.http.post('/api/protected/reports').set(as.bookkeeper!.auth).send(SAMPLE_REPORT);
    expect(report.status).toBe(201);
    await t.http.post(`/api/protected/reports/${report.body.id}/export`).set(as.viewer!.auth).expect(200);
    await t.http.delete(`/api/protected/reports/${report.body.id}`).set(as.viewer!.auth).expect(403);
  });

  it('keeps the last owner: it cannot be removed or demoted, and only an owner touches an owner', async () => {
    const list = await t.http.get('/api/protected/members').set(owner.auth).expect(200);
    const ownerRow = list.body.members.find((m: { role: string }) => m.role === 'owner');
    const adminRow = list.body.members.find((m: { role: string }) => m.role === 'admin');
    const demote = await t.http
      .patch(`/api/protected/members/${ownerRow.id}`)
      .set(owner.auth)
      .send({ role: 'admin' })
      .expect(409);
    expect(demote.body.error).toBe('The last owner cannot be removed or demoted');
    await t.http.delete(`/api/protected/members/${ownerRow.id}`).set(owner.auth).expect(409);
    // An admin may neither remove an owner nor make one.
    const byAdmin = await t.http.delete(`/api/protected/members/${ownerRow.id}`).set(as.admin!.auth).expect(403);
    expect(byAdmin.body.error).toBe('This needs the owner role');
    await t.http.patch(`/api/protected/members/${adminRow.id}`).set(as.admin!.auth).send({ role: 'owner' }).expect(403);
    // With a second owner, the first may step down; the one left stays.
    await t.http.patch(`/api/protected/members/${adminRow.id}`).set(owner.auth).send({ role: 'owner' }).expect(200);
    await t.http.patch(`/api/protected/members/${ownerRow.id}`).set(owner.auth).send({ role: 'admin' }).expect(200);
    await t.http.delete(`/api/protected/members/${adminRow.id}`).set(as.admin!.auth).expect(409);
    // Put the roles back for the tests after this one.
    await t.http.patch(`/api/protected/members/${ownerRow.id}`).set(as.admin!.auth).send({ role: 'owner' }).expect(200);
    await t.http.patch(`/api/protected/members/${adminRow.id}`).set(owner.auth).send({ role: 'admin' }).expect(200);
  });

  it("a member's token is theirs: me, password change and sign-out are the person's, not the owner's", async () => {
    const member = await addMember(t, owner, 'admin');
    const me = await t.http.get('/api/protected/user/me').set(member.auth).expect(200);
    expect(me.body).toEqual({
      id: member.user.id,
      email: member.user.email,
      email_proven: true,
      company_id: owner.user.id,
      company_name: 'Roles Freight',
      role: 'admin',
    });
    // The owner's password is not the member's current password, so it cannot be changed through the member.
    await t.http
      .post('/api/auth/change-password')
      .set(member.auth)
      .send({ current_password: owner.password, new_password: 'taken-over-1' })
      .expect(400);
    await t.http
      .post('/api/auth/change-password')
      .set(member.auth)
      .send({ current_password: member.password, new_password: 'member-changed-1' })
      .expect(200);
    await t.http.post('/api/auth/login').send({ email: member.user.email, password: 'member-changed-1' }).expect(200);
    await t.http.post('/api/auth/login').send({ email: owner.user.email, password: owner.password }).expect(200);
    // The owner's sessions were not ended by the member's password change.
    await t.http.get(PING).set(owner.auth).expect(200);
    await t.http.post('/api/auth/logout').set(member.auth).expect(200);
    await t.http.get(PING).set(owner.auth).expect(200);
  });

  it('a changed role holds on this replica at once', async () => {
    const member = await addMember(t, owner, 'bookkeeper');
    await t.http
      .post('/api/protected/vehicles')
      .set(member.auth)
      .send({ unit: 'CH-1', fuel_type: 'diesel' })
      .expect(201);
    const list = await t.http.get('/api/protected/members').set(owner.auth).expect(200);
    const row = list.body.members.find((m: { user_id: string }) => m.user_id === member.user.id);
    await t.http.patch(`/api/protected/members/${row.id}`).set(owner.auth).send({ role: 'viewer' }).expect(200);
    await t.http
      .post('/api/protected/vehicles')
      .set(member.auth)
      .send({ unit: 'CH-2', fuel_type: 'diesel' })
      .expect(403);
  });

  it("a removed member's token is refused at once on the replica that removed them", async () => {
    const member = await addMember(t, owner, 'bookkeeper');
    await t.http.get(PING).set(member.auth).expect(200); // cached as live
    const list = await t.http.get('/api/protected/members').set(owner.auth).expect(200);
    const row = list.body.members.find((m: { user_id: string }) => m.user_id === member.user.id);
    await t.http.delete(`/api/protected/members/${row.id}`).set(owner.auth).expect(204);
    await t.http.get(PING).set(member.auth).expect(401);
    await t.http.get('/api/protected/reports').set(member.auth).expect(401);
    // Signing in again finds no company to open.
    const again = await t.http.post('/api/auth/login').send({ email: member.user.email, password: member.password });
    expect(again.status).toBe(401);
    expect(again.body.error).toBe('This account is no longer a member of any company');
  });

  it('a member removed on another replica is refused here once the session cache runs out', async () => {
    const member = await addMember(t, owner, 'bookkeeper');
    await t.http.get(PING).set(member.auth).expect(200); // cached as live on this replica
    // What the other replica's removal commits; this process is not told.
    const removedAt = Date.now();
    await t.app
      .get(DataSource)
      .query('DELETE FROM company_members WHERE company_id = $1 AND user_id = $2', [owner.user.id, member.user.id]);
    // When the last request still served was sent: its session was cached before the removal, so a request sent a
    // whole cache period after the removal finds the cache expired however long a busy machine takes to answer it.
    let lastServedSentAt = removedAt;
    for (;;) {
      const sentAt = Date.now();
      if ((await t.http.get(PING).set(member.auth)).status !== 200) break;
      lastServedSentAt = sentAt;
      await sleep(100);
    }
    expect(lastServedSentAt - removedAt).toBeLessThan(CACHE_SECONDS * 1000);
    await t.http.get('/api/protected/reports').set(member.auth).expect(401);
  });

  it('bounds the session cache, and so the time a removed member keeps access, to 60 s', () => {
    const saved = process.env.AUTH_SESSION_CACHE_SECONDS;
    try {
      process.env.AUTH_SESSION_CACHE_SECONDS = '';
      expect(loadConfig().authSessionCacheMs).toBeLessThanOrEqual(60_000);
      process.env.AUTH_SESSION_CACHE_SECONDS = '60';
      expect(loadConfig().authSessionCacheMs).toBe(60_000);
      process.env.AUTH_SESSION_CACHE_SECONDS = '61';
      expect(() => loadConfig()).toThrow(/AUTH_SESSION_CACHE_SECONDS must be a number from 0 to 60/);
    } finally {
      process.env.AUTH_SESSION_CACHE_SECONDS = saved;
    }
  });
});

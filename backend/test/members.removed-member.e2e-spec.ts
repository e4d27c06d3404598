import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addMember, invite } from './helpers/members.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp, uniqueEmail } from './helpers/test-app.js';

const CLIENTS = '/api/protected/client-companies';
const COMPANIES = '/api/protected/companies';
const MEMBERS = '/api/protected/members';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A removed admin kept the client companies they made (billed to the practice) and the invitations they sent: the
 * client is the practice's, so removing the member ends all of it, and the practice's owner can open the client.
 */
describe('a member removed from a practice', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("loses every client company they made, their sessions and invitations there; the practice's owner opens the client", async () => {
    const owner = await registerAccount(t.http, { company_name: 'Ledger Practice' });
    const admin = await addMember(t, owner, 'admin');
    const client = (
      await t.http.post(CLIENTS).set(admin.auth).send({ name: 'Mallory Freight', billing: 'preparer' }).expect(201)
    ).body as { id: string };
    // Before the fix the practice's owner could not open it: the client was the admin's alone.
    const inClient = (await t.http.post(`${COMPANIES}/${client.id}/switch`).set(admin.auth).expect(200)).body as {
      token: string;
    };
    const sentToClient = uniqueEmail('client-invitee');
    await t.http
      .post(`${MEMBERS}/invitations`)
      .set(bearer(inClient.token))
      .send({ email: sentToClient, role: 'bookkeeper' })
      .expect(201);
    const adminBack = (
      await t.http.post(`${COMPANIES}/${owner.user.id}/switch`).set(bearer(inClient.token)).expect(200)
    ).body as { token: string };
    const sentToPractice = await invite(t, { ...admin, auth: bearer(adminBack.token) }, 'viewer');
    // A second session of the admin, in the client, to see it end.
    const login = await t.http.post('/api/auth/login').send({ email: admin.user.email, password: admin.password });
    const again = (await t.http.post(`${COMPANIES}/${client.id}/switch`).set(bearer(login.body.token)).expect(200))
      .body as { token: string };

    const list = (await t.http.get(MEMBERS).set(owner.auth).expect(200)).body.members as Array<{
      id: string;
      email: string;
    }>;
    const membership = list.find((member) => member.email === admin.user.email)!;
    await t.http.delete(`${MEMBERS}/${membership.id}`).set(owner.auth).expect(204);

    // The admin's session in the client ends, and the client no longer lets them in.
    await t.http.get('/api/protected/user/me').set(bearer(again.token)).expect(401);
    const relogin = await t.http.post('/api/auth/login').send({ email: admin.user.email, password: admin.password });
    expect(relogin.status).toBe(401);
    expect(relogin.body.error).toBe('This account is no longer a member of any company');
    // Invitations they sent, to the practice and to the client, no longer work.
    await t.http
      .post('/api/auth/accept-invitation')
      .send({ token: sentToPractice, password: 'invitee-pw-1', name: 'Late' })
      .expect(400);

    // The client stays the practice's: its owner opens it, as its owner, and sees no pending invitation of the admin.
    const opened = await t.http.post(`${COMPANIES}/${client.id}/switch`).set(owner.auth).expect(200);
    expect(opened.body.user).toMatchObject({ company_id: client.id, role: 'owner' });
    const clientMembers = (await t.http.get(MEMBERS).set(bearer(opened.body.token)).expect(200)).body;
    expect(clientMembers.members.map((m: { email: string }) => m.email)).toEqual([owner.user.email]);
    expect(clientMembers.invitations).toEqual([]);
  });

  it("opens a practice's client only to the practice's owners and admins; a bookkeeper or a stranger gets 404", async () => {
    const owner: TestAccount = await registerAccount(t.http, { company_name: 'Second Practice' });
    const client = (
      await t.http.post(CLIENTS).set(owner.auth).send({ name: 'Quiet Haulers', billing: 'client' }).expect(201)
    ).body as { id: string };
    const bookkeeper = await addMember(t, owner, 'bookkeeper');
    const stranger = await registerAccount(t.http, {}, { subscribed: false });
    await t.http.post(`${COMPANIES}/${client.id}/switch`).set(bookkeeper.auth).expect(404);
    await t.http.post(`${COMPANIES}/${client.id}/switch`).set(stranger.auth).expect(404);
    const admin = await addMember(t, owner, 'admin');
    const opened = await t.http.post(`${COMPANIES}/${client.id}/switch`).set(admin.auth).expect(200);
    expect(opened.body.user).toMatchObject({ company_id: client.id, role: 'owner' });
  });
});

import type TestAgent from 'supertest/lib/agent.js';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config.js';
import { Outbox } from '../../src/mail/outbox.js';
import { outboxMails } from './outbox-mails.js';
import { type TestAccount, type TestApp, uniqueEmail } from './test-app.js';

export type Role = 'owner' | 'admin' | 'bookkeeper' | 'viewer';

/** Invites `email` into the owner's company and answers the token of the invitation e-mail's link. */
export async function invite(t: TestApp, by: TestAccount, role: Role, email = uniqueEmail(role)): Promise<string> {
  await t.http.post('/api/protected/members/invitations').set(by.auth).send({ email, role }).expect(201);
  return invitationToken(t, email);
}

/** The token of the newest invitation e-mail to `email`, read from the outbox as the invitee would. */
export async function invitationToken(t: TestApp, email: string): Promise<string> {
  await t.app.get(Outbox).deliverNow();
  const dataDir = t.app.get<AppConfig>(APP_CONFIG).dataDir;
  const mail = outboxMails(dataDir, email)
    .filter((text) => text.includes('accept-invitation?token='))
    .at(-1);
  if (!mail) throw new Error(`no invitation e-mail to ${email}`);
  return /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail)![1];
}

/** Accepts an invitation as a new person; answers them signed in, as registerAccount answers an owner. */
export async function accept(http: TestAgent, token: string, password = 'member-secret-1'): Promise<TestAccount> {
  const res = await http.post('/api/auth/accept-invitation').send({ token, password, name: 'Dana Member' }).expect(200);
  return {
    token: res.body.token,
    user: res.body.user,
    auth: { Authorization: `Bearer ${res.body.token}` },
    password,
  };
}

/** A new person in the owner's company with `role`. */
export async function addMember(t: TestApp, owner: TestAccount, role: Role): Promise<TestAccount> {
  return accept(t.http, await invite(t, owner, role));
}

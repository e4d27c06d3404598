import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestApp, uniqueEmail } from './helpers/test-app.js';

const LIMIT = 5;

/**
 * 60 invite/revoke cycles sent 60 e-mails in two seconds, each with the inviter's text and a link from our sender.
 * A company sends at most INVITATION_RATE_LIMIT invitations an hour, revoked ones included; past it, 429 naming it.
 */
describe('invitations a company may send in an hour', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ INVITATION_RATE_LIMIT: String(LIMIT) });
  });
  afterAll(() => {
    delete process.env.INVITATION_RATE_LIMIT;
    return t.close();
  });

  it('refuses the invitation past the limit with 429 naming it, revoking none back', async () => {
    const owner = await registerAccount(t.http);
    for (let i = 0; i < LIMIT; i += 1) {
      const sent = await t.http
        .post('/api/protected/members/invitations')
        .set(owner.auth)
        .send({ email: uniqueEmail('cycle'), role: 'viewer' })
        .expect(201);
      await t.http.delete(`/api/protected/members/invitations/${sent.body.id}`).set(owner.auth).expect(204);
    }
    const refused = await t.http
      .post('/api/protected/members/invitations')
      .set(owner.auth)
      .send({ email: uniqueEmail('cycle'), role: 'viewer' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(
      `A company may send at most ${LIMIT} invitations an hour (INVITATION_RATE_LIMIT); try again later`,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another company has its own count.
    const other = await registerAccount(t.http);
    await t.http
      .post('/api/protected/members/invitations')
      .set(other.auth)
      .send({ email: uniqueEmail('other'), role: 'viewer' })
      .expect(201);
  });
});

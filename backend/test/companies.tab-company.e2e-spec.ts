import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SAMPLE_REPORT } from './helpers/account-fixtures.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const CLIENTS = '/api/protected/client-companies';
const COMPANIES = '/api/protected/companies';
const REPORTS = '/api/protected/reports';

interface Session {
  token: string;
  user: { company_id: string; company_name: string };
}

/**
 * A preparer works for two clients in two tabs of one browser: each tab acts with its own token and names the
 * company its page shows in X-Company-Id. A request whose token is for another company than the one named is
 * refused (409) and changes nothing; a switch leaves the token that asked live for the other tab; signing out ends
 * every token of the sign-in. A request without the header is scoped by its token alone.
 */
describe('one company per tab', () => {
  let t: TestApp;
  let preparer: TestAccount;
  let heartland: { id: string };
  let bigSky: { id: string };
  /** The tab that opened Heartland, and the one that then switched to Big Sky. */
  let tabA: Session;
  let tabB: Session;

  const auth = (session: { token: string }) => ({ Authorization: `Bearer ${session.token}` });
  const switchTo = async (from: { token: string }, companyId: string) =>
    (await t.http.post(`${COMPANIES}/${companyId}/switch`).set(auth(from)).expect(200)).body as Session;
  const reportNames = async (session: Session) =>
    ((await t.http.get(REPORTS).set(auth(session)).expect(200)).body as Array<{ name: string }>).map((r) => r.name);
  const save = (session: Session, name: string, tabCompany?: string) => {
    const request = t.http.post(REPORTS).set(auth(session));
    if (tabCompany !== undefined) request.set('X-Company-Id', tabCompany);
    return request.send({ ...SAMPLE_REPORT, name });
  };

  beforeAll(async () => {
    t = await createTestApp();
    preparer = await registerAccount(t.http, { company_name: 'Prairie Preparers' });
    heartland = (await t.http.post(CLIENTS).set(preparer.auth).send({ name: 'Heartland Hauling', billing: 'preparer' }))
      .body as { id: string };
    bigSky = (await t.http.post(CLIENTS).set(preparer.auth).send({ name: 'Big Sky Freight', billing: 'preparer' }))
      .body as { id: string };
    tabA = await switchTo(preparer, heartland.id);
    tabB = await switchTo(tabA, bigSky.id);
  });
  afterAll(() => t.close());

  it("refuses a write naming the tab's company when the token is for another, and writes nothing", async () => {
    const refused = await save(tabB, 'Typed for Heartland', heartland.id).expect(409);
    expect(refused.body).toMatchObject({
      error:
        'This tab acts for Heartland Hauling, but you are signed in to Big Sky Freight here. Reload the page to continue.',
      code: 'TAB_COMPANY_CHANGED',
    });
    expect(await reportNames(tabB)).toEqual([]);
    expect(await reportNames(tabA)).toEqual([]);
  });

  it("refuses a read of another company's data under the tab's company too", async () => {
    await t.http.get(REPORTS).set(auth(tabB)).set('X-Company-Id', heartland.id).expect(409);
  });

  it("saves into the company named when it is the token's, and the token that switched away still acts for its own", async () => {
    const inBigSky = await save(tabB, 'Big Sky Q1', bigSky.id).expect(201);
    expect(inBigSky.body.name).toBe('Big Sky Q1');
    await save(tabA, 'Heartland Q1', heartland.id.toUpperCase()).expect(201);
    expect(await reportNames(tabA)).toEqual(['Heartland Q1']);
    expect(await reportNames(tabB)).toEqual(['Big Sky Q1']);
  });

  it('refuses a company the person is not a member of without naming it, and writes nothing', async () => {
    const stranger = await registerAccount(t.http, { company_name: 'Stranger Trucking' });
    const strangerCompany = (stranger.user as unknown as { company_id: string }).company_id;
    for (const named of [strangerCompany, 'not-a-company']) {
      const refused = await save(tabB, 'Lost', named).expect(409);
      expect(refused.body.error).toBe(
        'This tab acts for another company, but you are signed in to Big Sky Freight here. Reload the page to continue.',
      );
    }
    expect(await reportNames(tabB)).toEqual(['Big Sky Q1']);
    expect(await t.http.get(REPORTS).set(stranger.auth).expect(200)).toMatchObject({ body: [] });
  });

  it('scopes a request without the header by its token alone, as before', async () => {
    await save(tabB, 'API client', undefined).expect(201);
    expect(await reportNames(tabB)).toEqual(expect.arrayContaining(['Big Sky Q1', 'API client']));
    expect(await reportNames(tabA)).toEqual(['Heartland Q1']);
  });

  it("keeps the browser's every tab signed in through a password change made in one, and ends other sign-ins", async () => {
    const elsewhere = (
      await t.http.post('/api/auth/login').send({ email: preparer.user.email, password: preparer.password }).expect(200)
    ).body as Session;
    await t.http
      .post('/api/auth/change-password')
      .set(auth(tabB))
      .send({ current_password: preparer.password, new_password: 'changed-secret-1' })
      .expect(200);
    preparer.password = 'changed-secret-1';
    await t.http.get(COMPANIES).set(auth(elsewhere)).expect(401);
    for (const session of [tabB, tabA, preparer]) await t.http.get(COMPANIES).set(auth(session)).expect(200);
  });

  it('ends every token of the sign-in, whichever company it switched to, when one signs out', async () => {
    const other = await t.http
      .post('/api/auth/login')
      .send({ email: preparer.user.email, password: preparer.password })
      .expect(200);
    await t.http.post('/api/auth/logout').set(auth(tabB)).expect(200);
    for (const session of [tabB, tabA, preparer]) await t.http.get(COMPANIES).set(auth(session)).expect(401);
    // Another sign-in of the person (another browser) is not this one's to end.
    await t.http
      .get(COMPANIES)
      .set(auth(other.body as Session))
      .expect(200);
  });
});

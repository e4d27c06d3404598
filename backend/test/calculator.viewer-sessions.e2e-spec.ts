import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addMember } from './helpers/members.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { validWorkbook } from './helpers/upload-workbooks.js';

const SESSIONS = '/api/protected/calculation-sessions';
const PASTE = '/api/protected/calculator/paste-data';
const UPLOAD = '/api/protected/calculator/upload-excel';

/**
 * A viewer may read a paste or a workbook into rows (the calculator answers them), but `session_id` also writes the
 * rows into a saved session, which PUT refuses a viewer: the same write through a paste or an upload was let through.
 */
describe('a viewer and saved calculation sessions', () => {
  let t: TestApp;
  let owner: TestAccount;
  let viewer: TestAccount;
  let sessionId: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerAccount(t.http);
    viewer = await addMember(t, owner, 'viewer');
    const created = await t.http
      .post(SESSIONS)
      .set(owner.auth)
      .send({ name: 'Q1', company_name: 'Acme', period: 'Q1-2025', average_mpg: 5, entries: [] })
      .expect(201);
    sessionId = created.body.id;
  });
  afterAll(() => t.close());

  const entriesOf = async () =>
    ((await t.http.get(`${SESSIONS}/${sessionId}`).set(owner.auth).expect(200)).body.entries as unknown[]).length;

  it('refuses a paste into a session with 403 naming the role, and writes nothing', async () => {
    const res = await t.http.post(PASTE).set(viewer.auth).send({ data: 'TX, 100, 10', session_id: sessionId });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('This needs the bookkeeper role');
    expect(await entriesOf()).toBe(0);
    // Without a session the paste is only read, which a viewer may do.
    await t.http.post(PASTE).set(viewer.auth).send({ data: 'TX, 100, 10' }).expect(200);
  });

  it('refuses an upload into a session with 403 naming the role, and writes nothing', async () => {
    const workbook = await validWorkbook();
    const upload = (sessionField?: string) => {
      const req = t.http.post(UPLOAD).set(viewer.auth).field('average_mpg', '6.5');
      if (sessionField) req.field('session_id', sessionField);
      return req.attach('file', workbook, { filename: 'upload.xlsx', contentType: 'application/octet-stream' });
    };
    const res = await upload(sessionId);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('This needs the bookkeeper role');
    expect(await entriesOf()).toBe(0);
    await upload().expect(200);
  });

  it('still lets a bookkeeper paste into the session', async () => {
    const bookkeeper = await addMember(t, owner, 'bookkeeper');
    await t.http.post(PASTE).set(bookkeeper.auth).send({ data: 'TX, 100, 10', session_id: sessionId }).expect(200);
    expect(await entriesOf()).toBe(1);
  });
});

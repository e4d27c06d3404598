import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource, type QueryRunner } from 'typeorm';
import { CompanyMembers1764770000000 } from '../src/database/migrations/1764770000000-company-members.js';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { SAMPLE_REPORT } from './helpers/account-fixtures.js';
import { signHs256 } from './helpers/forged-tokens.js';
import { createTestApp, registerAccount, type TestApp } from './helpers/test-app.js';

/**
 * The migration that gives companies members, on accounts kept before it (in a scratch schema of the run's database,
 * with the columns of users and auth_sessions it reads): every account becomes its own company with itself as owner,
 * and its open sessions keep working for that company.
 */
describe('migration CompanyMembers1764770000000', () => {
  const schema = `mig_members_${process.pid}`;
  let db: DataSource;
  let q: QueryRunner;
  let a: string;
  let b: string;

  beforeAll(async () => {
    db = new DataSource({ type: 'postgres', url: process.env.DATABASE_URL });
    await db.initialize();
    q = db.createQueryRunner();
    await q.connect();
    await q.query(`CREATE SCHEMA ${schema}`);
    await q.query(`SET search_path TO ${schema}, public`);
    await q.query(`CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(), created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE TABLE auth_sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      revoked_at timestamptz)`);
    [{ id: a }, { id: b }] = await q.query(`INSERT INTO users (id) VALUES (DEFAULT), (DEFAULT) RETURNING id`);
    await q.query(`INSERT INTO auth_sessions (user_id) VALUES ($1), ($1), ($2)`, [a, b]);
    await new CompanyMembers1764770000000().up(q);
  });

  afterAll(async () => {
    await q.query(`DROP SCHEMA ${schema} CASCADE`);
    await q.release();
    await db.destroy();
  });

  it('makes every account its own company with itself as its one owner', async () => {
    const rows = await q.query(`SELECT company_id, user_id, role FROM company_members ORDER BY role, company_id`);
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        { company_id: a, user_id: a, role: 'owner' },
        { company_id: b, user_id: b, role: 'owner' },
      ]),
    );
  });

  it("keeps every open session, now for the account's own company", async () => {
    const sessions = await q.query(`SELECT user_id, company_id FROM auth_sessions ORDER BY user_id`);
    expect(sessions).toHaveLength(3);
    for (const session of sessions) expect(session.company_id).toBe(session.user_id);
  });

  it('refuses a second membership of one person in one company, and an unknown role', async () => {
    await expect(
      q.query(`INSERT INTO company_members (company_id, user_id, role) VALUES ($1, $1, 'viewer')`, [a]),
    ).rejects.toThrow(/company_members_once/);
    await expect(
      q.query(`INSERT INTO company_members (company_id, user_id, role) VALUES ($1, $2, 'boss')`, [a, b]),
    ).rejects.toThrow(/check/i);
  });
});

describe('an account from before companies had members', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs in as before and its token (no member claim) still reads and writes its own data as its owner', async () => {
    const account = await registerAccount(t.http, { company_name: 'Old Freight' });
    const report = await t.http.post('/api/protected/reports').set(account.auth).send(SAMPLE_REPORT).expect(201);
    // A token as the app signed it before: the account and session only.
    const claims = JSON.parse(Buffer.from(account.token.split('.')[1], 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const legacy = signHs256(t.app.get<AppConfig>(APP_CONFIG).jwtSecret, {
      sub: claims.sub,
      email: claims.email,
      sid: claims.sid,
      iat: claims.iat,
      exp: claims.exp,
    });
    const auth = { Authorization: `Bearer ${legacy}` };
    await t.http.get(`/api/protected/reports/${report.body.id}`).set(auth).expect(200);
    const me = await t.http.get('/api/protected/user/me').set(auth).expect(200);
    expect(me.body).toEqual({
      id: account.user.id,
      email: account.user.email,
      email_proven: false,
      company_id: account.user.id,
      company_name: 'Old Freight',
      role: 'owner',
    });
    await t.http.post('/api/protected/vehicles').set(auth).send({ unit: 'OLD-1', fuel_type: 'diesel' }).expect(201);
    const login = await t.http
      .post('/api/auth/login')
      .send({ email: account.user.email, password: account.password })
      .expect(200);
    expect(login.body.user).toEqual({
      id: account.user.id,
      email: account.user.email,
      email_proven: false,
      company_id: account.user.id,
      company_name: 'Old Freight',
      role: 'owner',
    });
  });
});

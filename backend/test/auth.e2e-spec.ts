import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { EMAIL_TAKEN } from '../src/auth/auth.service.js';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { startFakeRedis } from './helpers/fake-redis.js';
import { createTestApp, registerAccount, uniqueEmail, type TestApp } from './helpers/test-app.js';

describe('accounts: register, login, me', () => {
  let t: TestApp;
  let secret: string;
  beforeAll(async () => {
    t = await createTestApp();
    secret = t.app.get<AppConfig>(APP_CONFIG).jwtSecret;
  });
  afterAll(() => t.close());

  it('registers a company and answers a token and the user', async () => {
    const email = uniqueEmail('reg');
    const res = await t.http
      .post('/api/auth/register')
      .send({ email, password: 'secret123', company_name: 'Blue Line Trucking' })
      .expect(201);
    // A new account is a new company whose owner is the account itself: the person's id is the company's.
    expect(res.body.user).toEqual({
      id: expect.any(String),
      email,
      email_proven: false,
      company_name: 'Blue Line Trucking',
      company_id: res.body.user.id,
      role: 'owner',
    });
    const claims = new JwtService().decode(res.body.token) as { exp: number; sub: string };
    expect(claims.sub).toBe(res.body.user.id);
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(JSON.stringify(res.body)).not.toContain('secret123');
    expect(res.body.user).not.toHaveProperty('password_hash');
  });

  it('trims and lower-cases the email, and refuses the same email in another letter case with 409', async () => {
    const email = uniqueEmail('case');
    const first = await t.http
      .post('/api/auth/register')
      .send({ email: `  ${email.toUpperCase()} `, password: 'secret123', company_name: 'Acme' })
      .expect(201);
    expect(first.body.user.email).toBe(email);
    const again = await t.http
      .post('/api/auth/register')
      .send({ email: email.replace(/^./, (c) => c.toUpperCase()), password: 'other123', company_name: 'Other' })
      .expect(409);
    expect(again.body).toEqual({ statusCode: 409, error: EMAIL_TAKEN, message: EMAIL_TAKEN });
  });

  it.each([
    [{ password: 'secret123', company_name: 'A' }, 'email'],
    [{ email: 'x@example.com', company_name: 'A' }, 'password'],
    [{ email: 'x@example.com', password: 'secret123' }, 'company_name'],
    [{ email: 'x@example.com', password: 'secret123', company_name: '   ' }, 'company_name'],
    [{ email: 'not-an-email', password: 'secret123', company_name: 'A' }, 'email'],
    [{ email: 'x@example.com', password: '12345', company_name: 'A' }, 'password'],
    [{ email: 'x@example.com', password: 'secret123', company_name: 'A', role: 'admin' }, 'role'],
  ])('rejects a bad registration %j with a 400 naming %s', async (body, field) => {
    const res = await t.http.post('/api/auth/register').send(body).expect(400);
    expect(res.body.statusCode).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual([field]);
    expect(res.body.error).toContain(field);
  });

  it.each([
    [{ email: 'x@example.com', password: 'secret123' }, 'company_name is required'],
    [{ email: 'x@example.com', password: 'secret123', company_name: null }, 'company_name is required'],
    [{ email: 'x@example.com', password: 'secret123', company_name: '  ' }, 'company_name is required'],
    [{ email: 'x@example.com', password: 'secret123', company_name: 42 }, 'company_name must be a string'],
    [
      { email: 'x@example.com', password: 'secret123', company_name: 'A'.repeat(201) },
      'company_name must be shorter than or equal to 200 characters',
    ],
    [{ email: 'x@example.com', company_name: 'A' }, 'password is required'],
    [{ password: 'secret123', company_name: 'A' }, 'email is required'],
  ])('answers %j with the message "%s"', async (body, message) => {
    const res = await t.http.post('/api/auth/register').send(body).expect(400);
    expect(res.body.error).toBe(message);
  });

  it('says "password must be at least 6 characters" for a short password', async () => {
    const res = await t.http
      .post('/api/auth/register')
      .send({ email: uniqueEmail(), password: '12345', company_name: 'A' })
      .expect(400);
    expect(res.body.error).toBe('password must be at least 6 characters');
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const res = await t.http
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email": ')
      .expect(400);
    expect(res.body.error).toBe('Request body is not valid JSON');
  });

  it('signs in with any letter case of the email, and answers one message for a wrong email or password', async () => {
    const account = await registerAccount(t.http);
    const ok = await t.http
      .post('/api/auth/login')
      .send({ email: account.user.email.toUpperCase(), password: account.password })
      .expect(200);
    expect(ok.body.user.id).toBe(account.user.id);

    const wrongPassword = await t.http
      .post('/api/auth/login')
      .send({ email: account.user.email, password: 'wrong-password' })
      .expect(401);
    const wrongEmail = await t.http
      .post('/api/auth/login')
      .send({ email: uniqueEmail('nobody'), password: account.password })
      .expect(401);
    expect(wrongPassword.body.error).toBe('Invalid email or password');
    expect(wrongEmail.body).toEqual(wrongPassword.body);
  });

  it('GET /protected/user/me answers the signed-in user', async () => {
    const account = await registerAccount(t.http, { company_name: 'Northern Haulers' });
    const res = await t.http.get('/api/protected/user/me').set(account.auth).expect(200);
    expect(res.body).toEqual(account.user);
  });

  describe('token checks', () => {
    it('answers 401 without a token', async () => {
      const res = await t.http.get('/api/protected/user/me').expect(401);
      expect(res.body.error).toBe('Authentication required');
    });

    it('answers 401 for a malformed token', async () => {
      await t.http.get('/api/protected/user/me').set('Authorization', 'Bearer not.a.jwt').expect(401);
    });

    it('answers 401 "Session expired, please sign in again" for an expired token', async () => {
      const account = await registerAccount(t.http);
      const expired = await new JwtService({ secret }).signAsync(
        { sub: account.user.id, email: account.user.email },
        { expiresIn: -10 },
      );
      const res = await t.http.get('/api/protected/user/me').set('Authorization', `Bearer ${expired}`).expect(401);
      expect(res.body.error).toBe('Session expired, please sign in again');
    });

    it('answers 401 for a token signed with another secret', async () => {
      const account = await registerAccount(t.http);
      const forged = await new JwtService({ secret: 'x'.repeat(40) }).signAsync({
        sub: account.user.id,
        email: account.user.email,
      });
      await t.http.get('/api/protected/user/me').set('Authorization', `Bearer ${forged}`).expect(401);
    });

    it('answers 401 for an unsigned token (alg none)', async () => {
      const account = await registerAccount(t.http);
      const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: account.user.id, exp: 9999999999 })}.`;
      await t.http.get('/api/protected/user/me').set('Authorization', `Bearer ${unsigned}`).expect(401);
    });
  });
});

describe('accounts: rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 with a clear error after too many login attempts from one client', async () => {
    for (let i = 0; i < 3; i++) {
      await t.http.post('/api/auth/login').send({ email: 'a@example.com', password: 'wrong-pass' }).expect(401);
    }
    const res = await t.http
      .post('/api/auth/login')
      .send({ email: 'a@example.com', password: 'wrong-pass' })
      .expect(429);
    expect(res.body).toMatchObject({
      statusCode: 429,
      error: 'Too many attempts, please wait a minute and try again',
    });
  });
});

describe('accounts: rate limit shared through Redis (REDIS_URL)', () => {
  const login = (t: TestApp) => t.http.post('/api/auth/login').send({ email: 'b@example.com', password: 'wrong-pass' });

  it('counts one client across two app replicas, so a second replica does not grant new attempts', async () => {
    const redis = await startFakeRedis();
    // A busy CI machine may take longer than the production deadline (REDIS_TIMEOUT_MS, 200 ms) to answer from the
    // in-test Redis; this test is about sharing the count, not the deadline, so the deadline is generous.
    const shared = { AUTH_RATE_LIMIT: '3', REDIS_URL: redis.url, REDIS_TIMEOUT_MS: '2000' };
    const first = await createTestApp(shared);
    const second = await createTestApp(shared);
    try {
      for (let i = 0; i < 3; i++) await login(first).expect(401);
      const res = await login(second).expect(429);
      expect(res.body.error).toBe('Too many attempts, please wait a minute and try again');
      // Every window is opened with an expiry, so no counter can outlive its minute.
      expect(redis.commands.some(([name, , , ...options]) => name === 'set' && options.includes('PX'))).toBe(true);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await redis.close();
    }
  });

  it('keeps limiting in the process while Redis is unreachable, and never answers 500', async () => {
    const redis = await startFakeRedis();
    await redis.close(); // the port is now closed: every Redis command fails
    const t = await createTestApp({ AUTH_RATE_LIMIT: '2', REDIS_URL: redis.url });
    try {
      await login(t).expect(401);
      await login(t).expect(401);
      await login(t).expect(429);
    } finally {
      await t.close();
    }
  });
});

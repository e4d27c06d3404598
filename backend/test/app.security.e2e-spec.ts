import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { type AccountIds, createAccountData, fillPath } from './helpers/account-fixtures.js';
import { snapshotAccount } from './helpers/account-snapshot.js';
import { forgedTokens } from './helpers/forged-tokens.js';
import { captureLogs } from './helpers/log-capture.js';
import {
  documents,
  exampleOf,
  PRIVATE_ROUTES,
  requiredQuery,
  type Route,
  ROUTES,
  routeName,
} from './helpers/openapi-routes.js';
import { callRoute, missingHelmetHeaders } from './helpers/route-request.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { workbookBuffer } from './helpers/xlsx.js';

/** Every line the app logs during the whole file, and every secret the file sends: the last test compares them. */
const logs = captureLogs();
const secrets = new Set<string>();
// One secret for every app of the suite: passport keeps a single global 'jwt' strategy, so the last app created
// would otherwise verify every app's tokens with its own key.
/** The suite's one platform operator, who calls the operator routes in the checks that need a 200 from them. */
const OPERATOR_EMAIL = `operator-${randomUUID().slice(0, 8)}@example.com`;
const LOGGING = {
  LOG_LEVEL: 'debug',
  JWT_SECRET: `security-suite-${randomUUID()}`,
  OPERATOR_EMAILS: OPERATOR_EMAIL,
};

const asRows = (routes: Route[]) => routes.map((route) => [routeName(route), route] as const);
/**
 * The operator console's routes name platform data (official matrices, interest periods, given-up e-mails), not an
 * account's: an account that is not an operator gets 403 on every one of them (tested below), so the tenancy checks
 * are for the account routes only.
 */
const isOperatorRoute = (route: Route) => route.path.startsWith('/api/operator/');
const OPERATOR_ROUTES = PRIVATE_ROUTES.filter(isOperatorRoute);
const ACCOUNT_ROUTES = PRIVATE_ROUTES.filter((route) => !isOperatorRoute(route));
const ID_ROUTES = ACCOUNT_ROUTES.filter((route) => route.pathParams.length > 0);
const LIST_ROUTES = ACCOUNT_ROUTES.filter((route) => route.method === 'get' && route.pathParams.length === 0);
/**
 * Path values for the operator routes' parameters: they are refused (401, 403) before anything is looked up, so
 * any well-formed value serves, and none of them is an account's id.
 */
const OPERATOR_PATH_IDS = {
  'interest-rates': '2026-01-01',
  'rate-matrices': 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  'mail-failures': 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e',
};
const QUERY_ROUTES = PRIVATE_ROUTES.filter((route) => route.query.length > 0);

/**
 * Body fields that carry an id of the caller's own data, by route. A test below fails when a documented body gains
 * an id-like field missing here, so a new one cannot escape the tenancy checks.
 */
const ALL_EMBEDDED_IDS: Record<string, { field: string; resource: string; expect: 404 | 'no effect' }> = {
  'POST /api/protected/calculator/paste-data': { field: 'session_id', resource: 'calculation-sessions', expect: 404 },
  'POST /api/protected/calculator/upload-excel': { field: 'session_id', resource: 'calculation-sessions', expect: 404 },
  // Documented: ids of other accounts change nothing (and the count does not reveal them).
  'PUT /api/protected/tax-rates-management/bulk': {
    field: 'ids',
    resource: 'tax-rates-management',
    expect: 'no effect',
  },
  'POST /api/protected/invoices/resend': { field: 'invoice_id', resource: 'invoices', expect: 404 },
};
/** Only the routes this build documents (billing may not have landed). */
const EMBEDDED_IDS = Object.fromEntries(Object.entries(ALL_EMBEDDED_IDS).filter(([route]) => documents(route)));
/**
 * Id-like body fields that name no row of the caller: plans are one catalogue for everyone, and a card
 * provider's payment-method token is the provider's (the payment-methods suite covers attaching another's).
 */
const NOT_ACCOUNT_IDS = new Set(['plan_id', 'payment_method_id']);

const SQL_PAYLOADS = [
  "' OR '1'='1",
  "'; DROP TABLE reports; --",
  '" OR ""="',
  "1; DELETE FROM tax_rates WHERE '1'='1",
  "' UNION SELECT email, password_hash FROM users --",
  '%',
  '_',
  '\\',
  '%%\\_',
  '$1',
  "name'; --",
  '1 OR 1=1',
  '-1',
  'name DESC, (SELECT pg_sleep(5))',
  '\u0000',
  'a\r\nSet-Cookie: stolen=1',
  '😀💥',
];

const uploadFile = async () => ({
  name: 'rows.xlsx',
  buffer: await workbookBuffer((wb) => {
    const sheet = wb.addWorksheet('IFTA Data');
    sheet.addRow(['State/Province', 'Total Miles', 'Taxable Miles', 'Gallons Purchased']);
    sheet.addRow(['TX', 1600, 1500, 200]);
  }),
});

describe('security', () => {
  let t: TestApp;
  let db: DataSource;
  let owner: TestAccount;
  let intruder: TestAccount;
  let operator: TestAccount;
  let ownerIds: AccountIds;
  let jwtSecret: string;

  const register = async () => {
    const account = await registerAccount(t.http, { password: `Pw-${randomUUID()}` });
    secrets.add(account.password);
    secrets.add(account.token);
    secrets.add(account.token.split('.')[2]);
    return account;
  };
  const snapshotBoth = async () => ({
    owner: await snapshotAccount(db, owner.user.id),
    intruder: await snapshotAccount(db, intruder.user.id),
  });

  beforeAll(async () => {
    t = await createTestApp(LOGGING, { logDestination: logs.stream });
    db = t.app.get(DataSource);
    jwtSecret = t.app.get<AppConfig>(APP_CONFIG).jwtSecret;
    owner = await register();
    intruder = await register();
    operator = await registerAccount(
      t.http,
      { email: OPERATOR_EMAIL, password: `Pw-${randomUUID()}` },
      { proven: true },
    );
    secrets.add(operator.password);
    secrets.add(operator.token);
    ownerIds = await createAccountData(t.http, owner, t.app);
    await createAccountData(t.http, intruder, t.app); // so a stray write into the intruder's own data would show too
  });
  afterAll(() => t.close());

  describe('authentication', () => {
    it.each(asRows(PRIVATE_ROUTES))(
      '%s answers 401 with no token, a tampered one, alg none, an expired one or a foreign key',
      async (_name, route) => {
        const url = fillPath(route.path, { ...ownerIds, ...OPERATOR_PATH_IDS });
        const tokens = forgedTokens(owner.token, jwtSecret, owner.user.id);
        for (const token of Object.values(tokens)) secrets.add(token);
        const attempts: Array<[string, Record<string, string>]> = [
          ['no token', {}],
          ['a bare scheme', { Authorization: 'Bearer' }],
          ['a Basic header', { Authorization: `Basic ${Buffer.from(`${owner.user.email}:x`).toString('base64')}` }],
          ...Object.entries(tokens).map(([name, token]): [string, Record<string, string>] => [
            name,
            { Authorization: `Bearer ${token}` },
          ]),
        ];
        const before = await snapshotAccount(db, owner.user.id);
        for (const [name, headers] of attempts) {
          const res = await callRoute(t.http, route, { url, headers, body: route.body ? {} : undefined });
          expect({ name, status: res.status }).toEqual({ name, status: 401 });
          expect(res.body).toEqual({ statusCode: 401, error: expect.any(String), message: expect.any(String) });
          expect(missingHelmetHeaders(res)).toEqual([]);
          if (name === 'an expired token') expect(res.body.error).toBe('Session expired, please sign in again');
        }
        expect(await snapshotAccount(db, owner.user.id)).toEqual(before);
      },
    );
  });

  describe('tenancy', () => {
    it.each(asRows(ID_ROUTES))("%s answers 404 for another account's id and changes nothing", async (_name, route) => {
      const before = await snapshotBoth();
      const body = route.body?.kind === 'json' ? exampleOf(route.body.schema) : undefined;
      const res = await callRoute(t.http, route, { url: fillPath(route.path, ownerIds), headers: intruder.auth, body });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, error: expect.any(String), message: expect.any(String) });
      expect(await snapshotBoth()).toEqual(before);
      // The owner still reads every one of its own records (those with a read route).
      for (const [resource, id] of Object.entries(ownerIds)) {
        if (!documents(`GET /api/protected/${resource}/{id}`)) continue;
        await t.http.get(`/api/protected/${resource}/${id}`).set(owner.auth).expect(200);
      }
    });

    it.each(asRows(OPERATOR_ROUTES))(
      '%s answers 403 to an account that is not an operator and changes nothing',
      async (_name, route) => {
        const before = await snapshotBoth();
        const body = route.body?.kind === 'json' ? exampleOf(route.body.schema) : undefined;
        const res = await callRoute(t.http, route, {
          url: fillPath(route.path, { ...ownerIds, ...OPERATOR_PATH_IDS }),
          headers: intruder.auth,
          body,
          query: requiredQuery(route),
        });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ statusCode: 403, error: expect.any(String), message: expect.any(String) });
        expect(await snapshotBoth()).toEqual(before);
      },
    );

    it.each(asRows(LIST_ROUTES))("%s never shows another account's ids or email", async (_name, route) => {
      const res = await callRoute(t.http, route, {
        url: route.path,
        headers: intruder.auth,
        query: requiredQuery(route),
      });
      expect(res.status).toBe(200);
      const text = res.body instanceof Buffer ? res.body.toString('latin1') : res.text;
      for (const leaked of [...Object.values(ownerIds), owner.user.id, owner.user.email]) {
        expect(text).not.toContain(leaked);
      }
    });

    it('knows every body field that carries an id of the caller', () => {
      const idFields = PRIVATE_ROUTES.flatMap((route) =>
        Object.entries(route.body?.schema.properties ?? {})
          .filter(([name, schema]) => schema.format === 'uuid' || /(^|_)ids?$/.test(name))
          .filter(([name]) => !NOT_ACCOUNT_IDS.has(name))
          .map(([name]) => `${routeName(route)} ${name}`),
      );
      const known = Object.entries(EMBEDDED_IDS).map(([route, { field }]) => `${route} ${field}`);
      expect(idFields.sort()).toEqual(known.sort());
    });

    it.each(Object.entries(EMBEDDED_IDS))(
      "%s refuses another account's id in the body and changes nothing",
      async (name, { field, resource, expect: expected }) => {
        const route = ROUTES.find((r) => routeName(r) === name)!;
        const foreign = ownerIds[resource];
        const example = exampleOf(route.body!.schema) as Record<string, unknown>;
        const body = { ...example, [field]: field === 'ids' ? [foreign] : foreign };
        const file = route.body?.kind === 'multipart' ? await uploadFile() : undefined;
        const before = await snapshotBoth();
        const res = await callRoute(t.http, route, { url: route.path, headers: intruder.auth, body, file });
        if (expected === 404) expect(res.status).toBe(404);
        else expect(res.body).toEqual({ updated: 0 });
        expect(await snapshotBoth()).toEqual(before);
      },
    );
  });

  describe('SQL metacharacters', () => {
    it.each(asRows(QUERY_ROUTES))('%s treats them in every query parameter as plain text', async (_name, route) => {
      const before = await snapshotBoth();
      const [{ users }] = (await db.query('SELECT count(*)::int AS users FROM users')) as Array<{ users: number }>;
      for (const param of route.query) {
        for (const payload of SQL_PAYLOADS) {
          const res = await callRoute(t.http, route, {
            url: fillPath(route.path, { ...ownerIds, ...OPERATOR_PATH_IDS }),
            headers: isOperatorRoute(route) ? operator.auth : owner.auth,
            query: { [param.name]: payload },
          });
          expect({ param: param.name, payload, answered: res.status }).toEqual({
            param: param.name,
            payload,
            answered: res.status === 400 ? 400 : 200,
          });
          if (res.status === 400) expect(typeof res.body.error).toBe('string');
          if (param.name === 'search' && res.status === 200) {
            // A match must contain the text literally: no wildcard and no injected OR widened the search.
            for (const item of res.body.data as Array<Record<string, unknown>>) {
              const texts = Object.values(item).filter((v): v is string => typeof v === 'string');
              expect(texts.some((text) => text.toLowerCase().includes(payload.trim().toLowerCase()))).toBe(true);
            }
          }
        }
      }
      expect(await snapshotBoth()).toEqual(before);
      expect(await db.query('SELECT count(*)::int AS users FROM users')).toEqual([{ users }]);
    });

    it('stores metacharacters in text fields as written and finds them literally', async () => {
      const name = "Rate'); DROP TABLE tax_rates; -- 100%_\\";
      const created = await t.http
        .post('/api/protected/tax-rates-management')
        .set(owner.auth)
        .send({ name, abbreviation: "X'%", rate: 0.1, country: 'USA' })
        .expect(201);
      expect(created.body).toMatchObject({ name, abbreviation: "X'%" });
      const found = await t.http
        .get('/api/protected/tax-rates-management')
        .query({ search: "'); DROP TABLE tax_rates; -- 100%_" })
        .set(owner.auth)
        .expect(200);
      expect(found.body.data.map((row: { id: string }) => row.id)).toEqual([created.body.id]);
      const report = await t.http
        .post('/api/protected/reports')
        .set(owner.auth)
        .send({ company_name: 'O\'Brien "Haulage" %_ \\ ;--', average_mpg: 6, jurisdictions: [{ name: 'TX' }] })
        .expect(201);
      expect(report.body.company_name).toBe('O\'Brien "Haulage" %_ \\ ;--');
    });
  });

  describe('security headers', () => {
    const cases: Array<[string, (app: TestApp) => Promise<import('supertest').Response>]> = [
      ['a public JSON answer', (app) => app.http.get('/api/health')],
      ['a private JSON answer', (app) => app.http.get('/api/protected/user/me').set(owner.auth)],
      ['an unknown API path', (app) => app.http.get('/api/no-such-route').set(owner.auth)],
      [
        'a body that is not JSON',
        (app) => app.http.post('/api/auth/login').set('Content-Type', 'application/json').send('{"email":'),
      ],
      [
        'a body over the size limit',
        (app) =>
          app.http
            .post('/api/auth/login')
            .set('Content-Type', 'application/json')
            .send(JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) })),
      ],
      ['a file download', (app) => app.http.post(`/api/protected/reports/${ownerIds.reports}/export`).set(owner.auth)],
    ];
    it.each(cases)("%s carries helmet's headers", async (_name, send) => {
      const res = await send(t);
      expect(res.status).toBeLessThan(500);
      expect(missingHelmetHeaders(res)).toEqual([]);
    });
  });

  describe('rate limits', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({ ...LOGGING, AUTH_RATE_LIMIT: '3' }, { logDestination: logs.stream });
    });
    afterAll(() => limited.close());

    it('answers 429 with a clear error on login past the limit, even with the right password', async () => {
      const password = `Pw-${randomUUID()}`;
      secrets.add(password);
      const account = await registerAccount(t.http, { password });
      secrets.add(account.token);
      for (let i = 0; i < 3; i++) {
        await limited.http
          .post('/api/auth/login')
          .send({ email: account.user.email, password: 'wrong-guess' })
          .expect(401);
      }
      const res = await limited.http.post('/api/auth/login').send({ email: account.user.email, password });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({
        statusCode: 429,
        error: 'Too many attempts, please wait a minute and try again',
        message: 'Too many attempts, please wait a minute and try again',
      });
      expect(res.headers['retry-after']).toBe('60');
      expect(missingHelmetHeaders(res)).toEqual([]);
    });

    it('answers 429 on register past the limit and creates no account', async () => {
      const [{ before }] = (await db.query('SELECT count(*)::int AS before FROM users')) as Array<{ before: number }>;
      const attempt = () => {
        const password = `Pw-${randomUUID()}`;
        secrets.add(password);
        return limited.http
          .post('/api/auth/register')
          .send({ email: `limit-${randomUUID()}@example.com`, password, company_name: 'Limited Freight' });
      };
      for (let i = 0; i < 3; i++) {
        const res = await attempt().expect(201);
        secrets.add(res.body.token);
      }
      const refused = await attempt();
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('Too many attempts, please wait a minute and try again');
      expect(await db.query('SELECT count(*)::int AS n FROM users')).toEqual([{ n: before + 3 }]);
    });
  });

  describe('logs', () => {
    it('hold one line per request and no password, token or card number sent during the suite', () => {
      const requestLines = logs.lines().filter((line) => typeof line.req === 'object');
      // Not vacuous: the suite's hundreds of requests, failed logins included, were logged.
      expect(requestLines.length).toBeGreaterThan(200);
      expect(requestLines.some((line) => (line.res as { statusCode: number }).statusCode === 401)).toBe(true);
      const text = logs.text();
      expect([...secrets].filter((secret) => text.includes(secret))).toEqual([]);
      expect(text).not.toMatch(/Bearer\s/i);
      expect(text).not.toMatch(/\b\d{4}[ -]?\d{4}[ -]?\d{4}[ -]?\d{4}\b/);
    });
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { ADD_OPERATOR_SQL } from '../src/operator/platform-operators.repository.js';
import { importArguments, importMatrixFile } from '../src/tax-rates/official/import-matrix-file.js';
import { OfficialMatricesRepository } from '../src/tax-rates/official/official-matrices.repository.js';
import { OfficialMatricesService } from '../src/tax-rates/official/official-matrices.service.js';
import {
  fileRateLines,
  type PublishedQuarter,
  publishedMatrixBytes,
  retitled,
  storedRateLines,
  withCell,
  withRate,
  withoutJurisdictions,
} from './helpers/ifta-published-file.js';
import { type OwnDatabase, ownDatabase } from './helpers/own-database.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp, uniqueEmail } from './helpers/test-app.js';

const OPERATOR = '/api/operator';
const IN_FORCE = '/api/protected/tax-rates/in-force';
const FIXTURES = fileURLToPath(new URL('fixtures/ifta-published', import.meta.url));
const real = (quarter: PublishedQuarter) => publishedMatrixBytes(FIXTURES, quarter);
/** IFTA's 3Q2026 file retitled: the 4Q2026 file IFTA has not posted yet, as it will look. */
const q4 = () => retitled(real('3Q2026'), '4th Quarter 2026');

/**
 * The operator console's API: only platform operators (OPERATOR_EMAILS, or `npm run operator:add`) reach it; an
 * upload is previewed against the version in force and published for every account, an incomplete one is refused
 * naming what is missing, and `npm run rates:import` publishes a file from disk the same way. On a database of its
 * own, since publishing a quarter changes every account's rates.
 */
describe('operator console: official matrices', () => {
  let own: OwnDatabase;
  let t: TestApp;
  let operator: TestAccount;
  let carrier: TestAccount;
  const operatorEmail = uniqueEmail('operator');

  beforeAll(async () => {
    own = await ownDatabase('operator');
    t = await createTestApp({
      DATABASE_URL: own.url,
      OPERATOR_EMAILS: ` someone@else.test, ${operatorEmail.toUpperCase()} `,
    });
    operator = await registerAccount(t.http, { email: operatorEmail }, { proven: true });
    carrier = await registerAccount(t.http);
  });
  afterAll(async () => {
    await t?.close();
    await own?.drop();
  });

  const upload = (path: string, account: TestAccount, csv: Buffer | string, quarter = 'Q3-2026', name = '3Q2026.csv') =>
    t.http
      .post(`${OPERATOR}${path}`)
      .set(account.auth)
      .field('quarter', quarter)
      .attach('file', Buffer.from(csv), name);

  it('answers 403 to an account that is not an operator, on every operator route, and 401 without a token', async () => {
    for (const [method, path] of [
      ['get', '/me'],
      ['get', '/rate-matrices'],
      ['get', '/rate-matrix-runs'],
      ['post', '/rate-matrix-runs'],
    ] as const) {
      const res = await t.http[method](`${OPERATOR}${path}`).set(carrier.auth).expect(403);
      expect(res.body.message).toBe('Only a platform operator may use the operator console');
      await t.http[method](`${OPERATOR}${path}`).expect(401);
    }
    await upload('/rate-matrices', carrier, real('3Q2026')).expect(403);
    await t.http.get(`${OPERATOR}/me`).set(operator.auth).expect(200, { operator: true });
  });

  it('lists the shipped 2Q2026 matrix, previews an upload as a diff, publishes it for every account', async () => {
    const list = (await t.http.get(`${OPERATOR}/rate-matrices`).set(operator.auth).expect(200)).body;
    expect(
      list.data.map((m: { quarter: string; version: number; source_kind: string; status: string }) => [
        m.quarter,
        m.version,
        m.source_kind,
        m.status,
      ]),
    ).toEqual([['Q2-2026', 1, 'seed', 'published']]);

    const q3 = real('3Q2026');
    const preview = (await upload('/rate-matrices/preview', operator, q3).expect(200)).body;
    expect(preview).toMatchObject({ quarter: 'Q3-2026', rate_count: 915, current: null, problems: [], losses: [] });
    expect(preview.summary).toEqual({ added: 915, changed: 0, removed: 0, unchanged: 0 });
    // Nothing was written by the preview.
    expect(
      (await t.http.get(IN_FORCE).query({ period: 'Q3-2026', fuel_type: 'diesel' }).set(carrier.auth)).body
        .provisional_from,
    ).toBe('Q2-2026');

    const published = (await upload('/rate-matrices', operator, q3).expect(201)).body;
    expect(published.outcome).toBe('published');
    expect(published.matrix).toMatchObject({
      quarter: 'Q3-2026',
      version: 1,
      source_kind: 'file',
      source: '3Q2026.csv',
      published_by: operatorEmail,
      footnotes: expect.objectContaining({ AB: ['14'], IN: ['31'], VA: ['19'] }),
    });
    expect(published.matrix.applied_at).not.toBeNull();
    const inForce = (await t.http.get(IN_FORCE).query({ period: 'Q3-2026', fuel_type: 'diesel' }).set(carrier.auth))
      .body;
    expect(inForce.provisional_from).toBeNull();
    expect(inForce.rates.find((r: { code: string; kind: string }) => r.code === 'CA' && r.kind === 'base').rate).toBe(
      '0.9790',
    );

    // A corrected file (IFTA's with California's diesel changed): the preview names the one change against version 1.
    const corrected = withRate(q3, { name: 'CALIFORNIA #1', title: 'Special', rate: '1.0150' });
    const diff = (await upload('/rate-matrices/preview', operator, corrected).expect(200)).body;
    expect(diff.summary).toEqual({ added: 0, changed: 1, removed: 0, unchanged: 914 });
    expect(diff.changes).toEqual([
      {
        code: 'CA',
        fuel_type: 'diesel',
        kind: 'base',
        effective_from: '2026-07-01',
        status: 'changed',
        previous_rate: '0.9790',
        rate: '1.0150',
      },
    ]);
    // The same file again is not a new version.
    expect((await upload('/rate-matrices', operator, q3).expect(201)).body).toMatchObject({
      outcome: 'unchanged',
      matrix: { version: 1 },
    });

    const detail = (await t.http.get(`${OPERATOR}/rate-matrices/${published.matrix.id}`).set(operator.auth).expect(200))
      .body;
    expect(storedRateLines(detail.rates)).toEqual(fileRateLines(q3));
    await t.http.get(`${OPERATOR}/rate-matrices/00000000-0000-4000-8000-000000000000`).set(operator.auth).expect(404);
  });

  it.each(['1Q2025', '4Q2025', '1Q2026'] as const)(
    "previews and publishes IFTA's %s file, every cell equal to the file read independently",
    async (name) => {
      const quarter = `Q${name[0]}-${name.slice(2)}`;
      const preview = (await upload('/rate-matrices/preview', operator, real(name), quarter, `${name}.csv`).expect(200))
        .body;
      expect(preview).toMatchObject({ quarter, rate_count: 915, problems: [], losses: [] });
      const published = (await upload('/rate-matrices', operator, real(name), quarter, `${name}.csv`).expect(201)).body;
      expect(published).toMatchObject({ outcome: 'published', matrix: { quarter, version: 1 } });
      const detail = (
        await t.http.get(`${OPERATOR}/rate-matrices/${published.matrix.id}`).set(operator.auth).expect(200)
      ).body;
      expect(storedRateLines(detail.rates)).toEqual(fileRateLines(real(name)));
    },
  );

  it('previews what a file would remove, holds it unless published with a reason, and says so', async () => {
    const lossy = withoutJurisdictions(real('3Q2026'), ['KENTUCKY SurChg']);
    const preview = (await upload('/rate-matrices/preview', operator, lossy).expect(200)).body;
    expect(preview.losses).toEqual(['KY surcharge: the whole row is gone (15 rates)']);
    const held = (await upload('/rate-matrices', operator, lossy).expect(201)).body;
    expect(held).toMatchObject({
      outcome: 'held',
      matrix: { status: 'held', review: ['KY surcharge: the whole row is gone (15 rates)'], applied_at: null },
    });
    const tooLong = await t.http
      .post(`${OPERATOR}/rate-matrices`)
      .set(operator.auth)
      .field('quarter', 'Q3-2026')
      .field('reason', 'x'.repeat(501))
      .attach('file', lossy, '3Q2026.csv')
      .expect(400);
    expect(tooLong.body.fields.reason).toBe('reason must say why, in 3 to 500 characters');
    const withReason = (
      await t.http
        .post(`${OPERATOR}/rate-matrices`)
        .set(operator.auth)
        .field('quarter', 'Q3-2026')
        .field('reason', 'Kentucky ended its surcharge')
        .attach('file', withoutJurisdictions(real('3Q2026'), ['KENTUCKY SurChg', 'VIRGINIA SurChg #19']), '3Q2026.csv')
        .expect(201)
    ).body;
    expect(withReason).toMatchObject({
      outcome: 'published',
      matrix: { status: 'published', reason: 'Kentucky ended its surcharge' },
    });
    // The uploaded version 1 comes back as version 4 with its surcharges.
    const [version1] = (
      await t.http.get(`${OPERATOR}/rate-matrices`).query({ limit: 100 }).set(operator.auth)
    ).body.data.filter((m: { quarter: string; version: number }) => m.quarter === 'Q3-2026' && m.version === 1);
    const restored = await t.http
      .post(`${OPERATOR}/rate-matrices/${version1.id}/restore`)
      .set(operator.auth)
      .send({ reason: 'The surcharges continue after all' });
    expect(restored.body).toMatchObject({ outcome: 'published', matrix: { version: 4, restores_version: 1 } });
  });

  it('refuses an incomplete upload and a bad cell with a 400 naming the problem, publishing nothing', async () => {
    const truncated = await upload(
      '/rate-matrices',
      operator,
      withoutJurisdictions(q4(), ['WYOMING #32']),
      'Q4-2026',
      '4Q2026.csv',
    ).expect(400);
    expect(truncated.body.fields.file).toBe('The matrix was not published: 1 of 58 members have no diesel rate (WY)');
    const bad = await upload(
      '/rate-matrices',
      operator,
      withCell(q4(), { name: 'CALIFORNIA #1', title: 'Special', value: 'n/a' }),
      'Q4-2026',
      '4Q2026.csv',
    ).expect(400);
    expect(bad.body.fields.file).toMatch(/^Row \d+: "Special Diesel" must be a rate such as \$ 0.3250, got "n\/a"$/);
    await upload('/rate-matrices', operator, 'x', 'Q4-2026', 'matrix.txt').expect(400);
    await upload('/rate-matrices', operator, 'x', '4Q2026').expect(400);
    const list = (await t.http.get(`${OPERATOR}/rate-matrices`).set(operator.auth).expect(200)).body;
    expect(list.data.map((m: { quarter: string }) => m.quarter)).not.toContain('Q4-2026');
  });

  it('lists accounts with their plan and last sign-in, and nothing of their books; 403 for a carrier', async () => {
    await t.http.get(`${OPERATOR}/accounts`).set(carrier.auth).expect(403);
    const res = await t.http
      .get(`${OPERATOR}/accounts`)
      .query({ search: carrier.user.email.slice(0, 14), limit: 5 })
      .set(operator.auth)
      .expect(200);
    expect(res.body.pagination).toEqual({ total: 1, totalPages: 1, page: 1, limit: 5 });
    expect(res.body.data).toEqual([
      {
        id: carrier.user.id,
        email: carrier.user.email,
        company_name: 'Acme Freight LLC',
        created_at: expect.any(String),
        plan_name: expect.any(String),
        subscription_status: 'trialing',
        last_sign_in_at: expect.any(String),
      },
    ]);
    await t.http.get(`${OPERATOR}/accounts`).query({ limit: 500 }).set(operator.auth).expect(400);
  });

  it('answers 409 for "check now" while the updater is off', async () => {
    const res = await t.http.post(`${OPERATOR}/rate-matrix-runs`).set(operator.auth).expect(409);
    expect(res.body.message).toBe('The updater is off (RATE_MATRIX_URL is empty): upload the file instead');
  });

  it('publishes files from disk as `npm run rates:import -- 2Q2026.csv 4Q2026.csv` does, each quarter from its title', async () => {
    expect(importArguments([])).toMatch(/^Usage: npm run rates:import/);
    expect(importArguments(['matrix.csv', '--quarter', 'Q5-2026'])).toMatch(/the quarter is like 3Q2026/);
    expect(importArguments(['a.csv', 'b.csv', '--quarter', '3Q2026'])).toMatch(/with several files each one's is read/);
    expect(importArguments(['a.csv', '--reason', 'why not', 'b.csv'])).toEqual({
      files: ['a.csv', 'b.csv'],
      reason: 'why not',
    });
    const folder = mkdtempSync(join(tmpdir(), 'matrix-'));
    // Names that say nothing: the quarter comes from each file's title row.
    const second = join(folder, 'matrix-a.csv');
    const fourth = join(folder, 'matrix-b.csv');
    writeFileSync(second, real('2Q2026'));
    writeFileSync(fourth, withRate(q4(), { name: 'TEXAS #12', title: 'Special', rate: '0.2100' }));
    const args = importArguments([second, fourth]);
    if (typeof args === 'string') throw new Error(args);
    const matrices = t.app.get(OfficialMatricesService);
    const outcomes = [];
    for (const file of args.files) outcomes.push(await importMatrixFile(matrices, file, args.quarter, args.reason));
    // 2Q2026: IFTA's file over the shipped copy adds its $- cells as zero rates and removes nothing.
    expect(outcomes.map((o) => [o.quarter.label, o.outcome, o.matrix.version, o.matrix.published_by])).toEqual([
      ['Q2-2026', 'published', 2, 'cli'],
      ['Q4-2026', 'published', 1, 'cli'],
    ]);
    for (const [outcome, bytes] of [
      [outcomes[0], real('2Q2026')],
      [outcomes[1], readFileSync(fourth)],
    ] as const) {
      const detail = (await t.http.get(`${OPERATOR}/rate-matrices/${outcome.matrix.id}`).set(operator.auth).expect(200))
        .body;
      expect(storedRateLines(detail.rates)).toEqual(fileRateLines(bytes));
    }
    const inForce = (await t.http.get(IN_FORCE).query({ period: 'Q4-2026', fuel_type: 'diesel' }).set(carrier.auth))
      .body;
    expect(inForce.rates.find((r: { code: string; kind: string }) => r.code === 'TX' && r.kind === 'base').rate).toBe(
      '0.2100',
    );
    const untitled = join(folder, 'rates.csv');
    writeFileSync(untitled, 'code,name\n');
    await expect(importMatrixFile(matrices, untitled)).rejects.toThrow(
      /its title names no quarter; give it with --quarter/,
    );
  });

  it('makes an account an operator with `npm run operator:add` (its statement), without OPERATOR_EMAILS', async () => {
    const added = await registerAccount(t.http, {}, { proven: true });
    await t.http.get(`${OPERATOR}/me`).set(added.auth).expect(403);
    const client = new pg.Client({ connectionString: own.url });
    await client.connect();
    try {
      await client.query(ADD_OPERATOR_SQL, [added.user.email.toUpperCase()]);
    } finally {
      await client.end();
    }
    // The 403 above was cached for 30 s in this replica; a new replica sees the operator at once.
    const replica = await createTestApp({ DATABASE_URL: own.url, OPERATOR_EMAILS: '' });
    try {
      await replica.http.get(`${OPERATOR}/me`).set(added.auth).expect(200);
    } finally {
      await replica.close();
    }
  });

  it("loads the past years from disk in one go: IFTA's five files, each equal to its file read independently", async () => {
    // A database of its own: an install whose operator loads every quarter it has, as `rates:import -- *.csv` does.
    const fresh = await ownDatabase('cliimport');
    const app = await createTestApp({ DATABASE_URL: fresh.url });
    try {
      const folder = mkdtempSync(join(tmpdir(), 'matrices-'));
      const names = ['1Q2025', '4Q2025', '1Q2026', '2Q2026', '3Q2026'] as const;
      for (const name of names) writeFileSync(join(folder, `${name}.csv`), real(name));
      const args = importArguments(names.map((name) => join(folder, `${name}.csv`)));
      if (typeof args === 'string') throw new Error(args);
      const matrices = app.app.get(OfficialMatricesService);
      const repository = app.app.get(OfficialMatricesRepository);
      for (const [index, file] of args.files.entries()) {
        const outcome = await importMatrixFile(matrices, file, args.quarter, args.reason);
        expect(outcome.outcome).toBe('published');
        expect(storedRateLines(await repository.rates(outcome.matrix.id))).toEqual(fileRateLines(real(names[index])));
      }
    } finally {
      await app.close();
      await fresh.drop();
    }
  });
});

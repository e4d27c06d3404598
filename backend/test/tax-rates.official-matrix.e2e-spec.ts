import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MatrixUpdaterJob } from '../src/tax-rates/official/matrix-updater.job.js';
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
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const REPORTS = '/api/protected/reports';
const IN_FORCE = '/api/protected/tax-rates/in-force';
const MANAGE = '/api/protected/tax-rates-management';
/** 2026-11-26: 4Q2026 is running, 3Q2026 is due, 1Q2027 is next. */
const TODAY = new Date('2026-11-26T12:00:00Z');

const OPERATOR = '/api/operator';
const FIXTURES = fileURLToPath(new URL('fixtures/ifta-published', import.meta.url));
const real = (quarter: PublishedQuarter) => publishedMatrixBytes(FIXTURES, quarter);

/** What the fixture server answers per IFTA file name ('3Q2026.csv'): a file's bytes, an HTML page, or a status. */
type Answer = { csv: Buffer } | { html: string } | { status: number };

/**
 * The matrix updater against a local server serving IFTA's own files (backend/test/fixtures/ifta-published) as IFTA
 * serves them: it publishes a quarter once for every account (never over an account's own change), every cell equal
 * to the file read independently, records each run's outcome (404, an HTML error page, a truncated file, a changed
 * layout), keeps a failure from replacing the rates in force, holds a version that would remove rates, publishes an
 * earlier file served again, reprices drafts that were priced provisionally, and runs once across two replicas. On a
 * database of its own: a published 3Q2026 would end the provisional pricing other suites check.
 */
describe('official rate matrices kept current by the updater', () => {
  let own: OwnDatabase;
  let server: Server;
  let base: string;
  const files = new Map<string, Answer>();
  let delayMs = 0;
  let t: TestApp;
  let job: MatrixUpdaterJob;
  let carrier: TestAccount;
  let operator: TestAccount;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const name = (req.url ?? '').split('/').pop() ?? '';
      const answer = files.get(name) ?? { status: 404 };
      setTimeout(() => {
        if ('csv' in answer) res.writeHead(200, { 'content-type': 'text/csv' }).end(answer.csv);
        else if ('html' in answer) res.writeHead(200, { 'content-type': 'text/html' }).end(answer.html);
        else res.writeHead(answer.status).end('');
      }, delayMs);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/taxmatrix/charts/{quarter}.csv`;
    own = await ownDatabase('matrices');
    t = await createTestApp({
      DATABASE_URL: own.url,
      RATE_MATRIX_URL: base,
      RATE_MATRIX_INTERVAL_MS: '0',
      OPERATOR_EMAILS: 'matrix-operator@updater.test',
    });
    job = t.app.get(MatrixUpdaterJob);
    carrier = await registerAccount(t.http);
    operator = await registerAccount(t.http, { email: 'matrix-operator@updater.test' }, { proven: true });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server.close(resolve));
    await own?.drop();
  });

  const inForce = async (account: TestAccount, period: string) =>
    (await t.http.get(IN_FORCE).query({ period, fuel_type: 'diesel' }).set(account.auth).expect(200)).body;
  const dieselRate = (body: { rates: Array<{ code: string; kind: string; rate: string }> }, code: string) =>
    body.rates.find((r) => r.code === code && r.kind === 'base')?.rate;
  /** The stored version's rates, as 'NAME|kind|fuel|rate' lines (the operator console's detail of a version). */
  const storedLines = async (matrixId: string) =>
    storedRateLines(
      (await t.http.get(`${OPERATOR}/rate-matrices/${matrixId}`).set(operator.auth).expect(200)).body.rates,
    );
  const versions = async (quarter: string) =>
    (await t.http.get(`${OPERATOR}/rate-matrices`).query({ limit: 100 }).set(operator.auth).expect(200)).body.data
      .filter((m: { quarter: string }) => m.quarter === quarter)
      .sort((a: { version: number }, b: { version: number }) => a.version - b.version);
  const LINES = [
    { name: 'CA', total_miles: 10000, taxable_miles: 10000, gallons_purchased: 500 },
    { name: 'TX', total_miles: 6000, taxable_miles: 6000, gallons_purchased: 2000 },
    { name: 'NV', total_miles: 4000, taxable_miles: 4000, gallons_purchased: 500 },
  ];

  it('publishes 3Q2026 from the fixture server for every account and records a run per quarter checked', async () => {
    // The carrier typed its own Nevada rate for 3Q2026 before the matrix was out: its override.
    await t.http
      .post(MANAGE)
      .set(carrier.auth)
      .send({ name: 'Nevada', abbreviation: 'NV', rate: 0.5, country: 'USA', effective_date: '2026-07-01' })
      .expect(201);
    const draft = (
      await t.http
        .post(REPORTS)
        .set(carrier.auth)
        .send({ company_name: 'Acme', tax_period: 'Q3-2026', calculation_mode: 'official', jurisdictions: LINES })
        .expect(201)
    ).body;
    expect(draft.rates_provisional_from).toBe('Q2-2026');
    expect(draft.jurisdictions.map((j: { rate_source: string }) => j.rate_source)).toEqual([
      'provisional',
      'provisional',
      'override',
    ]);

    files.set('3Q2026.csv', { csv: real('3Q2026') });
    files.set('4Q2026.csv', { html: '<!DOCTYPE html><html><body>Service unavailable</body></html>' });
    const checks = await job.run(TODAY);
    expect(checks).toEqual([
      { quarter: 'Q3-2026', outcome: 'published', message: 'Version 1 published (915 rates)' },
      {
        quarter: 'Q4-2026',
        outcome: 'failed',
        message: 'The address answered a web page, not the CSV file (IFTA may have moved it)',
      },
      { quarter: 'Q1-2027', outcome: 'not_found', message: 'Not published yet (404)' },
    ]);

    // Every cell of IFTA's file, as a person reads it, is the stored version's.
    const [version1] = await versions('Q3-2026');
    expect(await storedLines(version1.id)).toEqual(fileRateLines(real('3Q2026')));
    const q3 = await inForce(carrier, 'Q3-2026');
    expect(q3.provisional_from).toBeNull();
    expect(dieselRate(q3, 'CA')).toBe('0.9790');
    // The carrier's own Nevada rate stays; IFTA's 0.29 is not written over it.
    expect(q3.rates.find((r: { code: string }) => r.code === 'NV')).toMatchObject({
      rate: '0.5000',
      rate_source: 'override',
    });
    // A company that registers afterwards gets the published quarter too.
    const newcomer = await registerAccount(t.http);
    expect(dieselRate(await inForce(newcomer, 'Q3-2026'), 'CA')).toBe('0.9790');
    expect(dieselRate(await inForce(newcomer, 'Q3-2026'), 'NV')).toBe('0.2700');
    // 4Q2026 stays provisional: a failed fetch never replaces the rates in force.
    expect((await inForce(carrier, 'Q4-2026')).provisional_from).toBe('Q3-2026');

    // The draft priced provisionally was repriced with the published rates, nobody pressing anything.
    const repriced = (await t.http.get(`${REPORTS}/${draft.id}`).set(carrier.auth).expect(200)).body;
    expect(repriced.rates_provisional_from).toBeNull();
    expect(
      repriced.jurisdictions.map((j: { code: string; tax_rate: number; rate_source: string }) => [
        j.code,
        j.tax_rate,
        j.rate_source,
      ]),
    ).toEqual([
      ['CA', 0.979, 'official'],
      ['TX', 0.2, 'official'],
      ['NV', 0.5, 'override'],
    ]);
    expect(repriced.totals.tax_due).not.toBe(draft.totals.tax_due);
  });

  it('answers "unchanged" for the same file, publishes a corrected version over the first, and keeps both', async () => {
    const again = await job.run(TODAY);
    expect(again?.[0]).toEqual({
      quarter: 'Q3-2026',
      outcome: 'unchanged',
      message: 'Same file as version 1, in force',
    });

    // IFTA's file with one change: California's diesel corrected.
    files.set('3Q2026.csv', {
      csv: withRate(real('3Q2026'), { name: 'CALIFORNIA #1', title: 'Special', rate: '0.9850' }),
    });
    const newer = await job.run(TODAY);
    expect(newer?.[0]).toMatchObject({
      quarter: 'Q3-2026',
      outcome: 'published',
      message: 'Version 2 published (915 rates)',
    });
    expect(dieselRate(await inForce(carrier, 'Q3-2026'), 'CA')).toBe('0.9850');
  });

  it('holds a version that would remove rates, and publishes it only when an operator says why', async () => {
    const surcharge = async (account: TestAccount) =>
      (await inForce(account, 'Q3-2026')).rates.find(
        (r: { code: string; kind: string }) => r.code === 'KY' && r.kind === 'surcharge',
      )?.rate;
    expect(await surcharge(carrier)).toBe('0.1050');
    // IFTA's file without Kentucky's surcharge rows.
    files.set('3Q2026.csv', { csv: withoutJurisdictions(real('3Q2026'), ['KENTUCKY SurChg']) });
    const [held] = (await job.run(TODAY))!;
    expect(held).toEqual({
      quarter: 'Q3-2026',
      outcome: 'held',
      message:
        'Version 3 held for review, not published: it would remove KY surcharge: the whole row is gone (15 rates). ' +
        'An operator publishes it with a reason, or leaves it',
    });
    // Nothing changed for anyone: old and new accounts alike keep the surcharge in force.
    expect(await surcharge(carrier)).toBe('0.1050');
    expect(await surcharge(await registerAccount(t.http))).toBe('0.1050');
    // The updater serving it again does not hold it twice.
    expect((await job.run(TODAY))![0]).toMatchObject({
      outcome: 'held',
      message: expect.stringMatching(/^Version 3 held/),
    });

    // A diesel cell turned to $- in a later file is held too.
    files.set('3Q2026.csv', { csv: withCell(real('3Q2026'), { name: 'TEXAS #12', title: 'Special', value: '$-' }) });
    expect((await job.run(TODAY))![0].message).toMatch(
      /^Version 4 held for review, not published: it would remove .*TX diesel: 0\.2000 turned to \$- \(no IFTA tax\)/,
    );

    const version3 = (await versions('Q3-2026')).find((v: { version: number }) => v.version === 3);
    expect(version3).toMatchObject({
      version: 3,
      status: 'held',
      review: ['KY surcharge: the whole row is gone (15 rates)'],
    });
    await t.http.post(`${OPERATOR}/rate-matrices/${version3.id}/publish`).set(operator.auth).send({}).expect(400);
    await t.http
      .post(`${OPERATOR}/rate-matrices/${version3.id}/publish`)
      .set(carrier.auth)
      .send({ reason: 'x'.repeat(5) })
      .expect(403);
    const published = (
      await t.http
        .post(`${OPERATOR}/rate-matrices/${version3.id}/publish`)
        .set(operator.auth)
        .send({ reason: "Kentucky's surcharge ended with the quarter (IFTA bulletin)" })
        .expect(200)
    ).body;
    expect(published).toMatchObject({
      outcome: 'published',
      matrix: {
        version: 3,
        status: 'published',
        reason: "Kentucky's surcharge ended with the quarter (IFTA bulletin)",
      },
    });
    // Now every account, whenever it was created, sees the same set: no Kentucky surcharge in 3Q2026.
    expect(await surcharge(carrier)).toBeUndefined();
    expect(await surcharge(await registerAccount(t.http))).toBeUndefined();
    await t.http
      .post(`${OPERATOR}/rate-matrices/${version3.id}/publish`)
      .set(operator.auth)
      .send({ reason: 'again' })
      .expect(409);
  });

  it("publishes an earlier version's file served again, and restores any version in the console", async () => {
    // IFTA serves version 2's exact file again: it is a new version bringing those rates back, not "unchanged".
    files.set('3Q2026.csv', {
      csv: withRate(real('3Q2026'), { name: 'CALIFORNIA #1', title: 'Special', rate: '0.9850' }),
    });
    expect((await job.run(TODAY))![0]).toMatchObject({
      outcome: 'published',
      message: 'Version 5 published (915 rates)',
    });
    expect(dieselRate(await inForce(carrier, 'Q3-2026'), 'CA')).toBe('0.9850');

    const [version1] = await versions('Q3-2026');
    await t.http
      .post(`${OPERATOR}/rate-matrices/${version1.id}/restore`)
      .set(operator.auth)
      .send({ reason: 'no' })
      .expect(400);
    const restored = (
      await t.http
        .post(`${OPERATOR}/rate-matrices/${version1.id}/restore`)
        .set(operator.auth)
        .send({ reason: 'IFTA withdrew the California correction' })
        .expect(201)
    ).body;
    expect(restored).toMatchObject({
      outcome: 'published',
      matrix: { version: 6, status: 'published', source_kind: 'restore', restores_version: 1, rate_count: 915 },
    });
    expect(await storedLines(restored.matrix.id)).toEqual(fileRateLines(real('3Q2026')));
    expect(dieselRate(await inForce(carrier, 'Q3-2026'), 'CA')).toBe('0.9790');
    await t.http
      .post(`${OPERATOR}/rate-matrices/${restored.matrix.id}/restore`)
      .set(operator.auth)
      .send({ reason: 'same one' })
      .expect(409);
  });

  it("refuses a truncated file, a changed layout and another quarter's file, keeping the version in force", async () => {
    const outcomes: Array<[Buffer, RegExp]> = [
      [
        withoutJurisdictions(real('3Q2026'), ['WASHINGTON #10', 'WEST VIRGINIA', 'WISCONSIN', 'WYOMING #32']),
        /4 of 58 members have no diesel rate/,
      ],
      [Buffer.from(real('3Q2026').toString().replace(',Hythane', ',Ammonia')), /IFTA's layout has changed/],
      [real('2Q2026'), /The file is the matrix of 2Q2026, not of 3Q2026/],
    ];
    for (const [csv, message] of outcomes) {
      files.set('3Q2026.csv', { csv });
      const [q3] = (await job.run(TODAY))!;
      expect(q3.outcome).toBe('failed');
      expect(q3.message).toMatch(message);
    }
    files.set('3Q2026.csv', { status: 500 });
    expect((await job.run(TODAY))![0]).toEqual({
      quarter: 'Q3-2026',
      outcome: 'failed',
      message: 'The matrix address answered HTTP 500',
    });
    expect(dieselRate(await inForce(carrier, 'Q3-2026'), 'CA')).toBe('0.9790');
  });

  it('runs once across two replicas: the second finds the lock taken and does nothing', async () => {
    const replica = await createTestApp({ DATABASE_URL: own.url, RATE_MATRIX_URL: base, RATE_MATRIX_INTERVAL_MS: '0' });
    try {
      // 4Q2026 is not posted yet: IFTA's 3Q2026 file retitled stands in for it, California's diesel changed.
      const q4 = withRate(retitled(real('3Q2026'), '4th Quarter 2026'), {
        name: 'CALIFORNIA #1',
        title: 'Special',
        rate: '1.0300',
      });
      files.set('4Q2026.csv', { csv: q4 });
      delayMs = 300;
      const [one, two] = await Promise.all([job.run(TODAY), replica.app.get(MatrixUpdaterJob).run(TODAY)]);
      expect([one, two].filter((run) => run === null)).toHaveLength(1);
      const ran = (one ?? two)!;
      expect(ran.find((check) => check.quarter === 'Q4-2026')).toMatchObject({ outcome: 'published' });
      expect(dieselRate(await inForce(carrier, 'Q4-2026'), 'CA')).toBe('1.0300');
    } finally {
      delayMs = 0;
      await replica.close();
    }
  });

  it('loads past quarters as the calendar reaches them, each equal to its file, priced never with a later one', async () => {
    files.clear();
    files.set('1Q2025.csv', { csv: real('1Q2025') });
    files.set('4Q2025.csv', { csv: real('4Q2025') });
    files.set('1Q2026.csv', { csv: real('1Q2026') });
    // On 2025-02-10 the updater checks from 4Q2024 (the quarter being filed) to 2Q2025; on 2025-12-10, 3Q2025 to 1Q2026.
    const early = await job.run(new Date('2025-02-10T12:00:00Z'));
    expect(early?.find((check) => check.quarter === 'Q1-2025')).toMatchObject({ outcome: 'published' });
    const later = await job.run(new Date('2025-12-10T12:00:00Z'));
    expect(later?.filter((check) => check.outcome === 'published').map((check) => check.quarter)).toEqual([
      'Q4-2025',
      'Q1-2026',
    ]);
    for (const [quarter, name] of [
      ['Q1-2025', '1Q2025'],
      ['Q4-2025', '4Q2025'],
      ['Q1-2026', '1Q2026'],
    ] as const) {
      const [first] = await versions(quarter);
      expect(await storedLines(first.id)).toEqual(fileRateLines(real(name)));
      expect((await inForce(carrier, quarter)).provisional_from).toBeNull();
    }
    // A quarter between them that was never loaded (3Q2025) is not priced with 4Q2025's or 2Q2026's rates.
    const refused = await t.http
      .post(REPORTS)
      .set(carrier.auth)
      .send({ company_name: 'Acme', tax_period: 'Q3-2025', calculation_mode: 'official', jurisdictions: LINES })
      .expect(422);
    expect(refused.body.fields.tax_period).toMatch(/^IFTA's rate matrix of Q3-2025 is not loaded/);
  });

  it("prices a published quarter with its own rates only: a deactivated rate never falls back to another quarter's", async () => {
    // Q3 and Q4 2026 are both published here. The carrier switches off its own Q3 Montana diesel rate.
    const montana = (
      await t.http.get(MANAGE).query({ quarter: 'Q3-2026', search: 'Montana', limit: 50 }).set(carrier.auth).expect(200)
    ).body.data.find(
      (r: { abbreviation: string; fuel_type: string; kind: string }) =>
        r.abbreviation === 'MT' && r.fuel_type === 'diesel' && r.kind === 'base',
    );
    expect(montana).toBeDefined();
    await t.http.put(`${MANAGE}/${montana.id}`).set(carrier.auth).send({ is_active: false }).expect(200);
    const refused = await t.http
      .post(REPORTS)
      .set(carrier.auth)
      .send({
        company_name: 'Acme',
        tax_period: 'Q3-2026',
        calculation_mode: 'official',
        jurisdictions: [{ name: 'MT', total_miles: 1000, taxable_miles: 1000, gallons_purchased: 0 }],
      })
      .expect(422);
    expect(refused.body.fields['jurisdictions.0.tax_rate']).toMatch(/no diesel tax rate for MT in Q3-2026/);
    // Q4's rates (published) are not borrowed for Q3: the in-force list has no Montana and nothing provisional.
    const q3 = await inForce(carrier, 'Q3-2026');
    expect(q3.provisional_rates).toEqual([]);
    expect(dieselRate(q3, 'MT')).toBeUndefined();
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MatrixUpdaterJob } from '../src/tax-rates/official/matrix-updater.job.js';
import { publishedMatrixCsv } from './helpers/ifta-published-csv.js';
import { type OwnDatabase, ownDatabase } from './helpers/own-database.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const REPORTS = '/api/protected/reports';
const IN_FORCE = '/api/protected/tax-rates/in-force';
const MANAGE = '/api/protected/tax-rates-management';
/** 2026-11-26: 4Q2026 is running, 3Q2026 is due, 1Q2027 is next. */
const TODAY = new Date('2026-11-26T12:00:00Z');

/** What the fixture server answers per IFTA file name ('3Q2026.csv'): a CSV, an HTML page, or nothing (404). */
type Answer = { csv: string } | { html: string } | { status: number };

/**
 * The matrix updater against a local server holding fixtures in IFTA's published layout: it publishes a quarter once
 * for every account (never over an account's own change), records each run's outcome (404, an HTML error page, a
 * truncated file, a changed layout), keeps a failure from replacing the rates in force, reprices drafts that were
 * priced provisionally, and runs once across two replicas. On a database of its own: a published 3Q2026 would end
 * the provisional pricing other suites check.
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
    t = await createTestApp({ DATABASE_URL: own.url, RATE_MATRIX_URL: base, RATE_MATRIX_INTERVAL_MS: '0' });
    job = t.app.get(MatrixUpdaterJob);
    carrier = await registerAccount(t.http);
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

    files.set('3Q2026.csv', { csv: publishedMatrixCsv({ quarter: '3Q2026', diesel: { CA: '1.0100', NV: '0.2900' } }) });
    files.set('4Q2026.csv', { html: '<!DOCTYPE html><html><body>Service unavailable</body></html>' });
    const checks = await job.run(TODAY);
    expect(checks).toEqual([
      { quarter: 'Q3-2026', outcome: 'published', message: 'Version 1 published (622 rates)' },
      {
        quarter: 'Q4-2026',
        outcome: 'failed',
        message: 'The address answered a web page, not the CSV file (IFTA may have moved it)',
      },
      { quarter: 'Q1-2027', outcome: 'not_found', message: 'Not published yet (404)' },
    ]);

    const q3 = await inForce(carrier, 'Q3-2026');
    expect(q3.provisional_from).toBeNull();
    expect(dieselRate(q3, 'CA')).toBe('1.0100');
    // The carrier's own Nevada rate stays; IFTA's 0.29 is not written over it.
    expect(q3.rates.find((r: { code: string }) => r.code === 'NV')).toMatchObject({
      rate: '0.5000',
      rate_source: 'override',
    });
    // A company that registers afterwards gets the published quarter too.
    const newcomer = await registerAccount(t.http);
    expect(dieselRate(await inForce(newcomer, 'Q3-2026'), 'CA')).toBe('1.0100');
    expect(dieselRate(await inForce(newcomer, 'Q3-2026'), 'NV')).toBe('0.2900');
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
      ['CA', 1.01, 'official'],
      ['TX', 0.2, 'official'],
      ['NV', 0.5, 'override'],
    ]);
    expect(repriced.totals.tax_due).not.toBe(draft.totals.tax_due);
  });

  it('answers "unchanged" for the same file, publishes a newer version over the first, and keeps both', async () => {
    const again = await job.run(TODAY);
    expect(again?.[0]).toEqual({ quarter: 'Q3-2026', outcome: 'unchanged', message: 'Same file as version 1' });

    files.set('3Q2026.csv', { csv: publishedMatrixCsv({ quarter: '3Q2026', diesel: { CA: '1.0200', NV: '0.2900' } }) });
    const newer = await job.run(TODAY);
    expect(newer?.[0]).toMatchObject({
      quarter: 'Q3-2026',
      outcome: 'published',
      message: 'Version 2 published (622 rates)',
    });
    expect(dieselRate(await inForce(carrier, 'Q3-2026'), 'CA')).toBe('1.0200');
  });

  it("refuses a truncated file, a changed layout and another quarter's file, keeping the version in force", async () => {
    const outcomes: Array<[string, RegExp]> = [
      [
        publishedMatrixCsv({ quarter: '3Q2026', drop: ['WA', 'WV', 'WI', 'WY'] }),
        /4 of 58 members have no diesel rate/,
      ],
      [publishedMatrixCsv({ quarter: '3Q2026', dieselTitle: 'Diesel #2' }), /IFTA's layout has changed/],
      [publishedMatrixCsv({ quarter: '2Q2026' }), /The file is the matrix of 2Q2026, not of 3Q2026/],
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
    expect(dieselRate(await inForce(carrier, 'Q3-2026'), 'CA')).toBe('1.0200');
  });

  it('runs once across two replicas: the second finds the lock taken and does nothing', async () => {
    const replica = await createTestApp({ DATABASE_URL: own.url, RATE_MATRIX_URL: base, RATE_MATRIX_INTERVAL_MS: '0' });
    try {
      files.set('4Q2026.csv', { csv: publishedMatrixCsv({ quarter: '4Q2026', diesel: { CA: '1.0300' } }) });
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
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { captureLogs } from './helpers/log-capture.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const logs = captureLogs();

/**
 * IFTA's late interest by period, as published: 12% a year until 30 June 2013, 5% a year from 1 July 2013 to
 * December 2016 (California CDTFA's table), then the yearly rates of docs/ifta-domain.md. A month no period covers
 * (2026 today) keeps the return flagged "Annual rate missing", never a guessed rate.
 */
describe('late interest by published period', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'warn' }, { logDestination: logs.stream });
    a = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  /** A final worksheet report owing `tax` in Washington (500 mi / 5 MPG = 100 gal x rate), filed on `filedAt`. */
  const file = async (taxPeriod: string, filedAt: string, tax: number) =>
    (
      await t.http
        .post('/api/protected/reports')
        .set(a.auth)
        .send({
          company_name: 'Acme Freight LLC',
          tax_period: taxPeriod,
          average_mpg: 5,
          status: 'final',
          filed_at: filedAt,
          jurisdictions: [
            { name: 'WA', total_miles: 500, taxable_miles: 500, gallons_purchased: 0, tax_rate: tax / 100 },
          ],
        })
        .expect(201)
    ).body;

  it('holds the periods with their sources, the 1 July 2013 change included, and no 2026 rate', async () => {
    const rows: Array<{ from: string; to: string; rate: string; source: string }> = await t.app.get(DataSource).query(
      `SELECT to_char(effective_from, 'YYYY-MM-DD') AS from, to_char(effective_to, 'YYYY-MM-DD') AS to,
              annual_rate::text AS rate, source
       FROM interest_rates ORDER BY effective_from`,
    );
    expect(rows.map((row) => [row.from, row.to, row.rate])).toEqual([
      ['2013-01-01', '2013-06-30', '0.1200'],
      ['2013-07-01', '2016-12-31', '0.0500'],
      ['2017-01-01', '2017-12-31', '0.0600'],
      ['2018-01-01', '2018-12-31', '0.0600'],
      ['2019-01-01', '2019-12-31', '0.0700'],
      ['2020-01-01', '2020-12-31', '0.0700'],
      ['2021-01-01', '2021-12-31', '0.0500'],
      ['2022-01-01', '2022-12-31', '0.0500'],
      ['2023-01-01', '2023-12-31', '0.0800'],
      ['2024-01-01', '2024-12-31', '0.1000'],
      ['2025-01-01', '2025-12-31', '0.0900'],
    ]);
    expect(rows.every((row) => row.source.length > 0)).toBe(true);
  });

  it("charges Washington's $100 one month late at 5% a year $0.42", async () => {
    // 1Q2015 is due 2015-04-30; filed 2015-05-20: one month at 0.05 / 12.
    const report = await file('Q1-2015', '2015-05-20', 100);
    expect(report).toMatchObject({
      due_date: '2015-04-30',
      penalty: 50,
      interest: 0.42,
      interest_rate_missing: false,
    });
  });

  it('charges the months before 1 July 2013 at 12% and those after at 5%', async () => {
    // Due 2013-04-30, filed 2013-08-10: months start 05-01 and 05-31 (12%), 07-01 and 07-31 (5%):
    // 1,000 x 0.34 / 12 = 28.33.
    const report = await file('Q1-2013', '2013-08-10', 1000);
    expect(report).toMatchObject({ due_date: '2013-04-30', interest: 28.33, interest_rate_missing: false });
  });

  it('charges 5% a year through 2014-2016', async () => {
    // 4Q2013 is due 2014-01-31; filed 2016-12-31: 35 months, starting 2014-02-01 to 2016-12-01, at 5% on $1,200:
    // 1,200 x 0.05 x 35 / 12 = 175.00.
    const report = await file('Q4-2013', '2016-12-31', 1200);
    expect(report).toMatchObject({ due_date: '2014-01-31', interest: 175, interest_rate_missing: false });
  });

  it('keeps a return late into 2026 flagged "Annual rate missing" rather than guessing, and tells the operator once', async () => {
    const report = await file('Q2-2026', '2026-11-20', 100);
    expect(report).toMatchObject({ due_date: '2026-07-31', penalty: 50, interest: null, interest_rate_missing: true });
    await file('Q1-2026', '2026-11-20', 100);
    const warnings = logs.lines().filter((line) => String(line.msg).startsWith('No IFTA interest rate covers 2026'));
    expect(warnings).toHaveLength(1);
  });
});

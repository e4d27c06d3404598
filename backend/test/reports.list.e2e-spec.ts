import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { CustomPlanPool } from '../src/database/custom-plan-pool.js';
import { ReportSummaries1764500300000 } from '../src/database/migrations/1764500300000-report-summaries.js';
import { ReportSummaryRateSource1764530000000 } from '../src/database/migrations/1764530000000-report-summary-rate-source.js';
import { ReportSummaryAmendments1764710000200 } from '../src/database/migrations/1764710000200-report-summary-amendments.js';
import { AmendmentBilling1765610000000 } from '../src/database/migrations/1765610000000-amendment-billing.js';
import { rebuildTotals } from './helpers/report-totals-reference.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { withoutAuthors } from './helpers/report-detail.js';

const LIST = '/api/protected/reports';

interface Summary {
  id: string;
  name: string;
  company_name: string;
  period: string;
  status: 'draft' | 'final';
  created_at: string;
  updated_at: string;
  totals: { tax_due: number; total_miles: number };
  jurisdiction_count: number;
  jurisdictions?: unknown;
}
interface Page {
  data: Summary[];
  pagination: { total: number; totalPages: number; page: number; limit: number };
  counts: { total: number; draft: number; final: number };
}

const line = (name: string, miles: number) => ({
  name,
  total_miles: miles,
  taxable_miles: miles,
  gallons_purchased: miles / 10,
  tax_rate: 0.25,
});

/** Words only, so PostgreSQL's collation and JavaScript order them alike once lower-cased. */
const FIXTURES = [
  { name: 'alpha', company_name: 'Zeta', period: 'Q1-2025', status: 'draft', miles: 500, lines: 1 },
  { name: 'Bravo', company_name: 'yankee', period: 'Q2-2025', status: 'final', miles: 100, lines: 2 },
  { name: 'charlie', company_name: 'Xray', period: 'Q1-2025', status: 'draft', miles: 900, lines: 3 },
  { name: 'Delta', company_name: 'whiskey', period: 'Q3-2024', status: 'final', miles: 100, lines: 1 },
  { name: 'echo', company_name: 'Victor', period: 'Q4-2024', status: 'draft', miles: 300, lines: 2 },
  // Same name, company, period, status and miles as the next: only the id orders them.
  { name: 'foxtrot', company_name: 'uniform', period: 'Q2-2025', status: 'draft', miles: 700, lines: 1 },
  { name: 'foxtrot', company_name: 'uniform', period: 'Q2-2025', status: 'draft', miles: 700, lines: 1 },
  { name: 'golf', company_name: 'Tango', period: 'Q1-2025', status: 'final', miles: 50, lines: 4 },
  { name: 'hotel', company_name: 'sierra', period: 'Q3-2024', status: 'draft', miles: 1200, lines: 2 },
  { name: 'India', company_name: 'romeo', period: 'Q4-2024', status: 'final', miles: 0, lines: 1 },
  { name: 'juliett', company_name: 'Quebec', period: 'Q2-2025', status: 'draft', miles: 250, lines: 3 },
] as const;
const CODES = ['TX', 'OK', 'NM', 'AZ'];

describe(`GET ${LIST} with page parameters`, () => {
  let t: TestApp;
  let db: DataSource;
  let account: TestAccount;
  let other: TestAccount;
  let saved: Summary[];
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    account = await registerAccount(t.http);
    other = await registerAccount(t.http, { company_name: 'Other Carrier Inc' });
    saved = [];
    for (const f of FIXTURES) {
      const res = await t.http
        .post(LIST)
        .set(account.auth)
        .send({
          name: f.name,
          company_name: f.company_name,
          tax_period: f.period,
          period: f.period,
          average_mpg: 5,
          status: f.status,
          jurisdictions: CODES.slice(0, f.lines).map((code) => line(code, f.miles)),
        })
        .expect(201);
      saved.push(res.body);
    }
    // Distinct dates in an order unrelated to insertion, and two pairs of equal dates for the id tie-break.
    const minutes = [7, 3, 9, 1, 5, 5, 10, 2, 8, 4, 4];
    saved.forEach((report, i) => {
      report.created_at = new Date(Date.UTC(2025, 0, 1, 0, minutes[i])).toISOString();
      report.updated_at = new Date(Date.UTC(2025, 5, 1, 0, 20 - minutes[(i + 3) % minutes.length])).toISOString();
    });
    await db.query(
      `UPDATE reports r SET created_at = v.c, updated_at = v.u
         FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) AS v(id, c, u) WHERE r.id = v.id`,
      [saved.map((r) => r.id), saved.map((r) => r.created_at), saved.map((r) => r.updated_at)],
    );
    // The other account's reports match every search below and must never show.
    await t.http
      .post(LIST)
      .set(other.auth)
      .send({
        name: 'alpha Bravo foxtrot',
        company_name: 'uniform Zeta',
        average_mpg: 5,
        status: 'final',
        jurisdictions: [line('TX', 1)],
      })
      .expect(201);
  });
  afterAll(() => t.close());

  const get = async (query: Record<string, string | number>, who: TestAccount = account): Promise<Page> =>
    (await t.http.get(LIST).query(query).set(who.auth).expect(200)).body;

  const SORT_KEYS: Record<string, (r: Summary) => Array<string | number>> = {
    created_at: (r) => [r.created_at],
    updated_at: (r) => [r.updated_at],
    name: (r) => [r.name.toLowerCase()],
    company_name: (r) => [r.company_name.toLowerCase()],
    // Calendar order across years (Q3-2024 before Q1-2025), which sorting the text would reverse.
    period: (r) => [r.period.slice(3), r.period.slice(0, 2)],
    status: (r) => [r.status, r.created_at],
    total_tax_due: (r) => [r.totals.tax_due],
    total_miles: (r) => [r.totals.total_miles],
  };
  const reference = (sort: string, order: 'asc' | 'desc') => {
    const sign = order === 'asc' ? 1 : -1;
    const key = (r: Summary) => [...SORT_KEYS[sort](r), r.id];
    return [...saved]
      .sort((a, b) => {
        const [ka, kb] = [key(a), key(b)];
        for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return (ka[i] < kb[i] ? -1 : 1) * sign;
        return 0;
      })
      .map((r) => r.id);
  };

  it('answers a page of summaries without lines, with jurisdiction_count, pagination and the counts', async () => {
    const body = await get({ page: 1 });
    expect(Object.keys(body).sort()).toEqual(['counts', 'data', 'pagination']);
    expect(body.pagination).toEqual({ total: 11, totalPages: 1, page: 1, limit: 25 });
    expect(body.counts).toEqual({ total: 11, draft: 7, final: 4 });
    expect(body.data.map((r) => r.id)).toEqual(reference('created_at', 'desc'));
    for (const summary of body.data) {
      const { jurisdictions, ...full } = withoutAuthors(
        (await t.http.get(`${LIST}/${summary.id}`).set(account.auth).expect(200)).body,
      );
      expect(summary).toEqual({ ...full, jurisdiction_count: (jurisdictions as unknown[]).length });
    }
    expect(body.data.find((r) => r.name === 'golf')?.jurisdiction_count).toBe(4);
  });

  it('keeps each summary equal to its report after every kind of write (stored summaries)', async () => {
    const own = await registerAccount(t.http);
    const summaryOf = async (id: string) => (await get({ limit: 100 }, own)).data.find((r) => r.id === id);
    const expectSummaryOfDetail = async (id: string, lines: number) => {
      const { jurisdictions, ...full } = withoutAuthors(
        (await t.http.get(`${LIST}/${id}`).set(own.auth).expect(200)).body,
      );
      expect(jurisdictions).toHaveLength(lines);
      expect(await summaryOf(id)).toEqual({ ...full, jurisdiction_count: lines });
    };
    const draft = (
      await t.http
        .post(LIST)
        .set(own.auth)
        .send({
          name: 'Before',
          company_name: 'Own',
          tax_period: 'Q1-2025',
          average_mpg: 5,
          jurisdictions: [line('TX', 10)],
        })
        .expect(201)
    ).body;
    await expectSummaryOfDetail(draft.id, 1);
    // A rewrite with more lines, another name and other figures.
    await t.http
      .put(`${LIST}/${draft.id}`)
      .set(own.auth)
      .send({ name: 'After', average_mpg: 6, jurisdictions: CODES.map((code) => line(code, 40)) })
      .expect(200);
    await expectSummaryOfDetail(draft.id, 4);
    expect(await summaryOf(draft.id)).toMatchObject({ name: 'After', average_mpg: 6 });
    // Finalised, then its filing day corrected: status, penalty and interest follow.
    await t.http.put(`${LIST}/${draft.id}`).set(own.auth).send({ status: 'final' }).expect(200);
    await t.http.patch(`${LIST}/${draft.id}/filing`).set(own.auth).send({ filed_at: '2025-06-10' }).expect(200);
    await expectSummaryOfDetail(draft.id, 4);
    expect(await summaryOf(draft.id)).toMatchObject({ status: 'final', is_final: true, filed_at: '2025-06-10' });
  });

  it('the migrations write the line count and summary of reports saved before it', async () => {
    const id = saved.find((r) => r.name === 'golf')!.id;
    const before = (await get({ limit: 100 })).data.find((r) => r.id === id);
    const runner = db.createQueryRunner();
    const migration = new ReportSummaries1764500300000();
    // In one transaction that is rolled back: the other suites sharing this database wait on the table's lock
    // instead of seeing reports without the columns.
    await runner.startTransaction();
    try {
      await migration.down(runner);
      await migration.up(runner);
      // The later migrations that widened the summary run after it, as on a database being brought up to date.
      await new ReportSummaryRateSource1764530000000().up(runner);
      await new ReportSummaryAmendments1764710000200().up(runner);
      await new AmendmentBilling1765610000000().up(runner);
      const [row] = await runner.query('SELECT line_count, summary FROM reports WHERE id = $1', [id]);
      expect(row.line_count).toBe(4);
      // The return's balance is computed with each page (it moves with payments and the return's other finals),
      // never stored in the summary; nor are an amendment's number, the return of record and the void, which read
      // the return's other finals or are written after the summary's fields.
      const {
        amount_due: _due,
        paid: _paid,
        balance: _balance,
        settlement: _settlement,
        amendment_number: _number,
        return_of_record: _record,
        voided: _voided,
        voided_at: _voidedAt,
        void_reason: _reason,
        ...stored
      } = before as Summary &
        Record<
          | 'amount_due'
          | 'paid'
          | 'balance'
          | 'settlement'
          | 'amendment_number'
          | 'return_of_record'
          | 'voided'
          | 'voided_at'
          | 'void_reason',
          unknown
        >;
      expect(JSON.parse(row.summary)).toEqual(stored);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it('sorts by every field both ways with the id breaking ties, and pages never overlap', async () => {
    for (const sort of Object.keys(SORT_KEYS)) {
      for (const order of ['asc', 'desc'] as const) {
        const ids: string[] = [];
        for (let page = 1; page <= 3; page++) {
          const body = await get({ sort, order, page, limit: 4 });
          expect(body.pagination).toEqual({ total: 11, totalPages: 3, page, limit: 4 });
          ids.push(...body.data.map((r) => r.id));
        }
        expect({ sort, order, ids }).toEqual({ sort, order, ids: reference(sort, order) });
      }
    }
  });

  it('searches name or company as a case-insensitive substring and filters status exactly', async () => {
    const byName = await get({ search: 'HARL' });
    expect(byName.data.map((r) => r.name)).toEqual(['charlie']);
    const byCompany = await get({ search: 'ANG' });
    expect(byCompany.data.map((r) => r.name)).toEqual(['golf']);
    const both = await get({ search: 'o', status: 'final', sort: 'name', order: 'asc' });
    expect(both.data.map((r) => r.name)).toEqual(['Bravo', 'golf', 'India']);
    expect(both.pagination.total).toBe(3);
    // The tiles count the filtered list (the specification's report list): search and status narrow all three.
    expect(both.counts).toEqual({ total: 3, draft: 0, final: 3 });
    expect((await get({ search: 'o' })).counts.total).toBe((await get({ search: 'o' })).pagination.total);
    expect((await get({ status: 'draft' })).counts).toEqual({ total: 7, draft: 7, final: 0 });
    const drafts = await get({ status: 'draft', limit: 5 });
    expect(drafts.data.every((r) => r.status === 'draft')).toBe(true);
    expect(drafts.pagination).toEqual({ total: 7, totalPages: 2, page: 1, limit: 5 });
    expect((await get({ search: 'nothing like it' })).pagination).toEqual({
      total: 0,
      totalPages: 0,
      page: 1,
      limit: 25,
    });
    // Past the last page: no rows, the same total.
    expect(await get({ search: 'o', page: 9 })).toMatchObject({ data: [], pagination: { total: 7, page: 9 } });
  });

  it('plans each search for its own pattern, on the custom-plan pool (docs/PERFORMANCE.md)', async () => {
    const pool = t.app.get(CustomPlanPool).get();
    expect((await pool.query('SHOW plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
    const sent = jest.spyOn(pool, 'query');
    try {
      // A search, more than once (a named statement answers the same every time), then a page without one.
      for (let i = 0; i < 7; i++) expect((await get({ search: 'HARL' })).data.map((r) => r.name)).toEqual(['charlie']);
      expect(sent).toHaveBeenCalledTimes(7);
      expect(
        sent.mock.calls.every(([config]) => (config as unknown as { name: string }).name.startsWith('report-search:')),
      ).toBe(true);
      await get({ page: 1 });
      expect(sent).toHaveBeenCalledTimes(7);
    } finally {
      sent.mockRestore();
    }
  });

  it('reads %, _ and \\ in the search literally', async () => {
    const own = await registerAccount(t.http);
    for (const name of ['100% done', '100 done', 'a_b', 'axb', 'back\\slash', 'backslash']) {
      await t.http
        .post(LIST)
        .set(own.auth)
        .send({ name, company_name: 'Plain', average_mpg: 5, jurisdictions: [line('TX', 1)] })
        .expect(201);
    }
    const names = async (search: string) => (await get({ search }, own)).data.map((r) => r.name);
    expect(await names('0%')).toEqual(['100% done']);
    expect(await names('a_b')).toEqual(['a_b']);
    expect(await names('k\\s')).toEqual(['back\\slash']);
    expect(await names('%')).toEqual(['100% done']);
  });

  it('keeps another account out of the rows, the totals and the counts', async () => {
    const mine = await get({ search: 'foxtrot', limit: 100 });
    expect(mine.data).toHaveLength(2);
    // Another account's matching report counts in neither the page nor the tiles.
    expect(mine.counts.total).toBe(2);
    expect((await get({ page: 1 })).counts.total).toBe(11);
    const theirs = await get({ page: 1 }, other);
    expect(theirs.counts).toEqual({ total: 1, draft: 0, final: 1 });
    expect(theirs.data.map((r) => r.name)).toEqual(['alpha Bravo foxtrot']);
    await t.http.get(LIST).query({ page: 1 }).expect(401);
  });

  it.each([
    [{ sort: 'tax_due' }, 'sort'],
    [{ sort: 'name;DROP TABLE reports' }, 'sort'],
    [{ order: 'sideways' }, 'order'],
    [{ status: 'Final' }, 'status'],
    [{ page: 0 }, 'page'],
    [{ page: 'two' }, 'page'],
    [{ page: 1.5 }, 'page'],
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
    [{ limit: 'all' }, 'limit'],
    [{ search: 'x'.repeat(101) }, 'search'],
    [{ page: 2, offset: 5 }, 'page'],
    [{ offset: 0, search: 'alpha' }, 'search'],
  ])('answers 400 naming the field for %j', async (query, field) => {
    const res = await t.http.get(LIST).query(query).set(account.auth).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: expect.any(String), message: expect.any(String) });
    expect(Object.keys(res.body.fields)).toEqual([field]);
    expect(res.body.message).toContain(field);
  });
});

describe(`GET ${LIST} over 10,000 reports`, () => {
  let t: TestApp;
  let db: DataSource;
  let account: TestAccount;
  let oldest: string;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    account = await registerAccount(t.http);
    const res = await t.http
      .post(LIST)
      .set(account.auth)
      .send({
        name: 'Needle Haulage Q1',
        company_name: 'Acme Freight LLC',
        average_mpg: 5,
        jurisdictions: [line('TX', 10)],
      })
      .expect(201);
    oldest = res.body.id;
    await db.query(`UPDATE reports SET created_at = '2020-01-01T00:00:00Z' WHERE id = $1`, [oldest]);
    // 9,999 newer reports written straight in SQL (the API would take minutes), one in three final.
    await db.query(
      `INSERT INTO reports (user_id, name, company_name, average_mpg, status, total_miles, tax_due, created_at)
       SELECT $1, 'Seed report ' || i, 'Acme Freight LLC', 5, CASE WHEN i % 3 = 0 THEN 'final' ELSE 'draft' END,
              i, i / 100.0, timestamptz '2021-01-01' + i * interval '1 minute'
         FROM generate_series(1, 9999) AS i`,
      [account.user.id],
    );
    await rebuildTotals(db, account.user.id);
  });
  afterAll(() => t.close());

  it('finds the report created 10,000 reports ago and counts all 10,000', async () => {
    const found = (await t.http.get(LIST).query({ search: 'needle' }).set(account.auth).expect(200)).body as Page;
    expect(found.data.map((r) => r.id)).toEqual([oldest]);
    expect(found.pagination.total).toBe(1);
    expect(found.counts.total).toBe(1);
    const unfiltered = (await t.http.get(LIST).query({ page: 1 }).set(account.auth).expect(200)).body as Page;
    expect(unfiltered.counts).toEqual({ total: 10000, draft: 6667, final: 3333 });
    const last = (await t.http.get(LIST).query({ page: 400 }).set(account.auth).expect(200)).body as Page;
    expect(last.pagination).toEqual({ total: 10000, totalPages: 400, page: 400, limit: 25 });
    expect(last.data.at(-1)?.id).toBe(oldest);
    const first = (await t.http.get(LIST).query({ sort: 'total_miles', limit: 3 }).set(account.auth).expect(200))
      .body as Page;
    expect(first.data.map((r) => r.name)).toEqual(['Seed report 9999', 'Seed report 9998', 'Seed report 9997']);
  });

  it('keeps answering the plain array of the 1,000 newest without page parameters (README)', async () => {
    const plain = (await t.http.get(LIST).set(account.auth).expect(200)).body as Summary[];
    expect(plain).toHaveLength(1000);
    expect(plain[0].name).toBe('Seed report 9999');
    expect(plain.some((r) => r.id === oldest)).toBe(false);
    // With offset (the dashboard's table) limit keeps its old meaning, up to 1,000.
    const slice = (await t.http.get(LIST).query({ limit: 2, offset: 1 }).set(account.auth).expect(200))
      .body as Summary[];
    expect(slice.map((r) => r.name)).toEqual(['Seed report 9998', 'Seed report 9997']);
    expect(slice[0].jurisdictions).toEqual([]);
  });
});

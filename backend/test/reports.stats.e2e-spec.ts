import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { roundQuantity, toDecimal } from '../src/ifta/index.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const STATS = '/api/protected/reports/stats';
const CODES =
  'AL AZ AR CA CO CT DE FL GA ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AB BC MB NB NL NS ON PE QC SK'.split(
    ' ',
  );

interface Line {
  name: string;
  total_miles: number;
  taxable_miles: number;
  gallons_purchased: number;
  tax_rate: number;
}
interface Generated {
  name: string;
  average_mpg: number;
  status: 'draft' | 'final';
  jurisdictions: Line[];
}
interface Saved extends Generated {
  id: string;
  created_at: string;
}
interface StateNet {
  name: string;
  net_gallons: number;
}

/** A small seeded generator, so a failing run can be replayed with STATS_SEED. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const SEED = Number(process.env.STATS_SEED ?? Date.now() % 1_000_000);
const random = mulberry32(SEED);
const between = (min: number, max: number, decimals: number) =>
  Math.round((min + random() * (max - min)) * 10 ** decimals) / 10 ** decimals;

/** Reports as a fleet enters them, with the cases docs/product-spec.md §5 leaves out mixed in: MPG 0 and lines with no taxable miles. */
function randomReport(index: number): Generated {
  const lines = 1 + Math.floor(random() * 12);
  // One line per jurisdiction: each report draws distinct codes.
  const codes = CODES.map((code) => ({ code, key: random() }))
    .sort((x, y) => x.key - y.key)
    .slice(0, lines)
    .map(({ code }) => code);
  return {
    name: `Random report ${index}`,
    average_mpg: random() < 0.1 ? 0 : between(3, 12, 2),
    status: random() < 0.4 ? 'final' : 'draft',
    jurisdictions: codes.map((code) => {
      const taxable = random() < 0.15 ? 0 : between(0, 5000, 3);
      return {
        name: code,
        total_miles: roundQuantity(taxable + between(0, 300, 3)),
        taxable_miles: taxable,
        gallons_purchased: random() < 0.1 ? 0 : between(0, 900, 3),
        tax_rate: between(0.1, 0.6, 4),
      };
    }),
  };
}

/**
 * The dashboard's figures computed here from the inputs, the way docs/product-spec.md §5 describes them for a client holding
 * every report: line net gallons as the server stores them (3 decimals), summed in whole thousandths so the
 * reference itself has no floating-point drift.
 */
function reference(reports: Saved[]) {
  const byState = new Map<string, number>();
  for (const report of reports) {
    if (!(report.average_mpg > 0)) continue;
    for (const line of report.jurisdictions) {
      if (!(line.taxable_miles > 0)) continue;
      // Exact decimals: a line's stored net gallons round the exact quotient, not a float's.
      const net = roundQuantity(
        toDecimal(line.taxable_miles).dividedBy(toDecimal(report.average_mpg)).minus(toDecimal(line.gallons_purchased)),
      );
      byState.set(line.name, (byState.get(line.name) ?? 0) + Math.round(net * 1000));
    }
  }
  const states: StateNet[] = [...byState]
    .map(([name, thousandths]) => ({ name, thousandths }))
    .sort((a, b) => a.thousandths - b.thousandths || (a.name < b.name ? -1 : 1))
    .map(({ name, thousandths }) => ({ name, net_gallons: thousandths / 1000 }));
  const positive = reports.filter((r) => r.average_mpg > 0);
  const mpgCents = positive.reduce((sum, r) => sum + Math.round(r.average_mpg * 100), 0);
  const latest = [...reports].sort((a, b) => b.created_at.localeCompare(a.created_at) || (a.id < b.id ? 1 : -1))[0];
  return {
    total_reports: reports.length,
    draft_reports: reports.filter((r) => r.status !== 'final').length,
    final_reports: reports.filter((r) => r.status === 'final').length,
    total_jurisdictions: reports.reduce((sum, r) => sum + r.jurisdictions.length, 0),
    distinct_jurisdictions: new Set(reports.flatMap((r) => r.jurisdictions.map((line) => line.name))).size,
    average_mpg: positive.length ? Math.round(mpgCents / positive.length) / 100 : 0,
    latest_activity: latest
      ? {
          id: latest.id,
          name: latest.name,
          created_at: latest.created_at,
          status: latest.status,
          is_final: latest.status === 'final',
          jurisdiction_count: latest.jurisdictions.length,
        }
      : null,
    state_net_gallons: states,
    overpurchase: states.filter((s) => s.net_gallons < -10).slice(0, 3),
    underpurchase: states
      .filter((s) => s.net_gallons > 10)
      .reverse()
      .sort((a, b) => b.net_gallons - a.net_gallons || (a.name < b.name ? -1 : 1))
      .slice(0, 3),
  };
}

describe(`GET ${STATS} (seed ${SEED})`, () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const company = { company_name: 'Acme Freight LLC', tax_period: 'Q1-2025' };
  const stats = async (account: TestAccount) => (await t.http.get(STATS).set(account.auth).expect(200)).body;

  /** Saves through the API (so every stored number is the server's own), a few at a time. */
  async function save(account: TestAccount, reports: Generated[]): Promise<Saved[]> {
    const saved: Saved[] = [];
    for (let start = 0; start < reports.length; start += 8) {
      const batch = reports.slice(start, start + 8);
      const answers = await Promise.all(
        batch.map((report) =>
          t.http
            .post('/api/protected/reports')
            .set(account.auth)
            .send({ ...company, ...report }),
        ),
      );
      answers.forEach((res, i) => {
        expect(res.status).toBe(201);
        saved.push({ ...batch[i], id: res.body.id, created_at: res.body.created_at });
      });
    }
    return saved;
  }

  /**
   * Reports saved in one burst share milliseconds, so each gets its own created_at, spread over a year in an
   * order unrelated to insertion: "latest" must come from the dates, not from the order rows were written.
   */
  async function spreadCreatedAt(reports: Saved[]): Promise<void> {
    const slots = reports.map((_, i) => i).sort(() => random() - 0.5);
    const base = Date.UTC(2026, 0, 1);
    reports.forEach((report, i) => {
      report.created_at = new Date(base - slots[i] * 60_000 - Math.floor(random() * 60_000)).toISOString();
    });
    await db.query(
      `UPDATE reports r SET created_at = v.created_at
         FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, created_at) WHERE r.id = v.id`,
      [reports.map((r) => r.id), reports.map((r) => r.created_at)],
    );
  }

  it('answers zeros, empty lists and no latest activity for an account without reports', async () => {
    const empty = await registerAccount(t.http);
    expect(await stats(empty)).toEqual({
      total_reports: 0,
      draft_reports: 0,
      final_reports: 0,
      total_jurisdictions: 0,
      distinct_jurisdictions: 0,
      average_mpg: 0,
      latest_activity: null,
      state_net_gallons: [],
      overpurchase: [],
      underpurchase: [],
    });
  });

  it('equals the reference computation over 300 random reports, to the thousandth of a gallon, per account', async () => {
    const a = await registerAccount(t.http);
    const b = await registerAccount(t.http, { company_name: 'Other Carrier Inc' });
    const aReports = await save(
      a,
      Array.from({ length: 300 }, (_, i) => randomReport(i)),
    );
    // b's lines are far larger, so any of them leaking into a's sums would change a's numbers.
    const bReports = await save(b, [
      {
        name: 'B huge',
        average_mpg: 2,
        status: 'final',
        jurisdictions: [
          { name: 'TX', total_miles: 900000, taxable_miles: 900000, gallons_purchased: 0, tax_rate: 0.2 },
        ],
      },
      {
        name: 'B credit',
        average_mpg: 7.25,
        status: 'draft',
        jurisdictions: [{ name: 'OK', total_miles: 10, taxable_miles: 10, gallons_purchased: 50000, tax_rate: 0.2 }],
      },
    ]);
    await spreadCreatedAt([...aReports, ...bReports]);

    const aExpected = reference(aReports);
    expect(aExpected.overpurchase.length + aExpected.underpurchase.length).toBeGreaterThan(0);
    expect(await stats(a)).toEqual(aExpected);
    expect(await stats(b)).toEqual(reference(bReports));
  });

  it('keeps states at exactly -10 and +10 net gallons out of the lists, and those just beyond in', async () => {
    const account = await registerAccount(t.http);
    await save(account, [
      {
        name: 'Boundaries',
        average_mpg: 5,
        status: 'draft',
        jurisdictions: [
          { name: 'AL', total_miles: 50, taxable_miles: 50, gallons_purchased: 20, tax_rate: 0.3 }, // -10
          { name: 'AZ', total_miles: 50, taxable_miles: 50, gallons_purchased: 20.001, tax_rate: 0.3 }, // -10.001
          { name: 'AR', total_miles: 100, taxable_miles: 100, gallons_purchased: 10, tax_rate: 0.3 }, // +10
          { name: 'CA', total_miles: 100, taxable_miles: 100, gallons_purchased: 9.999, tax_rate: 0.3 }, // +10.001
        ],
      },
    ]);
    const body = await stats(account);
    expect(body.overpurchase).toEqual([{ name: 'AZ', net_gallons: -10.001 }]);
    expect(body.underpurchase).toEqual([{ name: 'CA', net_gallons: 10.001 }]);
    expect(body.state_net_gallons).toEqual([
      { name: 'AZ', net_gallons: -10.001 },
      { name: 'AL', net_gallons: -10 },
      { name: 'AR', net_gallons: 10 },
      { name: 'CA', net_gallons: 10.001 },
    ]);
  });

  it('sums a state over reports and keeps the 3 largest each way, in order', async () => {
    const account = await registerAccount(t.http);
    const line = (name: string, taxable: number, purchased: number) => ({
      name,
      total_miles: taxable,
      taxable_miles: taxable,
      gallons_purchased: purchased,
      tax_rate: 0.25,
    });
    // At MPG 10: net = taxable / 10 - purchased.
    await save(account, [
      {
        name: 'First',
        average_mpg: 10,
        status: 'final',
        jurisdictions: [line('FL', 10, 7), line('CO', 10, 51), line('CT', 10, 31), line('TX', 400, 0)],
      },
      {
        name: 'Second',
        average_mpg: 10,
        status: 'draft',
        // FL: -6 here and -6 above: only the sum crosses -10. NY +6 twice likewise crosses +10.
        jurisdictions: [line('FL', 10, 7), line('DE', 10, 21), line('NY', 60, 0), line('OH', 260, 0)],
      },
      {
        name: 'Third',
        average_mpg: 10,
        status: 'draft',
        jurisdictions: [line('NY', 60, 0), line('PA', 150, 0), line('IN', 100.1, 0)],
      },
    ]);
    const body = await stats(account);
    expect(body.overpurchase).toEqual([
      { name: 'CO', net_gallons: -50 },
      { name: 'CT', net_gallons: -30 },
      { name: 'DE', net_gallons: -20 },
    ]); // FL at -12 is the 4th
    expect(body.underpurchase).toEqual([
      { name: 'TX', net_gallons: 40 },
      { name: 'OH', net_gallons: 26 },
      { name: 'PA', net_gallons: 15 },
    ]); // NY at +12 and IN at +10.01 follow
    expect(body.state_net_gallons).toContainEqual({ name: 'FL', net_gallons: -12 });
    expect(body.state_net_gallons).toContainEqual({ name: 'NY', net_gallons: 12 });
  });

  it('leaves reports with MPG 0 and lines without taxable miles out of the per-state sums and the MPG mean', async () => {
    const account = await registerAccount(t.http);
    await save(account, [
      {
        name: 'Counted',
        average_mpg: 6,
        status: 'draft',
        jurisdictions: [
          { name: 'AZ', total_miles: 120, taxable_miles: 120, gallons_purchased: 40, tax_rate: 0.26 }, // -20
          // No taxable miles: its -300 would make ID the top over-purchase if it counted.
          { name: 'ID', total_miles: 0, taxable_miles: 0, gallons_purchased: 300, tax_rate: 0.32 },
        ],
      },
      {
        // MPG 0 stores consumed 0, so every line is a credit; none of it may reach the sums or the mean.
        name: 'No MPG',
        average_mpg: 0,
        status: 'final',
        jurisdictions: [
          { name: 'AZ', total_miles: 1000, taxable_miles: 1000, gallons_purchased: 100, tax_rate: 0.26 },
          { name: 'GA', total_miles: 1000, taxable_miles: 1000, gallons_purchased: 500, tax_rate: 0.33 },
        ],
      },
    ]);
    const body = await stats(account);
    expect(body.state_net_gallons).toEqual([{ name: 'AZ', net_gallons: -20 }]);
    expect(body.overpurchase).toEqual([{ name: 'AZ', net_gallons: -20 }]);
    expect(body.underpurchase).toEqual([]);
    expect(body.average_mpg).toBe(6);
    // They are still reports with lines: the counts include them.
    expect(body).toMatchObject({ total_reports: 2, draft_reports: 1, final_reports: 1, total_jurisdictions: 4 });
    expect(body.distinct_jurisdictions).toBe(3);
  });

  it('answers 401 without a token', async () => {
    await t.http.get(STATS).expect(401);
  });
});

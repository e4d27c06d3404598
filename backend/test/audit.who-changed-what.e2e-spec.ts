import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { asActor } from '../src/audit/audit-context.js';
import { ProvisionalDraftsRepricer } from '../src/reports/provisional-drafts-repricer.js';
import { createTestApp, registerAccount, uniqueEmail, type TestAccount, type TestApp } from './helpers/test-app.js';

const EVENTS = '/api/protected/audit-events';
const REPORTS = '/api/protected/reports';

interface AuditEvent {
  id: string;
  actor_user_id: string | null;
  actor_email: string | null;
  actor_kind: 'person' | 'system';
  actor_description: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  summary: string;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  created_at: string;
}

/** A Q3-2026 official draft: no matrix of that quarter yet, so it is priced provisionally and a publish reprices it. */
const DRAFT = {
  company_name: '=Formula Freight LLC',
  license_number: 'KY-998877',
  tax_period: 'Q3-2026',
  average_mpg: 0,
  calculation_mode: 'official',
  jurisdictions: [
    { name: 'KY', total_miles: 10000, taxable_miles: 10000, gallons_purchased: 1538 },
    { name: 'TX', total_miles: 6000, taxable_miles: 6000, gallons_purchased: 1000 },
  ],
};

/**
 * Who changed what: a report's edit keeps the before → after of each line it touched (a line added or removed
 * whole, a line changed by the figures that changed), the list filters by person, action and days (a day that is
 * not one is refused by name), repricing after a matrix publish is the system's doing and not the operator's, and
 * the CSV export for an auditor escapes formulas and holds only the company's own events.
 */
describe('audit: who changed what', () => {
  let t: TestApp;
  let owner: TestAccount;
  let other: TestAccount;
  let reportId: string;

  const list = async (account: TestAccount, query = ''): Promise<AuditEvent[]> =>
    (await t.http.get(`${EVENTS}?limit=100${query}`).set(account.auth).expect(200)).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    // An address may start with a minus: in a spreadsheet that cell would be a formula unless escaped.
    owner = await registerAccount(t.http, { company_name: 'Who Changed LLC', email: `-${uniqueEmail('bk')}` });
    other = await registerAccount(t.http, { company_name: 'Elsewhere LLC' });
    reportId = (
      await t.http
        .post(REPORTS)
        .set(owner.auth)
        .send({ ...DRAFT, name: '=Q3 draft' })
        .expect(201)
    ).body.id;
    // One line changed (KY's taxable miles), one removed (TX), one added (OH).
    await t.http
      .put(`${REPORTS}/${reportId}`)
      .set(owner.auth)
      .send({
        jurisdictions: [
          { name: 'KY', total_miles: 10000, taxable_miles: 9000, gallons_purchased: 1538 },
          { name: 'OH', total_miles: 500, taxable_miles: 500, gallons_purchased: 0 },
        ],
      })
      .expect(200);
    await t.http
      .post(REPORTS)
      .set(other.auth)
      .send({ ...DRAFT, name: '=Other draft' })
      .expect(201);
  });
  afterAll(() => t.close());

  it('keeps the before → after of the lines an update changed, by the figures that changed', async () => {
    const [update] = await list(owner, `&action=update&entity_id=${reportId}`);
    expect(update.actor_kind).toBe('person');
    expect(update.actor_email).toBe(owner.user.email);
    expect(update.changes?.['line KY diesel']).toEqual({
      before: { taxable_miles: 10000 },
      after: { taxable_miles: 9000 },
    });
    expect(update.changes?.['line TX diesel']).toMatchObject({ before: { total_miles: 6000 }, after: null });
    expect(update.changes?.['line OH diesel']).toMatchObject({ before: null, after: { total_miles: 500 } });
  });

  it('filters by person, action and days', async () => {
    const creates = await list(owner, '&action=create');
    expect(creates.length).toBeGreaterThan(0);
    expect(creates.every((event) => event.action === 'create')).toBe(true);
    const mine = await list(owner, `&actor=${encodeURIComponent(owner.user.email)}&action=update`);
    expect(mine.map((event) => event.entity_id)).toContain(reportId);
    expect(await list(owner, '&actor=nobody@example.com')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(owner, `&from=${today}&to=${today}&action=update`)).length).toBeGreaterThan(0);
    expect(await list(owner, '&from=2020-01-01&to=2020-12-31')).toEqual([]);
    expect(await list(owner, '&from=2999-01-01')).toEqual([]);
  });

  it('refuses a day that is not one, naming the field', async () => {
    const bad = async (query: string, field: string) => {
      const res = await t.http.get(`${EVENTS}?${query}`).set(owner.auth).expect(400);
      expect(Object.keys(res.body.fields ?? {})).toEqual([field]);
    };
    await bad('from=yesterday', 'from');
    await bad('to=2026-02-30', 'to');
    await bad('from=2026-07-02&to=2026-07-01', 'to');
    await bad('action=DROP%20TABLE', 'action');
    await t.http.get(`${EVENTS}/export?from=07/01/2026`).set(owner.auth).expect(400);
  });

  it('puts repricing after a matrix publish down to the system, not the operator who published', async () => {
    const repricer = t.app.get(ProvisionalDraftsRepricer);
    // The publish runs in the operator's request: the repricing inside it must not take their name.
    const operator = { userId: randomUUID(), email: 'operator@ifta.example' };
    await asActor(operator, () => repricer.reprice({ quarter: 'Q3-2026', matrixId: randomUUID(), version: 2 }));
    const [repriced] = await list(owner, `&action=update&entity_id=${reportId}`);
    expect(repriced).toMatchObject({
      actor_kind: 'system',
      actor_user_id: null,
      actor_email: null,
      actor_description: 'IFTA Q3-2026 matrix v2 applied',
    });
    const system = await list(owner, '&actor=system');
    expect(system.map((event) => event.id)).toContain(repriced.id);
    expect(system.every((event) => event.actor_kind === 'system')).toBe(true);
    expect((await list(owner)).some((event) => event.actor_email === operator.email)).toBe(false);
  });

  it("exports the filtered events as CSV with formulas escaped, and never another company's", async () => {
    const res = await t.http.get(`${EVENTS}/export`).set(owner.auth).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="?activity-.*\.csv/);
    const csv = res.text;
    expect(csv.split('\r\n')[0]).toContain('when,who,actor_kind,action,entity,entity_id,summary,changes');
    expect(csv).toContain(`"Created report =Q3 draft"`);
    expect(csv).toContain(`"'${owner.user.email}"`);
    expect(csv).not.toMatch(/(^|,)"[=+\-@]/m);
    expect(csv).not.toContain('Other draft');
    expect(csv).not.toContain(other.user.email);
    const updates = (await t.http.get(`${EVENTS}/export?action=update`).set(owner.auth).expect(200)).text;
    const rows = updates.trim().split('\r\n').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.includes('"update","report"'))).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { accept, addMember, invite } from './helpers/members.js';
import { pdfPages } from './helpers/pdf-text.js';
import { binaryParser } from './helpers/xlsx.js';
import {
  createTestApp,
  registerAccount,
  tokenizeCard,
  uniqueEmail,
  type TestAccount,
  type TestApp,
} from './helpers/test-app.js';

const EVENTS = '/api/protected/audit-events';
const REPORTS = '/api/protected/reports';
const RATES = '/api/protected/tax-rates-management';

/** An official diesel return: a second final of the same quarter amends the first. */
const RETURN = {
  company_name: 'Audit Freight LLC',
  license_number: 'MO-1234',
  tax_period: 'Q3-2026',
  calculation_mode: 'official',
  jurisdictions: [
    { name: 'TX', total_miles: 5000, taxable_miles: 5000, gallons_purchased: 0, tax_rate: 0 },
    { name: 'MO', total_miles: 1000, taxable_miles: 1000, gallons_purchased: 1000, tax_rate: 0 },
  ],
};

interface AuditEvent {
  id: string;
  actor_user_id: string | null;
  actor_email: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  summary: string;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  created_at: string;
}

/**
 * The audit trail: every listed action of a company leaves one event naming the member who did it, a rate's
 * change keeps its before/after, the table refuses UPDATE and DELETE, another company never sees the events, and a
 * report's detail says who prepared and who finalised it.
 */
describe('audit events', () => {
  let t: TestApp;
  let db: DataSource;
  let owner: TestAccount;
  let bookkeeper: TestAccount;
  let other: TestAccount;
  let events: AuditEvent[];
  const ids: Record<string, string> = {};
  let pdf: Buffer;

  const all = async (account: TestAccount, query = ''): Promise<AuditEvent[]> =>
    (await t.http.get(`${EVENTS}?limit=100${query}`).set(account.auth).expect(200)).body.data;
  const one = (action: string, entity: string, entityId?: string) => {
    const found = events.filter(
      (event) => event.action === action && event.entity === entity && (!entityId || event.entity_id === entityId),
    );
    expect(found).toHaveLength(1);
    return found[0];
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    owner = await registerAccount(t.http, { company_name: 'Audit Freight LLC' });
    other = await registerAccount(t.http, { company_name: 'Other Freight LLC' });
    // Members: invite, accept, change a role, remove, and revoke an invitation never accepted.
    const bookkeeperEmail = uniqueEmail('bookkeeper');
    bookkeeper = await accept(t.http, await invite(t, owner, 'bookkeeper', bookkeeperEmail));
    const leaving = await addMember(t, owner, 'viewer');
    const members = (await t.http.get('/api/protected/members').set(owner.auth).expect(200)).body;
    const leavingMember = members.members.find((m: { user_id: string }) => m.user_id === leaving.user.id);
    ids.leaving = leavingMember.id;
    await t.http
      .patch(`/api/protected/members/${ids.leaving}`)
      .set(owner.auth)
      .send({ role: 'bookkeeper' })
      .expect(200);
    await t.http.delete(`/api/protected/members/${ids.leaving}`).set(owner.auth).expect(204);
    await t.http
      .post('/api/protected/members/invitations')
      .set(owner.auth)
      .send({ email: uniqueEmail('never'), role: 'viewer' })
      .expect(201)
      .then((res) => (ids.revoked = res.body.id));
    await t.http.delete(`/api/protected/members/invitations/${ids.revoked}`).set(owner.auth).expect(204);

    // Reports, by the bookkeeper: create, edit, finalise, export both ways, amend with a second final, delete one.
    const draft = (await t.http.post(REPORTS).set(bookkeeper.auth).send(RETURN).expect(201)).body;
    ids.report = draft.id;
    const lines = [{ ...RETURN.jurisdictions[0] }, { ...RETURN.jurisdictions[1], gallons_purchased: 900 }];
    await t.http.put(`${REPORTS}/${draft.id}`).set(bookkeeper.auth).send({ jurisdictions: lines }).expect(200);
    await t.http.put(`${REPORTS}/${draft.id}`).set(owner.auth).send({ status: 'final' }).expect(200);
    await t.http.patch(`${REPORTS}/${draft.id}/filing`).set(owner.auth).send({ filed_at: '2026-10-30' }).expect(200);
    await t.http
      .post(`${REPORTS}/${draft.id}/export`)
      .set(bookkeeper.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    const res = await t.http.get(`${REPORTS}/${draft.id}/pdf`).set(owner.auth).buffer(true).parse(binaryParser);
    pdf = res.body as Buffer;
    const amended = (
      await t.http
        .post(REPORTS)
        .set(owner.auth)
        .send({ ...RETURN, status: 'final' })
        .expect(201)
    ).body;
    ids.amended = amended.id;
    const doomed = (
      await t.http
        .post(REPORTS)
        .set(bookkeeper.auth)
        .send({ ...RETURN, name: 'Doomed' })
        .expect(201)
    ).body;
    ids.doomed = doomed.id;
    await t.http.delete(`${REPORTS}/${doomed.id}`).set(bookkeeper.auth).expect(200);

    // Records: an import of trips.
    await t.http
      .post('/api/protected/trips/import')
      .set(bookkeeper.auth)
      .attach('file', Buffer.from('Date,Unit,State,Miles\n2026-07-01,T1,TX,100\n2026-07-02,T1,OK,50'), 'trips.csv')
      .expect(200);

    // Rates: create, update (the rate), bulk deactivate, delete.
    const rate = (
      await t.http
        .post(RATES)
        .set(bookkeeper.auth)
        .send({ name: 'Audit Land', abbreviation: 'AU', rate: 0.5, country: 'USA', effective_date: '2026-07-01' })
        .expect(201)
    ).body;
    ids.rate = rate.id;
    await t.http.put(`${RATES}/${rate.id}`).set(bookkeeper.auth).send({ rate: 0.55 }).expect(200);
    await t.http
      .put(`${RATES}/bulk`)
      .set(bookkeeper.auth)
      .send({ ids: [rate.id], is_active: false })
      .expect(200);
    await t.http.delete(`${RATES}/${rate.id}`).set(bookkeeper.auth).expect(200);

    // Settings, by the owner.
    await t.http.put('/api/protected/user/settings').set(owner.auth).send({ default_mpg: 6.4 }).expect(200);

    // Billing, by the owner (registerAccount subscribed already): change the plan, add a card, make it the default,
    // delete it; then cancel.
    await t.http.put('/api/protected/subscriptions').set(owner.auth).send({ plan_id: 'professional' }).expect(200);
    const card = (
      await t.http
        .post('/api/protected/payment-methods')
        .set(owner.auth)
        .send({ payment_method_id: await tokenizeCard(t.http) })
        .expect(201)
    ).body;
    ids.card = card.id;
    await t.http
      .put(`/api/protected/payment-methods/${card.id}`)
      .set(owner.auth)
      .send({ is_default: true })
      .expect(200);
    await t.http.delete(`/api/protected/payment-methods/${card.id}`).set(owner.auth).expect(200);
    await t.http.delete('/api/protected/subscriptions').set(owner.auth).expect(200);

    events = await all(owner);
  });
  afterAll(() => t.close());

  it('records one event per report action, by the member who did it', () => {
    const by = (event: AuditEvent) => event.actor_email;
    expect(by(one('create', 'report', ids.report))).toBe(bookkeeper.user.email);
    const updates = events.filter((e) => e.action === 'update' && e.entity_id === ids.report);
    const filing = updates.filter((e) => e.summary.includes('filing date'));
    expect(filing.map((e) => [e.actor_email, e.summary])).toEqual([
      [owner.user.email, expect.stringMatching(/filing date of report .* to 2026-10-30$/)],
    ]);
    const update = updates.filter((e) => !filing.includes(e));
    expect(update.map(by)).toEqual([owner.user.email, bookkeeper.user.email]); // newest first
    // The bookkeeper's edit changed MO's gallons: its line's before/after.
    expect(update[1].changes).toMatchObject({
      'line MO diesel': { before: { gallons_purchased: 1000 }, after: { gallons_purchased: 900 } },
    });
    expect(by(one('finalise', 'report', ids.report))).toBe(owner.user.email);
    const exports = events.filter((e) => e.action === 'export' && e.entity_id === ids.report);
    expect(exports.map((e) => e.summary).sort()).toEqual([
      expect.stringMatching(/as PDF$/),
      expect.stringMatching(/as XLSX$/),
    ]);
    expect(one('amend', 'report', ids.amended).actor_email).toBe(owner.user.email);
    expect(one('finalise', 'report', ids.amended).actor_user_id).toBe(owner.user.id);
    expect(one('delete', 'report', ids.doomed)).toMatchObject({ actor_email: bookkeeper.user.email });
    expect(one('create', 'report', ids.doomed).summary).toBe('Created report Doomed');
  });

  it("keeps a deleted report's lines in its delete event; a create leaves its lines to the report's own rows", () => {
    // Each update keeps the before/after of the lines it changes, so the report as created can be told without a copy.
    expect(one('create', 'report', ids.report).changes).toBeNull();
    expect(one('create', 'report', ids.doomed).changes).toBeNull();
    const held = one('delete', 'report', ids.doomed).changes ?? {};
    const line = (code: string) => Object.entries(held).find(([key]) => key.startsWith(`line ${code} diesel`))?.[1];
    expect(Object.keys(held)).toHaveLength(2);
    expect(line('TX')).toEqual({
      before: { total_miles: 5000, taxable_miles: 5000, gallons_purchased: 0, tax_rate: expect.any(Number) },
      after: null,
    });
    expect(line('MO')).toMatchObject({ before: { total_miles: 1000, gallons_purchased: 1000 }, after: null });
  });

  it('records imports, rates (with before/after), settings, members and billing', () => {
    expect(one('import', 'records', 'trips')).toMatchObject({
      actor_email: bookkeeper.user.email,
      changes: { imported: { before: null, after: 2 } },
    });
    expect(one('create', 'tax_rate', ids.rate).changes).toMatchObject({ rate: { before: null, after: 0.5 } });
    expect(one('update', 'tax_rate', ids.rate).changes).toEqual({ rate: { before: 0.5, after: 0.55 } });
    expect(one('bulk_update', 'tax_rate').changes).toMatchObject({ is_active: { after: false } });
    expect(one('delete', 'tax_rate', ids.rate).changes).toMatchObject({ rate: { before: 0.55, after: null } });
    expect(one('update', 'settings').changes).toEqual({ default_mpg: { before: expect.anything(), after: 6.4 } });
    expect(events.filter((e) => e.entity === 'member').map((e) => e.action)).toEqual(
      expect.arrayContaining(['invite', 'accept', 'role_change', 'remove', 'revoke']),
    );
    expect(one('role_change', 'member', ids.leaving).changes).toEqual({
      role: { before: 'viewer', after: 'bookkeeper' },
    });
    expect(one('remove', 'member', ids.leaving).actor_email).toBe(owner.user.email);
    expect(one('revoke', 'member', ids.revoked).actor_email).toBe(owner.user.email);
    // The person accepting is the actor of their own joining.
    expect(events.filter((e) => e.action === 'accept').map((e) => e.actor_email)).toContain(bookkeeper.user.email);
    expect(one('subscribe', 'billing').summary).toMatch(/Enterprise/i);
    expect(one('plan_change', 'billing').changes).toEqual({
      plan: { before: expect.stringMatching(/Enterprise/i), after: expect.stringMatching(/Professional/i) },
    });
    for (const action of ['card_add', 'card_default', 'card_delete']) {
      expect(one(action, 'billing', ids.card).actor_email).toBe(owner.user.email);
    }
    expect(one('cancel', 'billing').actor_email).toBe(owner.user.email);
  });

  it('filters by entity, entity id and actor (e-mail or member id); any member may read', async () => {
    const viewer = await addMember(t, owner, 'viewer');
    const rates = await all(viewer, '&entity=tax_rate');
    expect(rates.length).toBeGreaterThanOrEqual(4);
    expect(new Set(rates.map((e) => e.entity))).toEqual(new Set(['tax_rate']));
    const report = await all(owner, `&entity=report&entity_id=${ids.report}`);
    expect(new Set(report.map((e) => e.entity_id))).toEqual(new Set([ids.report]));
    const byEmail = await all(owner, `&actor=${encodeURIComponent(bookkeeper.user.email.toUpperCase())}`);
    const byId = await all(owner, `&actor=${bookkeeper.user.id}`);
    expect(byEmail.length).toBeGreaterThan(5);
    expect(byId.map((e) => e.id)).toEqual(byEmail.map((e) => e.id));
    expect(new Set(byEmail.map((e) => e.actor_email))).toEqual(new Set([bookkeeper.user.email]));
  });

  it('pages newest first by an opaque cursor, every event once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await t.http.get(`${EVENTS}?limit=7${query}`).set(owner.auth).expect(200)).body;
      expect(page.data.length).toBeLessThanOrEqual(7);
      seen.push(...page.data.map((e: AuditEvent) => e.id));
      cursor = page.next_cursor;
    } while (cursor);
    const newest = await all(owner);
    expect(seen).toEqual(newest.map((e) => e.id));
    const times = newest.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('refuses a bad limit, cursor or entity with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
      ['cursor=not-a-cursor', 'cursor'],
      ['entity=reports', 'entity'],
    ]) {
      const res = await t.http.get(`${EVENTS}?${query}`).set(owner.auth).expect(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
  });

  it('never shows a company the events of another', async () => {
    const theirs = await all(other);
    expect(theirs.map((e) => e.action)).toEqual(['subscribe']);
    expect(await all(other, `&entity_id=${ids.report}`)).toEqual([]);
    expect(await all(other, `&actor=${bookkeeper.user.email}`)).toEqual([]);
    // Their own cursor-less first page never holds an id of ours.
    const ours = new Set(events.map((e) => e.id));
    expect(theirs.some((e) => ours.has(e.id))).toBe(false);
  });

  it('is append-only: the database refuses UPDATE and DELETE of an event', async () => {
    const [event] = events;
    await expect(db.query(`UPDATE audit_events SET summary = 'rewritten' WHERE id = $1`, [event.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(db.query('DELETE FROM audit_events WHERE id = $1', [event.id])).rejects.toThrow(/append-only/);
    const [row] = await db.query('SELECT summary FROM audit_events WHERE id = $1', [event.id]);
    expect(row.summary).toBe(event.summary);
  });

  it('shows who prepared and who finalised a report on its detail and on the PDF', async () => {
    const detail = (await t.http.get(`${REPORTS}/${ids.report}`).set(owner.auth).expect(200)).body;
    expect(detail.prepared_by).toEqual({ email: bookkeeper.user.email, at: expect.any(String) });
    expect(detail.finalised_by).toEqual({ email: owner.user.email, at: expect.any(String) });
    const amended = (await t.http.get(`${REPORTS}/${ids.amended}`).set(owner.auth).expect(200)).body;
    expect(amended.prepared_by.email).toBe(owner.user.email);
    const text = (await pdfPages(pdf)).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain(`Prepared by`);
    expect(text).toContain(bookkeeper.user.email);
    expect(text).toContain(`Finalised by`);
  });
});

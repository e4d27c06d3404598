import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { pdfPages } from './helpers/pdf-text.js';
import { keptTotals, recomputedTotals } from './helpers/report-totals-reference.js';
import { binaryParser, readWorkbook, sheetValues } from './helpers/xlsx.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const REPORTS = '/api/protected/reports';

/**
 * An official diesel return for Q3-2026: 6,000 mi / 1,000 gal is a fleet MPG of 6.00, so Missouri's 1,000 taxable
 * miles are 167 taxable gallons against 1,000 bought there: -833 net gallons (Texas +833).
 */
const MISSOURI_RETURN = {
  company_name: 'Acme Freight LLC',
  license_number: 'MO-1234',
  tax_period: 'Q3-2026',
  calculation_mode: 'official',
  jurisdictions: [
    { name: 'TX', total_miles: 5000, taxable_miles: 5000, gallons_purchased: 0, tax_rate: 0 },
    { name: 'MO', total_miles: 1000, taxable_miles: 1000, gallons_purchased: 1000, tax_rate: 0 },
  ],
};

interface StateNet {
  name: string;
  net_gallons: number;
}
const netOf = (states: StateNet[], name: string) => states.find((state) => state.name === name)?.net_gallons;

describe('amended returns: one filed return per company, quarter and fuel set', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const save = (account: TestAccount, body: object) =>
    t.http
      .post(REPORTS)
      .set(account.auth)
      .send({ ...MISSOURI_RETURN, ...body });
  const read = async (account: TestAccount, id: string) =>
    (await t.http.get(`${REPORTS}/${id}`).set(account.auth).expect(200)).body;
  const stats = async (account: TestAccount, query = '') =>
    (await t.http.get(`${REPORTS}/stats${query}`).set(account.auth).expect(200)).body;

  it('makes a second final of the same return an amended return that supersedes the first, both kept', async () => {
    const a = await registerAccount(t.http);
    const first = (await save(a, { status: 'final' }).expect(201)).body;
    expect(first).toMatchObject({ amended: false, amends_id: null, superseded: false, superseded_by_id: null });
    // The company as typed differently (case, spaces) is the same carrier.
    const second = (await save(a, { status: 'final', company_name: '  acme   FREIGHT llc ' }).expect(201)).body;
    expect(second).toMatchObject({ amended: true, amends_id: first.id, superseded: false, superseded_by_id: null });
    expect(await read(a, first.id)).toMatchObject({ superseded: true, superseded_by_id: second.id, amended: false });
    expect(await read(a, second.id)).toMatchObject({ amended: true, amends_id: first.id, superseded: false });

    const page = (await t.http.get(`${REPORTS}?page=1`).set(a.auth).expect(200)).body;
    expect(page.counts).toEqual({ total: 2, draft: 0, final: 2 });
    const summaries = new Map(page.data.map((summary: { id: string }) => [summary.id, summary]));
    expect(summaries.get(first.id)).toMatchObject({ superseded: true, superseded_by_id: second.id });
    expect(summaries.get(second.id)).toMatchObject({ amended: true, amends_id: first.id });
    const plain = (await t.http.get(REPORTS).set(a.auth).expect(200)).body as Array<{ id: string }>;
    expect(plain.find((report) => report.id === first.id)).toMatchObject({ superseded: true });
  });

  it('says amended and superseded in the Excel export and the PDF of each final', async () => {
    const a = await registerAccount(t.http);
    const first = (await save(a, { status: 'final' }).expect(201)).body;
    const second = (await save(a, { status: 'final' }).expect(201)).body;
    const pdfText = async (id: string) => {
      const res = await t.http.get(`${REPORTS}/${id}/pdf`).set(a.auth).buffer(true).parse(binaryParser).expect(200);
      return (await pdfPages(res.body as Buffer)).join(' ').replace(/\s+/g, ' ');
    };
    expect(await pdfText(second.id)).toContain('Final, amended return (supersedes the earlier final)');
    expect(await pdfText(first.id)).toContain('Final, superseded by an amended return');
    const sheetRows = async (id: string) => {
      const res = await t.http.post(`${REPORTS}/${id}/export`).set(a.auth).buffer(true).parse(binaryParser).expect(200);
      const workbook = await readWorkbook(res.body as Buffer);
      return workbook.worksheets.flatMap((sheet) => Object.values(sheetValues(sheet)));
    };
    const amendedRows = await sheetRows(second.id);
    expect(amendedRows).toContainEqual(['Status', 'Final, amended return (supersedes the earlier final)']);
    expect(await sheetRows(first.id)).toContainEqual(['Status', 'Final, superseded by an amended return']);
  });

  it('counts a draft and the final of the same quarter once on the dashboard: Missouri -833, not -1,666', async () => {
    const a = await registerAccount(t.http);
    await save(a, {}).expect(201);
    expect(netOf((await stats(a)).state_net_gallons, 'MO')).toBe(-833);
    await save(a, { status: 'final' }).expect(201);
    const counted = await stats(a);
    expect(netOf(counted.state_net_gallons, 'MO')).toBe(-833);
    expect(netOf(counted.state_net_gallons, 'TX')).toBe(833);
    expect(counted).toMatchObject({ total_reports: 2, draft_reports: 1, final_reports: 1, average_mpg: 6 });
    // The specification's dashboard adds every report: still reachable.
    expect(netOf((await stats(a, '?basis=reports')).state_net_gallons, 'MO')).toBe(-1666);
    await t.http.get(`${REPORTS}/stats?basis=some`).set(a.auth).expect(400);
  });

  it('counts the amended return once, and the earlier final again once the amendment is voided', async () => {
    const a = await registerAccount(t.http);
    const first = (await save(a, { status: 'final' }).expect(201)).body;
    const amended = {
      status: 'final',
      jurisdictions: [
        { name: 'TX', total_miles: 5000, taxable_miles: 5000, gallons_purchased: 0, tax_rate: 0 },
        { name: 'MO', total_miles: 1000, taxable_miles: 1000, gallons_purchased: 500, tax_rate: 0 },
      ],
    };
    // 6,000 mi / 500 gal = 12.00 MPG: Missouri 83 taxable gallons - 500 = -417.
    const second = (await save(a, amended).expect(201)).body;
    expect(netOf((await stats(a)).state_net_gallons, 'MO')).toBe(-417);
    expect(await keptTotals(db, a.user.id)).toEqual(await recomputedTotals(db, a.user.id));

    await t.http.post(`${REPORTS}/${second.id}/void`).set(a.auth).send({ reason: 'Miles double counted' }).expect(200);
    expect(await read(a, first.id)).toMatchObject({ superseded: false, superseded_by_id: null });
    expect(netOf((await stats(a)).state_net_gallons, 'MO')).toBe(-833);
    expect(await keptTotals(db, a.user.id)).toEqual(await recomputedTotals(db, a.user.id));
  });

  it('finalising a draft of a filed quarter amends the final; the draft copy is counted only until then', async () => {
    const a = await registerAccount(t.http);
    const first = (await save(a, { status: 'final' }).expect(201)).body;
    const draft = (await save(a, {}).expect(201)).body;
    expect(draft).toMatchObject({ amended: false, amends_id: null });
    expect(netOf((await stats(a)).state_net_gallons, 'MO')).toBe(-833);
    const finalised = (await t.http.put(`${REPORTS}/${draft.id}`).set(a.auth).send({ status: 'final' }).expect(200))
      .body;
    expect(finalised).toMatchObject({ amended: true, amends_id: first.id });
    expect((await read(a, first.id)).superseded_by_id).toBe(draft.id);
    expect(netOf((await stats(a)).state_net_gallons, 'MO')).toBe(-833);
    expect(await keptTotals(db, a.user.id)).toEqual(await recomputedTotals(db, a.user.id));
  });

  it('keeps another company, another quarter and another fuel set as returns of their own', async () => {
    const a = await registerAccount(t.http);
    await save(a, { status: 'final' }).expect(201);
    const others = [
      { company_name: 'Other Carrier Inc' },
      { tax_period: 'Q2-2026' },
      {
        jurisdictions: [
          ...MISSOURI_RETURN.jurisdictions,
          { name: 'TX', fuel_type: 'gasoline', total_miles: 100, taxable_miles: 100, gallons_purchased: 10 },
        ],
      },
    ];
    for (const other of others) {
      expect((await save(a, { ...other, status: 'final' }).expect(201)).body).toMatchObject({ amended: false });
    }
    expect(netOf((await stats(a)).state_net_gallons, 'MO')).toBe(-833 * 4);
  });

  it('never amends a worksheet report (the specification has no amendments): each counts as before', async () => {
    const a = await registerAccount(t.http);
    const worksheet = { calculation_mode: 'worksheet', average_mpg: 6, status: 'final' };
    await save(a, worksheet).expect(201);
    const second = (await save(a, worksheet).expect(201)).body;
    expect(second).toMatchObject({ amended: false, amends_id: null, superseded: false });
    expect((await stats(a)).state_net_gallons).toEqual((await stats(a, '?basis=reports')).state_net_gallons);
  });

  it('makes exactly one of two finals saved at once the amendment of the other', async () => {
    const a = await registerAccount(t.http);
    const answers = await Promise.all([save(a, { status: 'final' }), save(a, { status: 'final' })]);
    const [x, y] = answers.map((res) => {
      expect(res.status).toBe(201);
      return res.body.id as string;
    });
    const both = [await read(a, x), await read(a, y)];
    expect(both.filter((report) => report.amended)).toHaveLength(1);
    expect(both.filter((report) => report.superseded)).toHaveLength(1);
    expect(netOf((await stats(a)).state_net_gallons, 'MO')).toBe(-833);
    expect(await keptTotals(db, a.user.id)).toEqual(await recomputedTotals(db, a.user.id));
  });
});

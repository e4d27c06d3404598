import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { addMember } from './helpers/members.js';
import { binaryParser, readWorkbook, sheetValues } from './helpers/xlsx.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const REPORTS = '/api/protected/reports';

/** An official diesel return for Q3-2026; a later final of the same company, quarter and fuel amends it. */
const RETURN = {
  company_name: 'Acme Freight LLC',
  license_number: 'MO-1234',
  tax_period: 'Q3-2026',
  calculation_mode: 'official',
  jurisdictions: [
    { name: 'TX', total_miles: 5000, taxable_miles: 5000, gallons_purchased: 0, tax_rate: 0 },
    { name: 'MO', total_miles: 1000, taxable_miles: 1000, gallons_purchased: 1000, tax_rate: 0 },
  ],
};
const AMENDED_LINES = [
  { name: 'TX', total_miles: 5200, taxable_miles: 5200, gallons_purchased: 0, tax_rate: 0 },
  { name: 'MO', total_miles: 1000, taxable_miles: 1000, gallons_purchased: 1000, tax_rate: 0 },
];

describe('amending and voiding a filed return', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const file = async (a: TestAccount, body: object = {}) =>
    (
      await t.http
        .post(REPORTS)
        .set(a.auth)
        .send({ ...RETURN, status: 'final', ...body })
        .expect(201)
    ).body;
  const read = async (a: TestAccount, id: string) =>
    (await t.http.get(`${REPORTS}/${id}`).set(a.auth).expect(200)).body;

  it('numbers each amendment after the original, in the detail, the list and the saved answer', async () => {
    const a = await registerAccount(t.http);
    const original = await file(a);
    expect(original).toMatchObject({ amendment_number: null, return_of_record: true, voided: false });
    const first = await file(a, { jurisdictions: AMENDED_LINES });
    expect(first).toMatchObject({ amended: true, amendment_number: 1, return_of_record: true });
    const second = await file(a);
    expect(second).toMatchObject({ amendment_number: 2, return_of_record: true });
    expect(await read(a, first.id)).toMatchObject({ amendment_number: 1, return_of_record: false, superseded: true });
    expect(await read(a, original.id)).toMatchObject({ amendment_number: null, return_of_record: false });

    const page = (await t.http.get(`${REPORTS}?page=1`).set(a.auth).expect(200)).body as {
      data: Array<{ id: string; amendment_number: number | null; return_of_record: boolean }>;
    };
    const numbers = Object.fromEntries(page.data.map((row) => [row.id, [row.amendment_number, row.return_of_record]]));
    expect(numbers).toEqual({
      [original.id]: [null, false],
      [first.id]: [1, false],
      [second.id]: [2, true],
    });
    const plain = (await t.http.get(REPORTS).set(a.auth).expect(200)).body as Array<{ id: string }>;
    expect(plain.find((row) => row.id === second.id)).toMatchObject({ amendment_number: 2 });
  });

  it('names an amendment "Amendment-N" in its download filenames', async () => {
    const a = await registerAccount(t.http);
    const original = await file(a);
    const amendment = await file(a, { jurisdictions: AMENDED_LINES });
    const xlsx = await t.http
      .post(`${REPORTS}/${amendment.id}/export`)
      .set(a.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    expect(xlsx.headers['content-disposition']).toContain(`${amendment.name}_Amendment-1_report.xlsx`);
    const pdf = await t.http
      .get(`${REPORTS}/${amendment.id}/pdf`)
      .set(a.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    expect(pdf.headers['content-disposition']).toContain('_Amendment-1_return.pdf');
    const first = await t.http
      .post(`${REPORTS}/${original.id}/export`)
      .set(a.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    expect(first.headers['content-disposition']).not.toContain('Amendment');
  });

  it('refuses to delete the return of record, naming why; a superseded final and a draft still delete', async () => {
    const a = await registerAccount(t.http);
    const original = await file(a);
    const amendment = await file(a, { jurisdictions: AMENDED_LINES });
    const refused = await t.http.delete(`${REPORTS}/${amendment.id}`).set(a.auth).expect(409);
    expect(refused.body.error).toBe('This return is the return of record for Q3-2026. Void it instead, with a reason.');
    await read(a, amendment.id);
    await t.http.delete(`${REPORTS}/${original.id}`).set(a.auth).expect(200);
    const draft = (await t.http.post(REPORTS).set(a.auth).send(RETURN).expect(201)).body;
    await t.http.delete(`${REPORTS}/${draft.id}`).set(a.auth).expect(200);
  });

  it('voids the return of record with a reason: kept, the previous final is the record again, the reason audited', async () => {
    const a = await registerAccount(t.http);
    const original = await file(a);
    const amendment = await file(a, { jurisdictions: AMENDED_LINES });
    const reason = 'Filed under the wrong license';
    const voided = (await t.http.post(`${REPORTS}/${amendment.id}/void`).set(a.auth).send({ reason }).expect(200)).body;
    expect(voided).toMatchObject({ voided: true, void_reason: reason, return_of_record: false, amendment_number: 1 });
    expect(voided.voided_at).toEqual(expect.any(String));
    expect(await read(a, original.id)).toMatchObject({
      return_of_record: true,
      superseded: false,
      superseded_by_id: null,
    });
    // Voided once is final: no second void, and the original is the one the delete now refuses.
    await t.http.post(`${REPORTS}/${amendment.id}/void`).set(a.auth).send({ reason }).expect(409);
    await t.http.delete(`${REPORTS}/${original.id}`).set(a.auth).expect(409);
    // The void is kept: the voided return is not deleted either.
    const kept = await t.http.delete(`${REPORTS}/${amendment.id}`).set(a.auth).expect(409);
    expect(kept.body.error).toBe('A voided return is kept on record with its reason; it cannot be deleted');

    const events = (await db.query(
      `SELECT action, entity_id, summary, changes FROM audit_events
        WHERE company_id = $1 AND action = 'void'`,
      [a.user.id],
    )) as Array<{ action: string; entity_id: string; summary: string; changes: object }>;
    expect(events).toEqual([
      {
        action: 'void',
        entity_id: amendment.id,
        summary: expect.stringContaining(reason),
        changes: { void_reason: { before: null, after: reason } },
      },
    ]);

    // Its documents say it was voided, and why.
    const sheet = await t.http
      .post(`${REPORTS}/${amendment.id}/export`)
      .set(a.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    const rows = (await readWorkbook(sheet.body as Buffer)).worksheets.flatMap((ws) => Object.values(sheetValues(ws)));
    expect(rows).toContainEqual(['Status', `Voided, not the return as filed: ${reason}`]);

    // Voiding the original too leaves the return with no return of record.
    await t.http.post(`${REPORTS}/${original.id}/void`).set(a.auth).send({ reason: 'Withdrawn entirely' }).expect(200);
    expect(await read(a, original.id)).toMatchObject({ voided: true, return_of_record: false });
  });

  it('lets only an owner void, validates the reason and answers 404 for another company', async () => {
    const owner = await registerAccount(t.http);
    const filed = await file(owner);
    const bookkeeper = await addMember(t, owner, 'bookkeeper');
    await t.http
      .post(`${REPORTS}/${filed.id}/void`)
      .set(bookkeeper.auth)
      .send({ reason: 'Not mine to void' })
      .expect(403);

    for (const reason of [undefined, 'no', 'x'.repeat(501), 42]) {
      const res = await t.http.post(`${REPORTS}/${filed.id}/void`).set(owner.auth).send({ reason }).expect(400);
      expect(JSON.stringify(res.body)).toContain('reason');
    }
    const blank = await t.http.post(`${REPORTS}/${filed.id}/void`).set(owner.auth).send({ reason: '    ab   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toHaveProperty('reason');

    const other = await registerAccount(t.http);
    await t.http.post(`${REPORTS}/${filed.id}/void`).set(other.auth).send({ reason: 'Someone else' }).expect(404);
    await t.http.delete(`${REPORTS}/${filed.id}`).set(other.auth).expect(404);
    expect(await read(owner, filed.id)).toMatchObject({ voided: false, return_of_record: true });

    const draft = (await t.http.post(REPORTS).set(owner.auth).send(RETURN).expect(201)).body;
    await t.http.post(`${REPORTS}/${draft.id}/void`).set(owner.auth).send({ reason: 'Only a draft' }).expect(409);
  });
});

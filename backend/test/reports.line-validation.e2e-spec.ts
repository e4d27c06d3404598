import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildOpenApiDocument } from '../src/openapi/swagger.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const REPORTS = '/api/protected/reports';

const OFFICIAL = {
  company_name: 'Acme Freight LLC',
  tax_period: 'Q2-2026',
  calculation_mode: 'official',
};

describe('report lines: taxable miles within total miles, miles of a fuel the fleet never bought', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  const reportCount = async () => (await t.http.get(`${REPORTS}?page=1`).set(a.auth).expect(200)).body.counts.total;

  it('refuses taxable miles above total miles with a 400 naming the line, and saves nothing', async () => {
    const before = await reportCount();
    const res = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send({
        ...OFFICIAL,
        jurisdictions: [
          { name: 'TX', total_miles: 5000, taxable_miles: 5000, gallons_purchased: 500 },
          { name: 'OK', total_miles: 1000, taxable_miles: 1000, gallons_purchased: 100 },
          { name: 'AR', total_miles: 1000, taxable_miles: 1000, gallons_purchased: 100 },
          { name: 'MO', total_miles: 1000, taxable_miles: 2000, gallons_purchased: 100 },
        ],
      })
      .expect(400);
    expect(res.body.fields).toEqual({
      'jurisdictions.3.taxable_miles': 'jurisdictions.3.taxable_miles (2000) cannot exceed its total_miles (1000)',
    });
    expect(res.body.error).toContain('jurisdictions.3.taxable_miles');
    expect(await reportCount()).toBe(before);
  });

  it('refuses the same on an update, and a worksheet line that does give its total miles', async () => {
    const draft = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send({
        ...OFFICIAL,
        jurisdictions: [{ name: 'TX', total_miles: 1000, taxable_miles: 900, gallons_purchased: 1 }],
      })
      .expect(201);
    const update = await t.http
      .put(`${REPORTS}/${draft.body.id}`)
      .set(a.auth)
      .send({ jurisdictions: [{ name: 'TX', total_miles: 1000, taxable_miles: 1000.5, gallons_purchased: 1 }] })
      .expect(400);
    expect(Object.keys(update.body.fields)).toEqual(['jurisdictions.0.taxable_miles']);
    const worksheet = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send({
        company_name: 'Acme Freight LLC',
        average_mpg: 5,
        jurisdictions: [{ name: 'TX', total_miles: 1000, taxable_miles: 2000, gallons_purchased: 1, tax_rate: 0.2 }],
      })
      .expect(400);
    expect(Object.keys(worksheet.body.fields)).toEqual(['jurisdictions.0.taxable_miles']);
  });

  it("keeps the specification's worksheet line that leaves total miles out", async () => {
    await t.http
      .post(REPORTS)
      .set(a.auth)
      .send({
        company_name: 'Acme Freight LLC',
        average_mpg: 5,
        jurisdictions: [{ name: 'TX', taxable_miles: 1500, gallons_purchased: 200, tax_rate: 0.58 }],
      })
      .expect(201);
  });

  it('saves miles of a fuel the fleet bought none of, with a warning naming each such line', async () => {
    const res = await t.http
      .post(REPORTS)
      .set(a.auth)
      .send({
        ...OFFICIAL,
        jurisdictions: [
          { name: 'TX', total_miles: 5000, taxable_miles: 5000, gallons_purchased: 500 },
          { name: 'OK', total_miles: 1000, taxable_miles: 1000, gallons_purchased: 0 },
          { name: 'AR', fuel_type: 'gasoline', total_miles: 800, taxable_miles: 800, gallons_purchased: 0 },
        ],
      })
      .expect(201);
    expect(res.body.warnings).toEqual([
      {
        field: 'jurisdictions.2',
        message:
          'jurisdictions.2 has 800 miles of gasoline but the fleet bought no gasoline this period: with no fleet ' +
          'MPG these miles owe $0; add the gasoline bought',
      },
    ]);
    // Saved as sent: the gasoline miles owe nothing without a fleet MPG.
    expect(res.body.jurisdictions[2]).toMatchObject({ code: 'AR', fuel_type: 'gasoline', tax_due: 0 });
    // Oklahoma's diesel has no fuel of its own, but the fleet bought diesel: no warning for it.
    const read = await t.http.get(`${REPORTS}/${res.body.id}`).set(a.auth).expect(200);
    expect(read.body.warnings).toBeUndefined();
    const clean = await t.http
      .put(`${REPORTS}/${res.body.id}`)
      .set(a.auth)
      .send({
        jurisdictions: [
          { name: 'TX', total_miles: 5000, taxable_miles: 5000, gallons_purchased: 500 },
          { name: 'AR', fuel_type: 'gasoline', total_miles: 800, taxable_miles: 800, gallons_purchased: 100 },
        ],
      })
      .expect(200);
    expect(clean.body.warnings).toBeUndefined();
  });

  it("describes an imported entry's tax_due and a line's tax_due as dollars, not cents", () => {
    const document = buildOpenApiDocument(t.app) as unknown as {
      components: { schemas: Record<string, { properties: Record<string, { description?: string }> }> };
    };
    const { schemas } = document.components;
    for (const [schema, field] of [
      ['ImportedEntry', 'tax_due'],
      ['ReportJurisdictionResponseDto', 'tax_due'],
      ['ReportTotalsDto', 'tax_due'],
    ]) {
      const description = schemas[schema].properties[field].description ?? '';
      expect({ schema, description }).toEqual({ schema, description: expect.stringContaining('dollars') });
      expect(description).not.toContain('cents');
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LATE_RETURN_WITH_SURCHARGES } from './helpers/late-return.js';
import { pdfPages } from './helpers/pdf-text.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { binaryParser } from './helpers/xlsx.js';

const REPORTS = '/api/protected/reports';
const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('the PDF return: carrier block, interest and total per line, summary page with the total to remit', () => {
  let t: TestApp;
  let a: TestAccount;
  let reportId: string;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
    await t.http
      .put('/api/protected/user/settings')
      .set(a.auth)
      .send({
        company_address: '400 Tryon St, Charlotte NC 28202',
        fein: '561234567',
        base_jurisdiction: 'nc',
        date_format: 'DD/MM/YYYY',
      })
      .expect(200);
    reportId = (await t.http.post(REPORTS).set(a.auth).send(LATE_RETURN_WITH_SURCHARGES).expect(201)).body.id;
  });
  afterAll(() => t.close());

  const pages = async (account: TestAccount, id: string, lang = 'en') => {
    const res = await t.http
      .get(`${REPORTS}/${id}/pdf`)
      .query({ lang })
      .set(account.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    return (await pdfPages(res.body as Buffer)).map(squash);
  };

  it('prints the carrier block from Settings: name, address, license, FEIN, base jurisdiction', async () => {
    const [first] = await pages(a, reportId);
    expect(first).toContain(
      'Carrier Acme Freight LLC Address 400 Tryon St, Charlotte NC 28202 IFTA License KY-998877 FEIN 56-1234567 ' +
        'Base Jurisdiction North Carolina (NC)',
    );
  });

  it("prints each line's interest and total due, the schedule adding up to the return's interest", async () => {
    const text = (await pages(a, reportId)).join(' ');
    expect(text).toContain('Interest Total Due');
    // Two months at 9% a year on KY's $2,042.35 and VA's $813.93 (tax plus surcharge): $30.64 and $12.21.
    expect(text).toContain(
      'KY (typed rate) 120,000 120,000 7,638 2,000 5,638 0.2200 $1,240.36 $801.99 $30.64 $2,072.99',
    );
    expect(text).toContain('VA (typed rate) 60,000 60,000 3,819 3,000 819 0.3270 $267.81 $546.12 $12.21 $826.14');
    expect(text).toContain('TN (typed rate) 40,000 40,000 2,546 9,000 -6,454 0.2700 -$1,742.58 $0.00 $0.00 -$1,742.58');
    expect(text).toContain('Totals 220,000 220,000 14,003 14,000 3 -$234.41 $1,348.11 $42.85 $1,156.55');
  });

  it('ends with a summary page: the total to remit and where to pay it, dates in the account format', async () => {
    const all = await pages(a, reportId);
    const summary = all[all.length - 1];
    expect(summary).toContain('Return Summary');
    expect(summary).toContain('Totals -$234.41 $1,348.11 $42.85 $1,156.55');
    expect(summary).toContain('Late Penalty $111.37 Late Interest $42.85 Total to Remit $1,267.92');
    expect(summary).toContain('Pay to: North Carolina (NC), your base jurisdiction');
    const text = all.join(' ');
    expect(text).toContain('Due Date 31/10/2025');
    expect(text).toContain('Filed 15/12/2025');
  });

  it('writes the same in Russian', async () => {
    const all = await pages(a, reportId, 'ru');
    const summary = all[all.length - 1];
    expect(summary).toContain('Сводка декларации');
    expect(summary).toContain('Итого к перечислению');
    expect(summary).toContain('Получатель: North Carolina (NC), ваша базовая юрисдикция');
  });

  it('says where the carrier block is empty, without settings', async () => {
    const b = await registerAccount(t.http);
    const id = (
      await t.http
        .post(REPORTS)
        .set(b.auth)
        .send({ ...LATE_RETURN_WITH_SURCHARGES, license_number: '' })
        .expect(201)
    ).body.id;
    const all = await pages(b, id);
    expect(all[0]).toContain('IFTA License Not set (Settings)');
    expect(all[0]).not.toContain('FEIN');
    expect(all[all.length - 1]).toContain('Pay to: your base jurisdiction (set it in Settings)');
  });
});

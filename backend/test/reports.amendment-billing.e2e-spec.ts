import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pdfPages } from './helpers/pdf-text.js';
import { binaryParser, readWorkbook, sheetValues } from './helpers/xlsx.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const REPORTS = '/api/protected/reports';

/**
 * An amended return bills only the difference from the final it supersedes (docs/ifta-domain.md, "Amended returns").
 * A Q2-2025 diesel return, due 2025-07-31: Washington's miles at a typed $0.125, and Alaska (not an IFTA member)
 * carrying the fleet's 100,000 gallons, so the fleet MPG is 5.00 whatever Washington's miles (500,100 / 100,000 =
 * 5.001 rounds to 5.00): 20,000 Washington miles are 4,000 gallons, $500.00; each 100 more miles is 20 gallons,
 * $2.50. Interest is the seeded 9% a year of 2025.
 */
const washington = (miles: number, filedAt: string) => ({
  company_name: 'Evergreen Haulers',
  tax_period: 'Q2-2025',
  calculation_mode: 'official',
  status: 'final',
  filed_at: filedAt,
  jurisdictions: [
    { name: 'WA', total_miles: miles, taxable_miles: miles, gallons_purchased: 0, tax_rate: 0.125 },
    { name: 'AK', total_miles: 480000, taxable_miles: 480000, gallons_purchased: 100000 },
  ],
});

interface Billed {
  id: string;
  penalty: number | null;
  interest: number | null;
  total_to_remit: number;
  totals: { tax_due: number };
  difference: {
    previous_total_due: number;
    totals: Record<string, number>;
    jurisdictions: Array<Record<string, unknown>>;
  } | null;
}

describe('an amended return bills only the difference from the return it supersedes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const file = async (a: TestAccount, miles: number, filedAt: string): Promise<Billed> =>
    (await t.http.post(REPORTS).set(a.auth).send(washington(miles, filedAt)).expect(201)).body as Billed;
  const read = async (a: TestAccount, id: string): Promise<Billed> =>
    (await t.http.get(`${REPORTS}/${id}`).set(a.auth).expect(200)).body as Billed;

  it('bills $2.50 more Washington tax filed 2025-09-10 as $2.50 + $50.00 penalty + $0.04 interest = $52.54, everywhere', async () => {
    const a = await registerAccount(t.http);
    const original = await file(a, 20000, '2025-07-20');
    expect(original).toMatchObject({ penalty: null, interest: null, total_to_remit: 500, difference: null });

    // Billed whole this would be 10% of $502.50 = $50.25, interest on $502.50 = $7.54, and $560.29 to remit.
    const amended = await file(a, 20100, '2025-09-10');
    const billed = {
      penalty: 50,
      // $2.50 x (9% + 9%) / 12 = $0.0375: two months or part months, 08-01 and 09-01.
      interest: 0.04,
      total_to_remit: 52.54,
      totals: { tax_due: 502.5 },
      difference: {
        previous_total_due: 500,
        totals: { tax: 2.5, surcharge: 0, taxable_gallons: 20, total_due: 2.5 },
        jurisdictions: [
          { code: 'WA', fuel_type: 'diesel', tax: 2.5, surcharge: 0, taxable_gallons: 20, total_due: 2.5 },
          { code: 'AK', fuel_type: 'diesel', tax: 0, surcharge: 0, taxable_gallons: 0, total_due: 0 },
        ],
      },
    };
    expect(amended).toMatchObject({ amended: true, amends_id: original.id, ...billed });
    // The amendment keeps every line as filed.
    expect((await read(a, amended.id)) as unknown).toMatchObject({
      ...billed,
      jurisdictions: [{ code: 'WA', tax_due: 502.5 }, { code: 'AK' }],
    });
    expect(await read(a, original.id)).toMatchObject({ total_to_remit: 500, difference: null });

    const page = (await t.http.get(`${REPORTS}?page=1`).set(a.auth).expect(200)).body as { data: Billed[] };
    expect(page.data.find((summary) => summary.id === amended.id)).toMatchObject(billed);
    const plain = (await t.http.get(REPORTS).set(a.auth).expect(200)).body as Billed[];
    expect(plain.find((report) => report.id === amended.id)).toMatchObject(billed);

    const workbook = await readWorkbook(
      (await t.http.post(`${REPORTS}/${amended.id}/export`).set(a.auth).buffer(true).parse(binaryParser).expect(200))
        .body as Buffer,
    );
    const rows = workbook.worksheets.flatMap((sheet) => Object.values(sheetValues(sheet)));
    expect(rows).toContainEqual(['Late Penalty', 50]);
    expect(rows).toContainEqual(['Late Interest', 0.04]);
    expect(rows).toContainEqual(['Previously Filed Total Due', 500]);
    expect(rows).toContainEqual(['Difference Due (Amended Return)', 2.5]);
    expect(rows).toContainEqual(['Total to Remit', 52.54]);
    const pdf = await t.http.get(`${REPORTS}/${amended.id}/pdf`).set(a.auth).buffer(true).parse(binaryParser);
    const text = (await pdfPages(pdf.body as Buffer)).join(' ').replace(/\s+/g, ' ');
    expect(text).toMatch(/Total to Remit \$?52\.54/);
    expect(text).not.toContain('560.29');
  });

  it('claims a decrease as a credit: $7.00 back, no penalty, no interest', async () => {
    const a = await registerAccount(t.http);
    await file(a, 20000, '2025-07-20');
    // 280 fewer Washington miles: 56 fewer gallons, $7.00 less.
    const amended = await file(a, 19720, '2025-09-10');
    expect(amended).toMatchObject({
      penalty: 0,
      interest: 0,
      total_to_remit: -7,
      totals: { tax_due: 493 },
      difference: { totals: { tax: -7, surcharge: 0, taxable_gallons: -56, total_due: -7 } },
    });
  });

  it('does not charge the $50 minimum again on a second amendment, nor on an amendment of a late original', async () => {
    const a = await registerAccount(t.http);
    await file(a, 20000, '2025-07-20');
    const first = await file(a, 20100, '2025-09-10');
    expect(first).toMatchObject({ penalty: 50, total_to_remit: 52.54 });
    // 100 more miles again, filed 2025-10-05: 10% of $2.50 alone; interest $2.50 x 27% / 12 = $0.05625 (three months).
    const second = await file(a, 20200, '2025-10-05');
    expect(second).toMatchObject({
      amends_id: first.id,
      penalty: 0.25,
      interest: 0.06,
      total_to_remit: 2.81,
      difference: { previous_total_due: 502.5, totals: { total_due: 2.5 } },
    });
    expect(await read(a, first.id)).toMatchObject({ penalty: 50, total_to_remit: 52.54 });

    // A late original bore the $50 (10% of $500.00 is $50.00) and interest on $500.00 ($3.75): its amendment does not.
    const b = await registerAccount(t.http);
    const late = await file(b, 20000, '2025-08-20');
    expect(late).toMatchObject({ penalty: 50, interest: 3.75, total_to_remit: 553.75 });
    expect(await file(b, 20100, '2025-09-10')).toMatchObject({ penalty: 0.25, interest: 0.04, total_to_remit: 2.79 });
  });

  it('bills again when the return changes under it: a deleted amendment, a corrected filing day', async () => {
    const a = await registerAccount(t.http);
    const original = await file(a, 20000, '2025-07-20');
    const first = await file(a, 20100, '2025-09-10');
    const second = await file(a, 20200, '2025-10-05');
    await t.http.delete(`${REPORTS}/${first.id}`).set(a.auth).expect(200);
    // Now the second amends the original: $5.00 more, the $50 minimum (nothing charged before), $5.00 x 27% / 12.
    expect(await read(a, second.id)).toMatchObject({
      amends_id: original.id,
      penalty: 50,
      interest: 0.11,
      total_to_remit: 55.11,
      difference: { previous_total_due: 500, totals: { total_due: 5 } },
    });
    // Filed by the due date after all: the addition is paid on time.
    const corrected = await t.http
      .patch(`${REPORTS}/${second.id}/filing`)
      .set(a.auth)
      .send({ filed_at: '2025-07-25' })
      .expect(200);
    expect(corrected.body).toMatchObject({ penalty: null, interest: null, total_to_remit: 5 });
  });
});

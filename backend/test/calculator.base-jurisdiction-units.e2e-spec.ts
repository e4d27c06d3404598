import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { workbookBuffer } from './helpers/xlsx.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const PASTE = '/api/protected/calculator/paste-data';

/** Kilometres and litres converted with the factors the base jurisdiction's return form states, where it states one. */
describe("conversions by the base jurisdiction's form", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const paste = async (baseJurisdiction: string) => {
    const a = await registerAccount(t.http);
    await t.http
      .put('/api/protected/user/settings')
      .set(a.auth)
      .send({ base_jurisdiction: baseJurisdiction })
      .expect(200);
    return (
      await t.http
        .post(PASTE)
        .set(a.auth)
        .send({ data: 'TX, 1000, 100000', distance_unit: 'km', volume_unit: 'l', average_mpg: 5 })
        .expect(200)
    ).body;
  };

  it("converts 100,000 L to 26,420 gal for a North Carolina carrier (Gas-1276-I's 1 L = .2642 gal), and says so", async () => {
    const body = await paste('NC');
    expect(body.conversions).toEqual([
      "Kilometres converted to miles (1 km = 0.62137 mi, as North Carolina's Gas-1276-I states)",
      "Litres converted to US gallons (1 L = 0.2642 gal, as North Carolina's Gas-1276-I states)",
    ]);
    expect(body.entries[0]).toMatchObject({ state_abbreviation: 'TX', miles_driven: 621.37, fuel_purchased: 26420 });
  });

  it("converts with IFTA's exact factors elsewhere: 100,000 L is 26,417.2 gal", async () => {
    const body = await paste('TX');
    expect(body.conversions).toEqual([
      'Kilometres converted to miles (1 km = 0.621371 mi)',
      'Litres converted to US gallons (1 L = 0.264172 gal)',
    ]);
    expect(body.entries[0]).toMatchObject({ miles_driven: 621.371, fuel_purchased: 26417.2 });
  });

  /** An account whose base jurisdiction (Settings) is `baseJurisdiction`. */
  const account = async (baseJurisdiction: string): Promise<TestAccount> => {
    const a = await registerAccount(t.http);
    await t.http
      .put('/api/protected/user/settings')
      .set(a.auth)
      .send({ base_jurisdiction: baseJurisdiction })
      .expect(200);
    return a;
  };

  /** 100,000 L in gallons at `perLitre` (a decimal string), to the stored thousandth, in integers of thousandths. */
  const gallonsOf = (litres: number, perLitre: string) => {
    const [whole, decimals] = perLitre.split('.');
    const thousandths = BigInt(litres) * BigInt(whole + decimals) * 1000n;
    const scale = 10n ** BigInt(decimals.length);
    return Number((2n * thousandths + scale) / (2n * scale)) / 1000;
  };

  it.each([
    ['NC', '0.2642'],
    ['TX', '0.264172'],
  ])(
    "converts litres with the %s form's %s gal/L on every path: paste, Excel import, records file and a typed purchase",
    async (base, perLitre) => {
      // 100,000 L: NC 100,000 x .2642 = 26,420 gal; elsewhere 100,000 x .264172 = 26,417.2 gal.
      const expected = gallonsOf(100000, perLitre);
      expect(expected).toBe(base === 'NC' ? 26420 : 26417.2);
      const a = await account(base);
      const pasted = await t.http
        .post(PASTE)
        .set(a.auth)
        .send({ data: 'TX, 1000, 100000', volume_unit: 'l', average_mpg: 5 })
        .expect(200);
      expect(pasted.body.entries[0].fuel_purchased).toBe(expected);

      const workbook = await workbookBuffer((book) => {
        const sheet = book.addWorksheet('IFTA Data');
        sheet.addRow(['State/Province', 'Total Miles', 'Taxable Miles', 'Litres Purchased']);
        sheet.addRow(['TX', 1000, 1000, 100000]);
      });
      const excel = await t.http
        .post('/api/protected/calculator/upload-excel')
        .set(a.auth)
        .field('average_mpg', '5')
        .attach('file', workbook, { filename: 'fuel.xlsx', contentType: 'application/octet-stream' })
        .expect(200);
      expect(excel.body.entries[0].fuel_purchased).toBe(expected);

      const file = ['Date,Unit,Jurisdiction,Litres,Receipt', '2026-04-05,T1,TX,100000,R-1'].join('\n');
      const mapping = {
        date: 'Date',
        unit: 'Unit',
        jurisdiction: 'Jurisdiction',
        litres: 'Litres',
        receipt_number: 'Receipt',
      };
      const preview = await t.http
        .post('/api/protected/fuel-purchases/import/preview')
        .set(a.auth)
        .field('mapping', JSON.stringify(mapping))
        .attach('file', Buffer.from(file), 'fuel.csv')
        .expect(200);
      expect(preview.body.problems).toEqual([]);
      expect(preview.body.rows[0]).toMatchObject({ quantity: '100000', quantity_unit: 'l', gallons: String(expected) });

      const typed = await t.http
        .post('/api/protected/fuel-purchases')
        .set(a.auth)
        .send({
          date: '2026-04-06',
          unit: 'T1',
          jurisdiction: 'TX',
          quantity: 100000,
          quantity_unit: 'l',
          fuel_type: 'diesel',
          tax_paid: true,
          vendor: 'Station',
          vendor_address: '1 Main St',
          total_price: 250,
          receipt_number: 'R-2',
        })
        .expect(201);
      expect(Number(typed.body.gallons)).toBe(expected);
    },
  );

  it("converts a North Carolina carrier's trip file in kilometres with Gas-1276-I's 1 km = .62137 mi, as the paste does", async () => {
    // 1,000 km: 1,000 x .62137 = 621.37 mi for NC (IFTA's 0.621371 would give 621.371).
    const a = await account('NC');
    const file = ['Date,Unit,Jurisdiction,Kilometres', '2026-04-05,T1,TX,1000'].join('\n');
    const preview = await t.http
      .post('/api/protected/trips/import/preview')
      .set(a.auth)
      .field(
        'mapping',
        JSON.stringify({ date: 'Date', unit: 'Unit', jurisdiction: 'Jurisdiction', kilometres: 'Kilometres' }),
      )
      .attach('file', Buffer.from(file), 'trips.csv')
      .expect(200);
    expect(preview.body.problems).toEqual([]);
    expect(preview.body.rows[0]).toMatchObject({ miles: String((1000 * 62137) / 100000) });
    const pasted = await t.http
      .post(PASTE)
      .set(a.auth)
      .send({ data: 'TX, 1000, 0', distance_unit: 'km', average_mpg: 5 })
      .expect(200);
    expect(pasted.body.entries[0].miles_driven).toBe(Number(preview.body.rows[0].miles));
  });
});

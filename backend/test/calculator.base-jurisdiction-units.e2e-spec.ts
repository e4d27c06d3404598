import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestApp } from './helpers/test-app.js';

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
});

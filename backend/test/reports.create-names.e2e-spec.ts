import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { IFTA_CODES } from '../src/ifta/index.js';
import { AccountJurisdictionsService } from '../src/reports/account-jurisdictions.service.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

/**
 * The 58-row create profile: member jurisdictions are always allowed, so the account's rate table is read
 * only for a report that names something else. The rule itself (member or own rate name, else 400) is unchanged.
 */
describe('report create: which names read the account rate table', () => {
  let t: TestApp;
  let account: TestAccount;
  let lookups: ReturnType<typeof jest.spyOn>;
  beforeAll(async () => {
    t = await createTestApp();
    account = await registerAccount(t.http);
    await t.app.get(DataSource).query(
      `INSERT INTO tax_rates (user_id, name, abbreviation, rate, country, is_active)
         VALUES ($1, 'Yard Surcharge', 'YDS', 0.05, 'USA', true)`,
      [account.user.id],
    );
    lookups = jest.spyOn(t.app.get(AccountJurisdictionsService), 'forAccount');
  });
  afterAll(() => t.close());

  const report = (names: string[]) => ({
    company_name: 'Acme Freight LLC',
    tax_period: 'Q1-2025',
    average_mpg: 6.5,
    jurisdictions: names.map((name, i) => ({
      name,
      total_miles: 1000 + i,
      taxable_miles: 900,
      gallons_purchased: 100,
    })),
  });
  const create = (names: string[]) => t.http.post('/api/protected/reports').set(account.auth).send(report(names));

  it('saves a report of the 58 members, by code or by name, without reading the rate table', async () => {
    lookups.mockClear();
    // One line per jurisdiction: Texas by name, the other 57 by code.
    const res = await create([...IFTA_CODES.filter((code) => code !== 'TX'), 'Texas']);
    expect(res.status).toBe(201);
    expect(res.body.jurisdictions).toHaveLength(58);
    expect(lookups).not.toHaveBeenCalled();
  });

  it("reads the rate table for a name of the account's own, and accepts it", async () => {
    lookups.mockClear();
    const res = await create(['TX', 'yard surcharge']);
    expect(res.status).toBe(201);
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  it('still refuses a name that is neither, naming the field', async () => {
    const res = await create(['TX', 'Atlantis']);
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty(['jurisdictions.1.name']);
  });
});

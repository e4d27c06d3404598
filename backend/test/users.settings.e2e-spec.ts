import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestApp } from './helpers/test-app.js';

const DEFAULTS = {
  default_mpg: 7.5,
  preferred_currency: 'USD',
  date_format: 'MM/DD/YYYY',
  timezone: 'America/New_York',
  language: 'en',
  email_notifications: true,
  report_reminders: true,
  company_address: '',
  company_phone: '',
  ifta_license_number: '',
  fein: '',
  base_jurisdiction: '',
  default_tax_period_type: 'quarterly',
  distance_unit: 'miles_gallons',
};

const CHANGED = {
  default_mpg: 6.4,
  preferred_currency: 'CAD',
  date_format: 'YYYY-MM-DD',
  timezone: 'America/Toronto',
  language: 'ru',
  email_notifications: false,
  report_reminders: false,
  company_address: '12 Dock Rd, Hamilton ON',
  company_phone: '+1 905 555 0101',
  ifta_license_number: 'ON-445566',
  fein: '98-7654321',
  base_jurisdiction: 'ON',
  default_tax_period_type: 'monthly',
  distance_unit: 'km_litres',
};

describe('user settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('starts every account with the default settings', async () => {
    const a = await registerAccount(t.http);
    const res = await t.http.get('/api/protected/user/settings').set(a.auth).expect(200);
    expect(res.body).toEqual(DEFAULTS);
  });

  it('saves the full settings object and reads it back', async () => {
    const a = await registerAccount(t.http);
    const saved = await t.http.put('/api/protected/user/settings').set(a.auth).send(CHANGED).expect(200);
    expect(saved.body).toEqual(CHANGED);
    const read = await t.http.get('/api/protected/user/settings').set(a.auth).expect(200);
    expect(read.body).toEqual(CHANGED);
  });

  it('keeps a setting sent as null (a NOT NULL column was a 500)', async () => {
    const a = await registerAccount(t.http);
    await t.http.put('/api/protected/user/settings').set(a.auth).send(CHANGED).expect(200);
    const nulls = Object.fromEntries(Object.keys(CHANGED).map((key) => [key, null]));
    const saved = await t.http.put('/api/protected/user/settings').set(a.auth).send(nulls).expect(200);
    expect(saved.body).toEqual(CHANGED);
  });

  it('resets to the defaults', async () => {
    const a = await registerAccount(t.http);
    await t.http.put('/api/protected/user/settings').set(a.auth).send(CHANGED).expect(200);
    const reset = await t.http.post('/api/protected/user/settings/reset').set(a.auth).expect(200);
    expect(reset.body).toEqual(DEFAULTS);
    const read = await t.http.get('/api/protected/user/settings').set(a.auth).expect(200);
    expect(read.body).toEqual(DEFAULTS);
  });

  it.each([
    ['default_mpg', 51],
    ['default_mpg', -1],
    ['default_mpg', 'seven'],
    ['preferred_currency', 'EUR'],
    ['date_format', 'DD.MM.YYYY'],
    ['timezone', 'Mars/Olympus_Mons'],
    ['timezone', 'America/New York'],
    ['language', 'fr'],
    ['email_notifications', 'yes'],
    ['default_tax_period_type', 'yearly'],
    ['distance_unit', 'km'],
    ['distance_unit', 'furlongs_hogsheads'],
    ['company_phone', 'x'.repeat(51)],
    ['fein', '12-345678'],
    ['fein', 'AB-1234567'],
    ['base_jurisdiction', 'AK'],
    ['base_jurisdiction', 'Texas'],
    ['favourite_colour', 'blue'],
  ])('rejects %s = %j with a 400 naming the field, and saves nothing', async (field, value) => {
    const a = await registerAccount(t.http);
    const res = await t.http
      .put('/api/protected/user/settings')
      .set(a.auth)
      .send({ ...CHANGED, [field]: value })
      .expect(400);
    expect(Object.keys(res.body.fields)).toEqual([field]);
    const read = await t.http.get('/api/protected/user/settings').set(a.auth).expect(200);
    expect(read.body).toEqual(DEFAULTS);
  });

  it("takes any IANA zone beside the six Settings lists first (a preparer abroad works on Berlin's clock)", async () => {
    const a = await registerAccount(t.http);
    for (const timezone of ['Europe/Berlin', 'America/Regina', 'UTC']) {
      const saved = await t.http.put('/api/protected/user/settings').set(a.auth).send({ timezone }).expect(200);
      expect(saved.body.timezone).toBe(timezone);
    }
    const refused = await t.http
      .put('/api/protected/user/settings')
      .set(a.auth)
      .send({ timezone: 'Europe/Atlantis' })
      .expect(400);
    expect(refused.body.fields).toEqual({
      timezone: 'timezone must be an IANA time zone such as America/New_York or Europe/Berlin',
    });
  });

  it('writes a FEIN typed without its dash as 12-3456789, and a base jurisdiction in capitals', async () => {
    const a = await registerAccount(t.http);
    const saved = await t.http
      .put('/api/protected/user/settings')
      .set(a.auth)
      .send({ fein: ' 561234567 ', base_jurisdiction: 'nc' })
      .expect(200);
    expect(saved.body).toMatchObject({ fein: '56-1234567', base_jurisdiction: 'NC' });
    const cleared = await t.http
      .put('/api/protected/user/settings')
      .set(a.auth)
      .send({ fein: '', base_jurisdiction: '' })
      .expect(200);
    expect(cleared.body).toMatchObject({ fein: '', base_jurisdiction: '' });
  });

  it('takes kilometres and litres as the unit alone, and says which units there are when refused', async () => {
    const a = await registerAccount(t.http);
    const saved = await t.http
      .put('/api/protected/user/settings')
      .set(a.auth)
      .send({ distance_unit: 'km_litres' })
      .expect(200);
    expect(saved.body).toEqual({ ...DEFAULTS, distance_unit: 'km_litres' });
    const refused = await t.http
      .put('/api/protected/user/settings')
      .set(a.auth)
      .send({ distance_unit: 'km' })
      .expect(400);
    expect(refused.body.fields.distance_unit).toBe('distance_unit must be one of miles_gallons, km_litres');
  });

  it('keeps each account to its own settings', async () => {
    const a = await registerAccount(t.http);
    const b = await registerAccount(t.http);
    await t.http.put('/api/protected/user/settings').set(a.auth).send(CHANGED).expect(200);
    const other = await t.http.get('/api/protected/user/settings').set(b.auth).expect(200);
    expect(other.body).toEqual(DEFAULTS);
  });

  it('refuses settings without a token', async () => {
    await t.http.get('/api/protected/user/settings').expect(401);
    await t.http.put('/api/protected/user/settings').send(CHANGED).expect(401);
  });
});

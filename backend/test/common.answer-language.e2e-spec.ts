import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const SETTINGS = '/api/protected/user/settings';
/** Two bad fields: one with class-validator's own sentence, one with ours naming the allowed values. */
const BAD_SETTINGS = { default_mpg: -1, date_format: 'DD.MM.YYYY' };
const BAD_SETTINGS_EN = {
  statusCode: 400,
  error: 'default_mpg must not be less than 0; date_format must be one of MM/DD/YYYY, DD/MM/YYYY, YYYY-MM-DD',
  message: 'default_mpg must not be less than 0; date_format must be one of MM/DD/YYYY, DD/MM/YYYY, YYYY-MM-DD',
  fields: {
    default_mpg: 'default_mpg must not be less than 0',
    date_format: 'date_format must be one of MM/DD/YYYY, DD/MM/YYYY, YYYY-MM-DD',
  },
};
const BAD_SETTINGS_RU = {
  statusCode: 400,
  error: 'default_mpg не должно быть меньше 0; date_format должно быть одним из: MM/DD/YYYY, DD/MM/YYYY, YYYY-MM-DD',
  message: 'default_mpg не должно быть меньше 0; date_format должно быть одним из: MM/DD/YYYY, DD/MM/YYYY, YYYY-MM-DD',
  fields: {
    default_mpg: 'default_mpg не должно быть меньше 0',
    date_format: 'date_format должно быть одним из: MM/DD/YYYY, DD/MM/YYYY, YYYY-MM-DD',
  },
};

describe("error answers in the client's language: the account's setting, else Accept-Language, else English", () => {
  let t: TestApp;
  let english: TestAccount;
  let russian: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    english = await registerAccount(t.http);
    russian = await registerAccount(t.http);
    await t.http.put(SETTINGS).set(russian.auth).send({ language: 'ru' }).expect(200);
  });
  afterAll(() => t.close());

  it('answers a bad request in English by default, word for word as before', async () => {
    const res = await t.http.put(SETTINGS).set(english.auth).send(BAD_SETTINGS).expect(400);
    expect(res.body).toEqual(BAD_SETTINGS_EN);
  });

  it('answers the same bad request in Russian for an account whose language is Russian, whatever the header', async () => {
    for (const header of [undefined, 'en', 'en-US,en;q=0.9']) {
      const req = t.http.put(SETTINGS).set(russian.auth);
      if (header) req.set('Accept-Language', header);
      const res = await req.send(BAD_SETTINGS).expect(400);
      expect(res.body).toEqual(BAD_SETTINGS_RU);
    }
    // Nothing of the refused change was kept.
    const settings = await t.http.get(SETTINGS).set(russian.auth).expect(200);
    expect(settings.body).toMatchObject({ default_mpg: 7.5, date_format: 'MM/DD/YYYY', language: 'ru' });
  });

  it("keeps to an English account's setting even when the browser asks for Russian", async () => {
    const res = await t.http.put(SETTINGS).set(english.auth).set('Accept-Language', 'ru').send(BAD_SETTINGS);
    expect(res.body).toEqual(BAD_SETTINGS_EN);
  });

  it('answers a signed-out request in Russian when Accept-Language asks for it, else in English', async () => {
    const badSignIn = { email: russian.user.email, password: 'not-the-password' };
    const plain = await t.http.post('/api/auth/login').send(badSignIn).expect(401);
    expect(plain.body).toEqual({
      statusCode: 401,
      error: 'Invalid email or password',
      message: 'Invalid email or password',
    });

    const ru = await t.http
      .post('/api/auth/login')
      .set('Accept-Language', 'ru-RU,ru;q=0.9')
      .send(badSignIn)
      .expect(401);
    expect(ru.body).toEqual({
      statusCode: 401,
      error: 'Неверный e-mail или пароль',
      message: 'Неверный e-mail или пароль',
    });

    const badBody = await t.http
      .post('/api/auth/login')
      .set('Accept-Language', 'ru')
      .send({ email: russian.user.email })
      .expect(400);
    expect(badBody.body).toEqual({
      statusCode: 400,
      error: 'password должно быть не длиннее 128 символов',
      message: 'password должно быть не длиннее 128 символов',
      fields: { password: 'password должно быть не длиннее 128 символов' },
    });
  });

  it("answers a missing session in the header's language (no account is known)", async () => {
    const res = await t.http.get(SETTINGS).set('Accept-Language', 'ru').expect(401);
    expect(res.body).toEqual({
      statusCode: 401,
      error: 'Требуется вход в систему',
      message: 'Требуется вход в систему',
    });
  });

  it('translates a sentence with values in it, keeping the values', async () => {
    const res = await t.http.get('/api/protected/reports/00000000-0000-4000-8000-000000000000').set(russian.auth);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, error: 'Отчёт не найден', message: 'Отчёт не найден' });
  });

  it("answers a success sentence in the language too: a signed-out message, a report's warnings", async () => {
    // Gasoline miles with no gasoline bought: saved, with a warning naming the line.
    const report = {
      company_name: 'Acme Freight LLC',
      tax_period: 'Q2-2026',
      calculation_mode: 'official',
      jurisdictions: [
        { name: 'TX', total_miles: 5000, taxable_miles: 5000, gallons_purchased: 500 },
        { name: 'AR', fuel_type: 'gasoline', total_miles: 800, taxable_miles: 800, gallons_purchased: 0 },
      ],
    };
    const en = await t.http.post('/api/protected/reports').set(english.auth).set('Accept-Language', 'ru').send(report);
    expect(en.status).toBe(201);
    expect(en.body.warnings).toEqual([
      {
        field: 'jurisdictions.1',
        message:
          'jurisdictions.1 has 800 miles of gasoline but the fleet bought no gasoline this period: with no fleet ' +
          'MPG these miles owe $0; add the gasoline bought',
      },
    ]);
    const ru = await t.http.post('/api/protected/reports').set(russian.auth).send(report);
    expect(ru.status).toBe(201);
    expect(ru.body.warnings).toEqual([
      {
        field: 'jurisdictions.1',
        message:
          'jurisdictions.1: 800 миль на gasoline, но парк не покупал gasoline в этом периоде: без MPG парка налог ' +
          'на эти мили равен $0; добавьте купленное топливо (gasoline)',
      },
    ]);

    const signedOut = await t.http.post('/api/auth/logout').set(russian.auth).set('Accept-Language', 'en').expect(200);
    expect(signedOut.body).toEqual({ message: 'Вы вышли из системы' });
  });
});

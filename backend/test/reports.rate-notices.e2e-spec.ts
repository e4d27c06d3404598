import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseQuarter } from '../src/tax-rates/quarter.js';
import { OfficialMatricesService } from '../src/tax-rates/official/official-matrices.service.js';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { Outbox } from '../src/mail/outbox.js';
import { fileURLToPath } from 'node:url';
import { publishedMatrixBytes, retitled, withRate } from './helpers/ifta-published-file.js';
import { outboxMails } from './helpers/outbox-mails.js';
import { type OwnDatabase, ownDatabase } from './helpers/own-database.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

const REPORTS = '/api/protected/reports';
const NOTICES = '/api/protected/rate-notices';
/**
 * IFTA's 2Q2026 file as its 3Q2026 would be if only California's diesel changed (to 1.0100): every other rate stays
 * what the provisional pricing used, so a return without California does not move.
 */
const q3WithCalifornia = (rate: string) =>
  withRate(
    retitled(
      publishedMatrixBytes(fileURLToPath(new URL('fixtures/ifta-published', import.meta.url)), '2Q2026'),
      '3rd Quarter 2026',
    ),
    { name: 'CALIFORNIA #1', title: 'Special', rate },
  );
const Q3_CALIFORNIA_CHANGED = q3WithCalifornia('1.0100');

/**
 * A final return filed with provisional rates is told, once the quarter's matrix is published, how much its tax due
 * changes, and files the amended return from the notice in one step; a final whose figures do not move gets no
 * notice. On a database of its own: publishing a quarter changes every account's rates.
 */
describe('notices to final returns when the matrix is published', () => {
  let own: OwnDatabase;
  let t: TestApp;
  let carrier: TestAccount;
  let other: TestAccount;
  let russian: TestAccount;
  /** The first test's original final and the amendment filed from its notice (the return of record after it). */
  let original: { id: string };
  let amendment: { id: string };

  beforeAll(async () => {
    own = await ownDatabase('notices');
    t = await createTestApp({ DATABASE_URL: own.url });
    carrier = await registerAccount(t.http);
    other = await registerAccount(t.http);
    russian = await registerAccount(t.http);
    await t.http.put('/api/protected/user/settings').set(russian.auth).send({ language: 'ru' }).expect(200);
  });
  afterAll(async () => {
    await t?.close();
    await own?.drop();
  });

  const finalReturn = (jurisdictions: object[]) => ({
    company_name: 'Acme Freight LLC',
    tax_period: 'Q3-2026',
    calculation_mode: 'official',
    status: 'final',
    filed_at: '2026-10-20',
    jurisdictions,
  });

  it('tells a final filed provisionally the difference, files the amendment once, and leaves others alone', async () => {
    // Fleet MPG 5: CA 2,000 taxable gal - 500 bought = 1,500 x 0.9710 = 1,456.50 provisionally.
    const changed = (
      await t.http
        .post(REPORTS)
        .set(carrier.auth)
        .send(
          finalReturn([
            { name: 'CA', total_miles: 10000, taxable_miles: 10000, gallons_purchased: 500 },
            { name: 'NV', total_miles: 5000, taxable_miles: 5000, gallons_purchased: 2500 },
          ]),
        )
        .expect(201)
    ).body;
    expect(changed.rates_provisional_from).toBe('Q2-2026');
    // Texas keeps its rate in the published matrix: this return's figures will not move.
    const unchanged = (
      await t.http
        .post(REPORTS)
        .set(other.auth)
        .send(finalReturn([{ name: 'TX', total_miles: 10000, taxable_miles: 10000, gallons_purchased: 1000 }]))
        .expect(201)
    ).body;

    // A Russian account's return that moves the same way.
    await t.http
      .post(REPORTS)
      .set(russian.auth)
      .send(
        finalReturn([
          { name: 'CA', total_miles: 10000, taxable_miles: 10000, gallons_purchased: 500 },
          { name: 'NV', total_miles: 5000, taxable_miles: 5000, gallons_purchased: 2500 },
        ]),
      )
      .expect(201);

    await t.app.get(OfficialMatricesService).publish({
      content: Q3_CALIFORNIA_CHANGED,
      quarter: parseQuarter('Q3-2026')!,
      sourceKind: 'file',
      source: '3Q2026.csv',
      publishedBy: 'test',
    });

    const notices = (await t.http.get(NOTICES).set(carrier.auth).expect(200)).body;
    // CA: 1,500 net gallons x (1.0100 - 0.9710) = 58.50 more.
    expect(notices).toEqual([
      {
        id: expect.any(String),
        report_id: changed.id,
        report_name: changed.name,
        quarter: 'Q3-2026',
        matrix_version: 1,
        previous_tax_due: changed.totals.tax_due,
        new_tax_due: Number((changed.totals.tax_due + 58.5).toFixed(2)),
        difference: 58.5,
        created_at: expect.any(String),
        amendment_id: null,
      },
    ]);
    expect((await t.http.get(NOTICES).set(other.auth).expect(200)).body).toEqual([]);

    // The same notice by e-mail, once, with the way to the amendment; the other company gets none.
    await t.app.get(Outbox).deliverNow();
    const dataDir = t.app.get<AppConfig>(APP_CONFIG).dataDir;
    const mails = outboxMails(dataDir, carrier.user.email).filter((mail) =>
      mail.includes(`${carrier.user.company_name}'s Q3-2026 return was filed`),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('rates: ' + carrier.user.company_name);
    expect(mails[0]).toMatch(/it comes to \$[\d,]+\.\d\d due instead of \$[\d,]+\.\d\d due, so \$58\.50 more is due/);
    expect(mails[0]).toContain('/dashboard');
    expect(outboxMails(dataDir, other.user.email).filter((mail) => mail.includes('IFTA published'))).toEqual([]);
    expect(unchanged.status).toBe('final');

    // The amendment is dated today where the account is, which this zone puts on another day than UTC's now: at
    // UTC midnight an American account's evening was refused as filed in the future.
    const zone = new Date().getUTCHours() < 12 ? 'Etc/GMT+12' : 'Pacific/Kiritimati';
    await t.http.put('/api/protected/user/settings').set(carrier.auth).send({ timezone: zone }).expect(200);
    const localToday = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    expect(localToday).not.toBe(new Date().toISOString().slice(0, 10));

    // Another company cannot act on the notice; the carrier files the amendment once.
    await t.http.post(`${NOTICES}/${notices[0].id}/amend`).set(other.auth).expect(404);
    await t.http.post(`${NOTICES}/not-a-uuid/amend`).set(carrier.auth).expect(404);
    const amended = (await t.http.post(`${NOTICES}/${notices[0].id}/amend`).set(carrier.auth).expect(201)).body;
    expect(amended).toMatchObject({
      status: 'final',
      tax_period: 'Q3-2026',
      rates_provisional_from: null,
      filed_at: localToday,
    });
    expect(amended.totals.tax_due).toBe(notices[0].new_tax_due);
    expect(amended.jurisdictions.map((j: { code: string; tax_rate: number }) => [j.code, j.tax_rate])).toEqual([
      ['CA', 1.01],
      ['NV', 0.27],
    ]);
    // A second click answers the same amendment: one amended return, however often it is pressed.
    const again = await t.http.post(`${NOTICES}/${notices[0].id}/amend`).set(carrier.auth).expect(201);
    expect(again.body.id).toBe(amended.id);
    expect((await t.http.get(NOTICES).set(carrier.auth).expect(200)).body[0].amendment_id).toBe(amended.id);
    original = changed;
    amendment = amended;
  });

  it("writes the notice e-mail in a Russian account's language", async () => {
    await t.app.get(Outbox).deliverNow();
    const mails = outboxMails(t.app.get<AppConfig>(APP_CONFIG).dataDir, russian.user.email).filter((mail) =>
      mail.includes('Q3-2026'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Декларация ${russian.user.company_name} за Q3-2026 была подана`);
    expect(mails[0]).toContain('то есть к уплате на $58.50 больше.');
    expect(mails[0]).toContain('/dashboard');
    expect(mails[0]).not.toContain('more is due');
  });

  it('notices only the return of record, replaces a notice with the newer version, closes it, and refuses a stale one', async () => {
    const publish = (rate: string) =>
      t.app.get(OfficialMatricesService).publish({
        content: q3WithCalifornia(rate),
        quarter: parseQuarter('Q3-2026')!,
        sourceKind: 'file',
        source: `3Q2026-CA-${rate}.csv`,
        publishedBy: 'test',
      });
    type Notice = { id: string; report_id: string; matrix_version: number; amendment_id: string | null };
    const open = async () =>
      ((await t.http.get(NOTICES).set(carrier.auth).expect(200)).body as Notice[]).filter((n) => !n.amendment_id);

    // Version 2 (CA 1.0200): the amendment, filed at 1.0100, is told; the original it superseded never is.
    expect((await publish('1.0200')).matrix.version).toBe(2);
    expect((await open()).map((n) => [n.report_id, n.matrix_version])).toEqual([[amendment.id, 2]]);
    expect((await open()).some((n) => n.report_id === original.id)).toBe(false);

    // Version 3 brings California back to what the amendment was filed with: its open notice closes.
    await publish('1.0100');
    expect(await open()).toEqual([]);

    // Versions 4 and 5: the newer notice replaces the older one, never adds a second.
    await publish('1.0300');
    await publish('1.0400');
    const [current] = await open();
    expect((await open()).map((n) => [n.report_id, n.matrix_version])).toEqual([[amendment.id, 5]]);

    // The carrier amends the return by hand meanwhile: the notice no longer applies, is refused and no longer listed.
    await t.http
      .post(REPORTS)
      .set(carrier.auth)
      .send({
        ...finalReturn([
          { name: 'CA', total_miles: 10000, taxable_miles: 10000, gallons_purchased: 500 },
          { name: 'NV', total_miles: 5000, taxable_miles: 5000, gallons_purchased: 2500 },
        ]),
        filed_at: undefined,
      })
      .expect(201);
    const stale = await t.http.post(`${NOTICES}/${current.id}/amend`).set(carrier.auth).expect(409);
    expect(stale.body.message).toBe('This return was amended since the notice: the notice no longer applies');
    expect(await open()).toEqual([]);
  });
});

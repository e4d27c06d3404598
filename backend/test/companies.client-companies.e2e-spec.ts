import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ReminderJob } from '../src/calendar/reminder.job.js';
import { Clock, type MovableClock } from '../src/common/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { daysBefore, daysBetween, nextDueReturn, todayIn } from '../src/ifta/index.js';
import { Outbox } from '../src/mail/outbox.js';
import { DAY_MS } from '../src/subscriptions/subscription-rules.js';
import { PLAN_SEATS } from '../src/subscriptions/plan-seats.js';
import { SAMPLE_REPORT } from './helpers/account-fixtures.js';
import { invite } from './helpers/members.js';
import { outboxMails } from './helpers/outbox-mails.js';
import {
  createTestApp,
  registerAccount,
  type TestAccount,
  type TestApp,
  tokenizeCard,
  uniqueEmail,
} from './helpers/test-app.js';

const CLIENTS = '/api/protected/client-companies';
const COMPANIES = '/api/protected/companies';
const SUBSCRIPTIONS = '/api/protected/subscriptions';
const SUBSCRIPTION_CURRENT = `${SUBSCRIPTIONS}/current`;

interface Company {
  id: string;
  name: string;
  role: string;
  current: boolean;
}

/**
 * Preparers who file for several carriers: a preparer makes client companies, switches between them like signing
 * in, and never sees one client's data in another; the membership decides every switch; clients billed to the
 * preparer take seats of the preparer's plan and are opened by the preparer's subscription.
 */
/** The company and role a sign-in answered (registerAccount's type names only the person). */
const companyOf = (a: TestAccount) => (a.user as unknown as { company_id: string }).company_id;
const roleOf = (a: TestAccount) => (a.user as unknown as { role: string }).role;

describe('client companies and company switching', () => {
  let t: TestApp;
  let clock: MovableClock;
  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(Clock) as MovableClock;
  });
  afterEach(() => clock.reset());
  afterAll(() => t.close());

  const asSession = (body: { token: string; user: TestAccount['user'] }, password: string): TestAccount => ({
    token: body.token,
    user: body.user,
    auth: { Authorization: `Bearer ${body.token}` },
    password,
  });
  const addClient = async (by: TestAccount, name: string, billing: 'client' | 'preparer' = 'preparer') =>
    (await t.http.post(CLIENTS).set(by.auth).send({ name, billing }).expect(201)).body as { id: string; name: string };
  const switchTo = async (who: TestAccount, companyId: string): Promise<TestAccount> =>
    asSession((await t.http.post(`${COMPANIES}/${companyId}/switch`).set(who.auth).expect(200)).body, who.password);
  const companies = async (who: TestAccount) =>
    (await t.http.get(COMPANIES).set(who.auth).expect(200)).body.companies as Company[];

  describe('a preparer with two clients', () => {
    let preparer: TestAccount;
    let zulu: { id: string };
    let alpha: { id: string };
    beforeAll(async () => {
      preparer = await registerAccount(t.http, { company_name: 'Ledger Preparers' });
      zulu = await addClient(preparer, 'Zulu Freight');
      alpha = await addClient(preparer, 'Alpha Hauling');
    });

    it('lists the companies the person belongs to, the current one marked, their role in each', async () => {
      expect(await companies(preparer)).toEqual([
        { id: companyOf(preparer), name: 'Ledger Preparers', role: 'owner', current: true },
        { id: zulu.id, name: 'Zulu Freight', role: 'owner', current: false },
        { id: alpha.id, name: 'Alpha Hauling', role: 'owner', current: false },
      ]);
    });

    it('switches like a login: a token for the client, the same person; the old token goes on for its own company', async () => {
      const inZulu = await switchTo(preparer, zulu.id);
      expect(inZulu.user).toEqual({
        id: preparer.user.id,
        email: preparer.user.email,
        email_proven: false,
        company_name: 'Zulu Freight',
        company_id: zulu.id,
        role: 'owner',
      });
      const me = await t.http.get('/api/protected/user/me').set(inZulu.auth).expect(200);
      expect(me.body.company_id).toBe(zulu.id);
      expect((await companies(inZulu)).find((c) => c.current)?.id).toBe(zulu.id);
      // Another tab of the browser may still act with the token that asked, for the company it shows.
      expect((await companies(preparer)).find((c) => c.current)?.id).toBe(companyOf(preparer));
      preparer = await switchTo(inZulu, companyOf(preparer));
    });

    it("never shows one client's reports, records, rates or settings in the other (cross ids 404)", async () => {
      const inZulu = await switchTo(preparer, zulu.id);
      const report = await t.http.post('/api/protected/reports').set(inZulu.auth).send(SAMPLE_REPORT).expect(201);
      const trip = await t.http
        .post('/api/protected/trips')
        .set(inZulu.auth)
        .send({ date: '2026-05-03', unit: 'Z1', jurisdiction: 'TX', miles: 120 })
        .expect(201);
      const fuel = await t.http
        .post('/api/protected/fuel-purchases')
        .set(inZulu.auth)
        .send({ date: '2026-05-03', unit: 'Z1', jurisdiction: 'TX', quantity: 40 })
        .expect(201);
      const settings = (await t.http.get('/api/protected/user/settings').set(inZulu.auth).expect(200)).body;
      await t.http
        .put('/api/protected/user/settings')
        .set(inZulu.auth)
        .send({ ...settings, company_phone: '555-0100', default_mpg: 6.1 })
        .expect(200);
      const rates = (await t.http.get('/api/protected/tax-rates').set(inZulu.auth).expect(200)).body as Array<{
        id: string;
        abbreviation: string;
        rate: number;
      }>;
      const tx = rates.find((rate) => rate.abbreviation === 'TX')!;
      await t.http.put(`/api/protected/tax-rates-management/${tx.id}`).set(inZulu.auth).send({ rate: 0.9 }).expect(200);

      const inAlpha = await switchTo(inZulu, alpha.id);
      const list = async (path: string) => (await t.http.get(path).set(inAlpha.auth).expect(200)).body;
      expect(await list('/api/protected/reports')).toEqual([]);
      expect((await list('/api/protected/trips')).data).toEqual([]);
      expect((await list('/api/protected/fuel-purchases')).data).toEqual([]);
      const alphaSettings = await list('/api/protected/user/settings');
      expect(alphaSettings.company_phone).toBe('');
      expect(alphaSettings.default_mpg).not.toBe(6.1);
      const alphaRates = (await list('/api/protected/tax-rates')) as Array<{ id: string; abbreviation: string }>;
      expect(alphaRates.map((rate) => rate.id)).not.toContain(tx.id);
      expect(alphaRates.find((rate) => rate.abbreviation === 'TX')).not.toMatchObject({ rate: 0.9 });

      await t.http.get(`/api/protected/reports/${report.body.id}`).set(inAlpha.auth).expect(404);
      await t.http.delete(`/api/protected/reports/${report.body.id}`).set(inAlpha.auth).expect(404);
      await t.http.get(`/api/protected/trips/${trip.body.id}`).set(inAlpha.auth).expect(404);
      await t.http
        .put(`/api/protected/trips/${trip.body.id}`)
        .set(inAlpha.auth)
        .send({ date: '2026-05-03', unit: 'Z1', jurisdiction: 'TX', miles: 1 })
        .expect(404);
      await t.http.delete(`/api/protected/fuel-purchases/${fuel.body.id}`).set(inAlpha.auth).expect(404);
      await t.http.get(`/api/protected/tax-rates-management/${tx.id}`).set(inAlpha.auth).expect(404);

      // Zulu's rows are all still there, untouched.
      const back = await switchTo(inAlpha, zulu.id);
      await t.http.get(`/api/protected/reports/${report.body.id}`).set(back.auth).expect(200);
      expect((await t.http.get('/api/protected/trips').set(back.auth).expect(200)).body.data).toHaveLength(1);
      preparer = await switchTo(back, companyOf(preparer));
    });

    it('lists the clients with the return each files next, as its own calendar says, overdue first', async () => {
      const inAlpha = await switchTo(preparer, alpha.id);
      const alphaCalendar = (await t.http.get('/api/protected/filing-calendar').set(inAlpha.auth).expect(200)).body;
      // Alpha files the return Zulu still owes, so Alpha has nothing overdue and its next return comes later.
      const zuluBefore = await switchTo(inAlpha, zulu.id);
      const zuluDue = (await t.http.get('/api/protected/filing-calendar').set(zuluBefore.auth).expect(200)).body
        .return_due;
      const inAlphaAgain = await switchTo(zuluBefore, alpha.id);
      await t.http
        .post('/api/protected/reports')
        .set(inAlphaAgain.auth)
        .send({ ...SAMPLE_REPORT, tax_period: zuluDue.period, status: 'final', filed_at: alphaCalendar.today })
        .expect(201);
      const alphaDue = (await t.http.get('/api/protected/filing-calendar').set(inAlphaAgain.auth).expect(200)).body
        .return_due;
      preparer = await switchTo(inAlphaAgain, companyOf(preparer));

      const res = await t.http.get(CLIENTS).set(preparer.auth).expect(200);
      const pick = (due: Record<string, unknown>) => ({
        period: due.period,
        due_date: due.due_date,
        days_left: due.days_left,
        state: due.state,
        overdue: due.overdue,
      });
      expect(alphaDue.overdue).toBe(false);
      expect(alphaDue.due_date > zuluDue.due_date).toBe(true);
      expect(res.body).toEqual({
        total: 2,
        data: [
          expect.objectContaining({ id: zulu.id, name: 'Zulu Freight', billing: 'preparer', member: true }),
          expect.objectContaining({ id: alpha.id, name: 'Alpha Hauling', billing: 'preparer', member: true }),
        ],
      });
      expect(res.body.data[0].next_due).toEqual(pick(zuluDue));
      expect(res.body.data[1].next_due).toEqual(pick(alphaDue));
    });

    it("lists only the calling company's clients", async () => {
      const other = await registerAccount(t.http);
      await addClient(other, 'Other Client');
      const mine = (await t.http.get(CLIENTS).set(preparer.auth).expect(200)).body.data as Array<{ name: string }>;
      expect(mine.map((client) => client.name).sort()).toEqual(['Alpha Hauling', 'Zulu Freight']);
    });
  });

  describe('the membership decides every switch', () => {
    it('refuses a company the person is not a member of, or a malformed id, with 404', async () => {
      const a = await registerAccount(t.http);
      const stranger = await registerAccount(t.http);
      for (const id of [companyOf(stranger), '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const res = await t.http.post(`${COMPANIES}/${id}/switch`).set(a.auth).expect(404);
        expect(res.body.error).toBe('Company not found');
      }
      // The refused switch did not end the session that asked.
      await t.http.get(COMPANIES).set(a.auth).expect(200);
    });

    it("gives the switched token the person's role there, which the role guard applies", async () => {
      const employer = await registerAccount(t.http, { company_name: 'Viewer Co' });
      const person = await registerAccount(t.http, { company_name: 'Own Co' });
      const token = await invite(t, employer, 'viewer', person.user.email);
      await t.http
        .post('/api/auth/accept-invitation')
        .send({ token, password: person.password, name: 'Pat' })
        .expect(200);
      const asViewer = await switchTo(person, companyOf(employer));
      expect(roleOf(asViewer)).toBe('viewer');
      await t.http.get('/api/protected/reports').set(asViewer.auth).expect(200);
      const refused = await t.http
        .post('/api/protected/vehicles')
        .set(asViewer.auth)
        .send({ unit: 'V-1', fuel_type: 'diesel' })
        .expect(403);
      expect(refused.body.error).toBe('This needs the bookkeeper role');
      await t.http.post(CLIENTS).set(asViewer.auth).send({ name: 'Nope', billing: 'client' }).expect(403);
      const home = await switchTo(asViewer, companyOf(person));
      expect(roleOf(home)).toBe('owner');
    });

    it('lets a removed member switch there no more, and ends their token of that company', async () => {
      const employer = await registerAccount(t.http);
      const person = await registerAccount(t.http);
      const token = await invite(t, employer, 'bookkeeper', person.user.email);
      await t.http
        .post('/api/auth/accept-invitation')
        .send({ token, password: person.password, name: 'Pat' })
        .expect(200);
      const there = await switchTo(person, companyOf(employer));
      // A second sign-in, in the person's own company, while the token of the employer's company stays live.
      const login = await t.http
        .post('/api/auth/login')
        .send({ email: person.user.email, password: person.password })
        .expect(200);
      const home = asSession(login.body, person.password);
      expect(companyOf(home)).toBe(companyOf(person));
      await t.http.get(COMPANIES).set(there.auth).expect(200);
      const members = (await t.http.get('/api/protected/members').set(employer.auth).expect(200)).body
        .members as Array<{
        id: string;
        user_id: string;
      }>;
      const membership = members.find((member) => member.user_id === person.user.id)!;
      await t.http.delete(`/api/protected/members/${membership.id}`).set(employer.auth).expect(204);
      await t.http
        .post(`${COMPANIES}/${companyOf(employer)}/switch`)
        .set(home.auth)
        .expect(404);
      expect((await companies(home)).map((c) => c.id)).toEqual([companyOf(person)]);
      await t.http.get(COMPANIES).set(there.auth).expect(401);
    });
  });

  describe('adding a client', () => {
    it('refuses bad input with 400 naming the field, and writes nothing', async () => {
      const a = await registerAccount(t.http);
      const cases: Array<[string, Record<string, unknown>]> = [
        ['name', { billing: 'client' }],
        ['name', { name: '   ', billing: 'client' }],
        ['name', { name: 'x'.repeat(201), billing: 'client' }],
        ['billing', { name: 'Client' }],
        ['billing', { name: 'Client', billing: 'nobody' }],
        ['email', { name: 'Client', billing: 'client', email: 'not-an-address' }],
      ];
      for (const [field, body] of cases) {
        const res = await t.http.post(CLIENTS).set(a.auth).send(body).expect(400);
        expect(Object.keys(res.body.fields ?? {})).toContain(field);
      }
      expect((await t.http.get(CLIENTS).set(a.auth).expect(200)).body).toEqual({ data: [], total: 0 });
      expect(await companies(a)).toHaveLength(1);
    });

    it("keeps the client's address with the link; nobody signs in to the client company itself", async () => {
      const a = await registerAccount(t.http);
      const email = uniqueEmail('client');
      const made = await t.http
        .post(CLIENTS)
        .set(a.auth)
        .send({ name: 'Mailed Client', billing: 'client', email })
        .expect(201);
      expect(made.body).toMatchObject({ name: 'Mailed Client', billing: 'client', email, member: true });
      // The address stays free: the client can still register an account of their own with it.
      await t.http
        .post('/api/auth/register')
        .send({ email, password: 'secret123', company_name: 'Client Own' })
        .expect(201);
    });
  });

  describe("a client company's mail", () => {
    it("goes to the client's contact address, or else to the person who added it, never to its placeholder", async () => {
      const preparer = await registerAccount(t.http);
      const contact = uniqueEmail('client-office');
      const withContact = (
        await t.http.post(CLIENTS).set(preparer.auth).send({ name: 'Mailed', billing: 'client', email: contact })
      ).body as { id: string };
      const withoutContact = await addClient(preparer, 'Unmailed', 'client');
      const placeholders = (await t.app
        .get(DataSource)
        .query('SELECT email FROM users WHERE id = ANY($1::uuid[])', [[withContact.id, withoutContact.id]])) as Array<{
        email: string;
      }>;

      // Fourteen days before the next return is due (New York, the default time zone), the reminder job writes.
      const zone = 'America/New_York';
      const next = nextDueReturn(daysBefore(todayIn(zone, new Date()), -15));
      clock.advance(daysBetween(todayIn(zone, new Date()), daysBefore(next.dueDate, 14)) * DAY_MS);
      await t.app.get(ReminderJob).run();
      await t.app.get(Outbox).deliverNow();
      const dataDir = t.app.get<AppConfig>(APP_CONFIG).dataDir;
      const reminders = (to: string) =>
        outboxMails(dataDir, to).filter((mail) => mail.includes(`Reminder: your IFTA return for ${next.period}`));
      expect(reminders(contact).some((mail) => mail.includes(`${next.period} (Mailed)`))).toBe(true);
      expect(reminders(preparer.user.email).some((mail) => mail.includes(`${next.period} (Unmailed)`))).toBe(true);
      for (const { email } of placeholders) {
        expect(email).toMatch(/@clients\.invalid$/);
        expect(outboxMails(dataDir, email)).toEqual([]);
      }
    });
  });

  describe('seats and billing', () => {
    it("stops clients billed to the preparer and invitations at the plan's seat limit, naming it", async () => {
      const seats = PLAN_SEATS.starter;
      const a = await registerAccount(t.http, {}, { plan_id: 'starter' });
      const seatsShown = async () => (await t.http.get('/api/protected/members').set(a.auth).expect(200)).body.seats;
      expect(await seatsShown()).toEqual({ used: 1, limit: seats, plan: 'Starter' });
      // The owner takes one seat, a pending invitation one, and each client billed to the preparer one.
      await invite(t, a, 'viewer');
      for (let i = 0; i < seats - 2; i += 1) await addClient(a, `Seat ${i}`);
      const refused = await t.http.post(CLIENTS).set(a.auth).send({ name: 'One too many', billing: 'preparer' });
      expect(refused.status).toBe(403);
      const message = `Seat limit reached: your Starter plan includes ${seats} seats (members, pending invitations and clients billed to you). Upgrade your plan to add more.`;
      expect(refused.body).toMatchObject({ error: message, code: 'SEAT_LIMIT_REACHED', limit: seats, used: seats });
      const invitation = await t.http
        .post('/api/protected/members/invitations')
        .set(a.auth)
        .send({ email: uniqueEmail('late'), role: 'viewer' });
      expect(invitation.status).toBe(403);
      expect(invitation.body).toMatchObject({ error: message, code: 'SEAT_LIMIT_REACHED', limit: seats });
      expect(await seatsShown()).toEqual({ used: seats, limit: seats, plan: 'Starter' });
      // A client that pays for itself takes no seat.
      await addClient(a, 'Pays Itself', 'client');
      expect((await seatsShown()).used).toBe(seats);
      // An upgrade gives the room at once.
      await t.http.put('/api/protected/subscriptions').set(a.auth).send({ plan_id: 'professional' }).expect(200);
      await addClient(a, 'After Upgrade');
      expect(await seatsShown()).toEqual({ used: seats + 1, limit: PLAN_SEATS.professional, plan: 'Professional' });
    });

    it('holds the limit when clients are added at once: exactly the free seats are taken', async () => {
      const seats = PLAN_SEATS.starter;
      const a = await registerAccount(t.http, {}, { plan_id: 'starter' });
      const answers = await Promise.all(
        Array.from({ length: seats + 2 }, (_, i) =>
          t.http
            .post(CLIENTS)
            .set(a.auth)
            .send({ name: `Rush ${i}`, billing: 'preparer' }),
        ),
      );
      expect(answers.filter((res) => res.status === 201)).toHaveLength(seats - 1);
      expect(answers.filter((res) => res.status === 403)).toHaveLength(3);
    });

    it("opens a client billed to the preparer with the preparer's subscription, and closes it with it", async () => {
      const preparer = await registerAccount(t.http);
      const billedToPreparer = await addClient(preparer, 'Billed To Preparer');
      const paysItself = await addClient(preparer, 'Pays Itself', 'client');
      const covered = await switchTo(preparer, billedToPreparer.id);
      await t.http.post('/api/protected/reports').set(covered.auth).send(SAMPLE_REPORT).expect(201);
      const status = await t.http.get('/api/protected/subscriptions/status').set(covered.auth).expect(200);
      expect(status.body.has_valid_subscription).toBe(true);

      const own = await switchTo(covered, paysItself.id);
      const refused = await t.http.post('/api/protected/reports').set(own.auth).send(SAMPLE_REPORT).expect(403);
      expect(refused.body.code).toBe('SUBSCRIPTION_REQUIRED');

      const home = await switchTo(own, companyOf(preparer));
      await t.http.delete('/api/protected/subscriptions').set(home.auth).expect(200);
      const again = await switchTo(home, billedToPreparer.id);
      // Enterprise's 14-day trial, canceled: open until its end, closed after it.
      clock.advance(13 * DAY_MS);
      await t.http.post('/api/protected/reports').set(again.auth).send(SAMPLE_REPORT).expect(201);
      clock.advance(2 * DAY_MS);
      const closed = await t.http.post('/api/protected/reports').set(again.auth).send(SAMPLE_REPORT).expect(403);
      expect(closed.body.code).toBe('SUBSCRIPTION_REQUIRED');
    });

    it('shows a client billed to the preparer who pays and on which plan, and refuses it a subscription of its own', async () => {
      const preparer = await registerAccount(t.http, { company_name: 'Covering Preparers' }, { plan_id: 'starter' });
      const billed = await addClient(preparer, 'Covered Freight');
      const paying = (await t.http.get(SUBSCRIPTION_CURRENT).set(preparer.auth).expect(200)).body;
      const covered = await switchTo(preparer, billed.id);
      const current = (await t.http.get(SUBSCRIPTION_CURRENT).set(covered.auth).expect(200)).body;
      // The preparer's plan, validity and days, its subscription itself not shown.
      expect(current).toEqual({
        has_subscription: false,
        subscription: null,
        plan: paying.plan,
        days_left: paying.days_left,
        has_valid_subscription: true,
        billed_to: { company_id: companyOf(preparer), company_name: 'Covering Preparers', plan_name: 'Starter' },
      });
      expect(current.plan).toMatchObject({ id: 'starter', name: 'Starter' });
      expect(current.days_left).toBeGreaterThan(0);

      // Starting, changing, previewing, resuming or cancelling a subscription of its own is refused, naming the payer.
      const refusal = {
        error: "This company's subscription is paid by Covering Preparers; ask them to change it",
        code: 'BILLED_TO_PREPARER',
      };
      const card = await tokenizeCard(t.http);
      const attempts = [
        t.http.post(SUBSCRIPTIONS).set(covered.auth).send({ plan_id: 'professional', payment_method: card }),
        t.http.put(SUBSCRIPTIONS).set(covered.auth).send({ plan_id: 'professional' }),
        t.http.get(`${SUBSCRIPTIONS}/plan-change-preview`).query({ plan_id: 'professional' }).set(covered.auth),
        t.http.delete(SUBSCRIPTIONS).set(covered.auth),
        t.http.post(`${SUBSCRIPTIONS}/reactivate`).set(covered.auth),
        t.http
          .post(`${SUBSCRIPTIONS}/reactivate-with-payment`)
          .set(covered.auth)
          .send({ plan_id: 'professional', use_new_payment_method: true, payment_method_id: card }),
      ];
      for (const attempt of attempts) {
        const res = await attempt;
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject(refusal);
      }
      // Nothing was written: the client still has no subscription or card of its own, and the preparer's plan stands.
      expect((await t.http.get(SUBSCRIPTION_CURRENT).set(covered.auth).expect(200)).body).toEqual(current);
      expect((await t.http.get('/api/protected/payment-methods').set(covered.auth).expect(200)).body).toEqual({
        payment_methods: [],
      });
      // The refusal is translated like every other answer, in the client company's language.
      await t.http.put('/api/protected/user/settings').set(covered.auth).send({ language: 'ru' }).expect(200);
      const russian = await t.http.put(SUBSCRIPTIONS).set(covered.auth).send({ plan_id: 'professional' }).expect(409);
      expect(russian.body.error).toBe('Подписку этой компании оплачивает Covering Preparers; попросите их изменить её');

      // The preparer's own view is its subscription, as for any company that pays for itself.
      expect(paying).toMatchObject({ has_subscription: true, subscription: { plan_id: 'starter' }, billed_to: null });
      const home = await switchTo(covered, companyOf(preparer));
      // A plan change by the preparer is what the client then sees.
      await t.http.put(SUBSCRIPTIONS).set(home.auth).send({ plan_id: 'professional' }).expect(200);
      const again = await switchTo(home, billed.id);
      expect((await t.http.get(SUBSCRIPTION_CURRENT).set(again.auth).expect(200)).body).toMatchObject({
        plan: { id: 'professional' },
        billed_to: { plan_name: 'Professional' },
      });
    });

    it('leaves a client that pays for itself to its own subscription, naming no payer', async () => {
      const preparer = await registerAccount(t.http, { company_name: 'Hands Off Preparers' });
      const client = await addClient(preparer, 'Self Paying Freight', 'client');
      const own = await switchTo(preparer, client.id);
      const before = (await t.http.get(SUBSCRIPTION_CURRENT).set(own.auth).expect(200)).body;
      expect(before).toEqual({
        has_subscription: false,
        subscription: null,
        plan: null,
        days_left: 0,
        has_valid_subscription: false,
        billed_to: null,
      });
      const payment_method = await tokenizeCard(t.http);
      const created = await t.http
        .post(SUBSCRIPTIONS)
        .set(own.auth)
        .send({ plan_id: 'starter', payment_method })
        .expect(201);
      expect(created.body).toMatchObject({
        has_subscription: true,
        subscription: { plan_id: 'starter' },
        has_valid_subscription: true,
        billed_to: null,
      });
    });

    it("counts each company's reports on its own month, under the preparer's plan's limit", async () => {
      const preparer = await registerAccount(t.http, {}, { plan_id: 'starter' });
      const client = await addClient(preparer, 'Metered Client');
      for (let i = 0; i < 10; i += 1) {
        await t.http.post('/api/protected/reports').set(preparer.auth).send(SAMPLE_REPORT).expect(201);
      }
      const full = await t.http.post('/api/protected/reports').set(preparer.auth).send(SAMPLE_REPORT).expect(403);
      expect(full.body).toMatchObject({ code: 'USAGE_LIMIT_REACHED', limit: 10, used: 10 });
      const inClient = await switchTo(preparer, client.id);
      await t.http.post('/api/protected/reports').set(inClient.auth).send(SAMPLE_REPORT).expect(201);
      const access = await t.http
        .get('/api/protected/subscriptions/feature-access')
        .query({ feature: 'report_creation' })
        .set(inClient.auth)
        .expect(200);
      expect(access.body.has_access).toBe(true);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FAILED_TO_PROCESS } from '../src/calculator/calculator.service.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { inflatingWorkbook, uploader, warmUp } from './helpers/upload-workbooks.js';

const REPORTS = '/api/protected/reports';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * One account must not hold the file threads (docs/architecture.md, "Work that must not block"): its jobs run one at
 * a time and take turns with other accounts', uploads never take the thread kept for exports and PDFs, and a
 * workbook that unpacks past the upload budget is refused before it is inflated.
 */
describe('file threads shared fairly between accounts', () => {
  let t: TestApp;
  let flooder: TestAccount;
  let exporter: TestAccount;
  let reportId: string;
  beforeAll(async () => {
    // Every export is written again (no document cache), so each one needs a file thread.
    t = await createTestApp({ DOCUMENT_CACHE_MB: '0' });
    flooder = await registerAccount(t.http);
    exporter = await registerAccount(t.http);
    const created = await t.http
      .post(REPORTS)
      .set(exporter.auth)
      .send({
        company_name: 'Other Company Inc',
        tax_period: 'Q2-2026',
        average_mpg: 6.5,
        jurisdictions: [
          { name: 'TX', total_miles: 13000, taxable_miles: 13000, gallons_purchased: 1000 },
          { name: 'OK', total_miles: 7000, taxable_miles: 7000, gallons_purchased: 1000 },
        ],
      })
      .expect(201);
    reportId = created.body.id;
  });
  afterAll(() => t.close());

  const exportMs = async () => {
    const started = performance.now();
    await t.http.post(`${REPORTS}/${reportId}/export`).set(exporter.auth).expect(200);
    return performance.now() - started;
  };

  it('refuses a 470 KB workbook that unpacks to 240 MB at once, with a 400 naming the 100 MB budget', async () => {
    const upload = uploader(t);
    await warmUp(upload, flooder);
    const bomb = await inflatingWorkbook(240);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const res = await upload(flooder, bomb);
    const ms = performance.now() - started;
    console.log(`a ${(bomb.length / 1024).toFixed(0)} KB workbook unpacking to 240 MB refused in ${ms.toFixed(0)} ms`);
    expect(res.status).toBe(400);
    const reason = res.body.errors[0];
    expect(reason).toMatch(/^The workbook unpacks to 24\d MB; at most 100 MB is accepted$/);
    expect(res.body.error).toBe(`${FAILED_TO_PROCESS}: ${reason}`);
    // Read from the archive's directory, nothing inflated: the reason names the size the directory declares.
    // The records import reads workbooks under the same budget.
    const records = await t.http
      .post('/api/protected/trips/import/preview')
      .set(flooder.auth)
      .attach('file', bomb, 'trips.xlsx')
      .expect(400);
    expect(records.body.fields).toEqual({ file: reason });
  }, 60_000);

  it("answers another account's exports while one account's uploads hold the upload threads", async () => {
    const upload = uploader(t);
    // Both threads up (a new thread first loads its modules), and the route's first calls behind us.
    await Promise.all([warmUp(upload, flooder), exportMs()]);
    for (let i = 0; i < 20; i++) await exportMs();
    // Under the budget and honest: each one holds a thread for a second or more (longer on a loaded machine, where
    // one may even run out of time: a 400).
    const heavy = await inflatingWorkbook(45);
    const idle: number[] = [];
    for (let i = 0; i < 30; i++) idle.push(await exportMs());

    let flooding = true;
    const statuses: number[] = [];
    // Two connections of one account, each sending the next upload as soon as the last is answered.
    const connections = [0, 1].map(async () => {
      while (flooding) statuses.push((await upload(flooder, heavy)).status);
    });
    await new Promise((resolve) => setTimeout(resolve, 500)); // both uploads are on the pool
    const during: number[] = [];
    // An export that had to wait for an upload's thread could only finish after an upload was answered. Counting the
    // exports that began and ended between two upload answers shows they did not wait, whatever the machine's speed.
    // A 429 (the account's uploads are at their limit) never held a thread, so it is not counted.
    const threadAnswers = () => statuses.filter((status) => status !== 429).length;
    let unqueued = 0;
    const started = performance.now();
    while (during.length < 30 || performance.now() - started < 5_000) {
      const answeredBefore = threadAnswers();
      during.push(await exportMs());
      if (threadAnswers() === answeredBefore) unqueued += 1;
    }
    flooding = false;
    await Promise.all(connections);

    const idleP50 = median(idle);
    const floodP50 = median(during);
    console.log(
      `another account's export: idle p50 ${idleP50.toFixed(1)} ms, during the flood p50 ${floodP50.toFixed(1)} ms ` +
        `(max ${Math.max(...during).toFixed(0)} ms, ${during.length} exports, ${unqueued} between two upload answers; ` +
        `${statuses.length} uploads answered ` +
        `${[...new Set(statuses)].join('/')})`,
    );
    expect(statuses.length).toBeGreaterThanOrEqual(2);
    expect(statuses.every((status) => [200, 400, 429].includes(status))).toBe(true);
    // Each heavy upload holds its thread for a second or more, so most exports fit between two answers; were they
    // queued behind the uploads, every one would end just after an upload's answer.
    expect(unqueued).toBeGreaterThanOrEqual(during.length / 2);
  }, 120_000);
});

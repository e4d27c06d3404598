import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pdfPages } from './helpers/pdf-text.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { binaryParser, readWorkbook, sheetValues, wallClock } from './helpers/xlsx.js';

const REPORTS = '/api/protected/reports';
const SETTINGS = '/api/protected/user/settings';
/** A zone far from the default America/New_York: a preparer abroad, six hours ahead of it. */
const ZONE = 'Europe/Berlin';
/** Filed late: Q1-2025 was due 2025-04-30. */
const REPORT = {
  name: 'Dated Q1',
  company_name: 'Acme Freight LLC',
  license_number: 'OH-123456789',
  tax_period: 'Q1-2025',
  average_mpg: 5,
  status: 'final',
  filed_at: '2025-06-15',
  jurisdictions: [{ name: 'TX', total_miles: 1600, taxable_miles: 1500, gallons_purchased: 200, tax_rate: 0.58 }],
};

/** Today on the zone's clock, as DD/MM/YYYY. */
const todayIn = (timeZone: string) => {
  const [{ value: day }, , { value: month }, , { value: year }] = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date());
  return `${day}/${month}/${year}`;
};

describe("documents write dates in the account's date format and time zone, in its language", () => {
  let t: TestApp;
  let a: TestAccount;
  let reportId: string;
  let createdAt: string;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
    await t.http
      .put(SETTINGS)
      .set(a.auth)
      .send({ date_format: 'DD/MM/YYYY', timezone: ZONE, language: 'ru' })
      .expect(200);
    const created = await t.http.post(REPORTS).set(a.auth).send(REPORT).expect(201);
    reportId = created.body.id;
    createdAt = created.body.created_at;
  });
  afterAll(() => t.close());

  const workbook = async (query: Record<string, string> = {}) => {
    const res = await t.http
      .post(`${REPORTS}/${reportId}/export`)
      .query(query)
      .set(a.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    return (await readWorkbook(res.body as Buffer)).getWorksheet('IFTA Report')!;
  };
  const pdfText = async (query: Record<string, string> = {}) => {
    const res = await t.http
      .get(`${REPORTS}/${reportId}/pdf`)
      .query(query)
      .set(a.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    return (await pdfPages(res.body as Buffer)).join(' ').replace(/\s+/g, ' ');
  };

  it("writes the Excel export's days as DD/MM/YYYY, its creation time on the account's clock, in Russian", async () => {
    const sheet = await workbook();
    const rows = sheetValues(sheet);
    expect(rows[1]).toEqual(['Отчёт IFTA по налогу на топливо']);
    expect(rows[4]).toEqual(['Название отчёта', 'Dated Q1']);
    expect(rows[9]).toEqual(['Статус', 'Итоговый']);
    expect(rows[10]).toEqual(['Создан', wallClock(createdAt, ZONE)]);
    expect(sheet.getRow(10).getCell(2).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(rows[14]).toEqual([
      'Юрисдикция',
      'Всего миль',
      'Облагаемые мили',
      'Куплено галлонов',
      'Ставка налога',
      'Израсходовано',
      'Чистые галлоны',
      'Налог к уплате / к возврату',
    ]);
    const filing = Object.values(rows).filter((row) => row[0] === 'Срок подачи' || row[0] === 'Подан');
    expect(filing).toEqual([
      ['Срок подачи', '30/04/2025'],
      ['Подан', '15/06/2025'],
    ]);
  });

  it("writes the workbook in English when asked, with the account's dates all the same", async () => {
    const rows = sheetValues(await workbook({ lang: 'en' }));
    expect(rows[1]).toEqual(['IFTA Fuel Tax Report']);
    expect(rows[10]).toEqual(['Created', wallClock(createdAt, ZONE)]);
    expect(Object.values(rows).filter((row) => row[0] === 'Due Date' || row[0] === 'Filed')).toEqual([
      ['Due Date', '30/04/2025'],
      ['Filed', '15/06/2025'],
    ]);
  });

  it("writes the PDF return's days as DD/MM/YYYY, the day it is prepared on the account's clock, in Russian", async () => {
    const text = await pdfText();
    expect(text).toContain('Отчёт IFTA по налогу на топливо (рабочий лист)');
    expect(text).toContain('Срок подачи 30/04/2025');
    expect(text).toContain('Подан 15/06/2025');
    expect(text).toContain(`Подготовлено ${todayIn(ZONE)}`);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('follows a change of the settings at once (the kept documents are keyed by them)', async () => {
    await t.http.put(SETTINGS).set(a.auth).send({ date_format: 'YYYY-MM-DD', language: 'en' }).expect(200);
    const text = await pdfText();
    expect(text).toContain('Due Date 2025-04-30');
    expect(text).toContain('Filed 2025-06-15');
    const rows = sheetValues(await workbook());
    expect(rows[1]).toEqual(['IFTA Fuel Tax Report']);
    expect(Object.values(rows).filter((row) => row[0] === 'Due Date')).toEqual([['Due Date', '2025-04-30']]);
  });
});

import { test, expect, type Page } from '@playwright/test';
import { signUpAndSignIn, type SignedUpCompany } from './support/accounts';
import { api, seedReport } from './support/api';
import { toast } from './support/toast';

// The calculator works on one return at a time: each report's work (and the new report's) is kept apart, a restore
// replaces rather than merges and says what it restored, unsaved edits are asked about before they are dropped, and
// an expired session keeps the work.

interface SavedReport {
  id: string;
  jurisdictions: Array<{ name: string; taxable_miles: number | string; gallons_purchased: number | string }>;
}

interface Session {
  id: string;
  name: string;
  updated_at: string;
  entries: Array<{ state: string; miles_driven: number }>;
}

const cards = (page: Page) => page.getByTestId('jurisdiction-card');
const cardOf = (page: Page, state: string) => cards(page).filter({ hasText: state });
const line = (name: string, miles: number, gallons: number) => ({
  name,
  total_miles: miles,
  taxable_miles: miles,
  gallons_purchased: gallons,
  tax_rate: 0.2,
});

const SEVEN = ['Illinois', 'Texas', 'Ohio', 'Indiana', 'Iowa', 'Kansas', 'Missouri'];
const FOUR = ['Nevada', 'Utah', 'Oregon', 'Idaho'];

/** Report A (7 states, Illinois at 58,020 miles) and report B (4 states), saved through the API. */
const seedTwoReports = async (page: Page) => {
  const a = await seedReport(page, {
    name: 'Return A',
    jurisdictions: SEVEN.map((state, index) => line(state, state === 'Illinois' ? 58020 : 1000 + index, 100)),
  });
  const b = await seedReport(page, { name: 'Return B', jurisdictions: FOUR.map((state) => line(state, 500, 50)) });
  return { a, b };
};

const openReport = async (page: Page, name: string) => {
  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByTestId('editing-banner')).toContainText(`"${name}"`);
};

const editTaxableMiles = async (page: Page, state: string, miles: string) => {
  const card = cardOf(page, state);
  await card.getByRole('button', { name: `Edit ${state}` }).click();
  await card.getByRole('spinbutton', { name: 'Taxable Miles' }).fill(miles);
};

const sessionNamed = async (page: Page, name: string): Promise<Session | undefined> => {
  const list = await api<{ data: Array<{ id: string; name: string }> }>(
    page,
    'GET',
    '/api/protected/calculation-sessions?status=draft&sort=-updated_at',
  );
  const found = list.data.find((session) => session.name === name);
  return found ? api<Session>(page, 'GET', `/api/protected/calculation-sessions/${found.id}`) : undefined;
};

let company: SignedUpCompany;
/** The browser dialogs the page raised, by type ('beforeunload' is the leave-page prompt). */
let dialogs: string[];

test.beforeEach(async ({ page }) => {
  company = await signUpAndSignIn(page);
  dialogs = [];
  // The browser's own leave-page prompt guards a reload with unsaved edits; here the reload is meant.
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
});

test('editing report A, then report B, shows and saves only B’s lines; A’s unsaved edit is kept as A’s', async ({
  page,
}) => {
  const { a, b } = await seedTwoReports(page);
  await page.goto('/reports');
  await openReport(page, 'Return A');
  await expect(cards(page)).toHaveCount(7);
  await editTaxableMiles(page, 'Illinois', '60000');

  await openReport(page, 'Return B');
  await expect(cards(page)).toHaveCount(4);
  await expect(cardOf(page, 'Illinois')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  const savedB = await api<SavedReport>(page, 'GET', `/api/protected/reports/${b.id}`);
  expect(savedB.jurisdictions.map((saved) => saved.name).sort()).toEqual([...FOUR].sort());

  // Back on A: its unsaved edit is offered back, named, and A was never touched on the server.
  await page.getByRole('link', { name: 'Edit Return A' }).click();
  await expect(cards(page)).toHaveCount(7);
  await expect(page.getByTestId('restored-notice')).toContainText('report "Return A": 7 lines');
  await expect(cardOf(page, 'Illinois').getByRole('spinbutton', { name: 'Taxable Miles' })).toHaveValue('60000');
  const savedA = await api<SavedReport>(page, 'GET', `/api/protected/reports/${a.id}`);
  expect(Number(savedA.jurisdictions.find((saved) => saved.name === 'Illinois')?.taxable_miles)).toBe(58020);

  // Discarding the restored edit shows A as saved.
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByTestId('restored-notice')).toHaveCount(0);
  await expect(cardOf(page, 'Illinois').getByRole('spinbutton', { name: 'Taxable Miles' })).toHaveValue('58020');
});

test('editing a final report after another report makes a draft copy of the final report’s lines only', async ({
  page,
}) => {
  await seedTwoReports(page);
  const final = await seedReport(page, {
    name: 'Return F',
    status: 'final',
    jurisdictions: ['Maine', 'Vermont'].map((state) => line(state, 300, 30)),
  });
  await page.goto('/reports');
  await openReport(page, 'Return A');
  await editTaxableMiles(page, 'Illinois', '60000');
  await openReport(page, 'Return F');
  await expect(page.getByTestId('editing-banner')).toContainText('is final and stays locked');
  await expect(cards(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  const reports = await api<Array<{ id: string; name: string; status: string }>>(page, 'GET', '/api/protected/reports');
  const copy = reports.find((report) => report.name === 'Return F' && report.id !== final.id);
  expect(copy?.status).toBe('draft');
  const saved = await api<SavedReport>(page, 'GET', `/api/protected/reports/${copy?.id}`);
  expect(saved.jurisdictions.map((entry) => entry.name).sort()).toEqual(['Maine', 'Vermont']);
});

test('work restored after a reload replaces the screen, never duplicating a line, and says what it restored', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { a } = await seedTwoReports(page);
  await page.goto(`/calculator?edit=${a.id}`);
  await expect(cards(page)).toHaveCount(7);
  await editTaxableMiles(page, 'Illinois', '76440');
  await expect
    .poll(async () => (await sessionNamed(page, `report:${a.id}`))?.entries.find((e) => e.state === 'Illinois'))
    .toMatchObject({ miles_driven: 76440 });

  await page.reload();
  expect(dialogs).toEqual(['beforeunload']);
  await expect(cards(page)).toHaveCount(7);
  await expect(cardOf(page, 'Illinois')).toHaveCount(1);
  await expect(page.getByTestId('restored-notice')).toContainText('report "Return A": 7 lines');

  // Another computer carries the same work on (the server's copy is now newer): it replaces this screen's.
  const session = (await sessionNamed(page, `report:${a.id}`)) as Session;
  const entries = session.entries.map((entry) =>
    entry.state === 'Illinois' ? { ...entry, miles_driven: 80000, total_miles: 80000 } : entry,
  );
  await api(page, 'PUT', `/api/protected/calculation-sessions/${session.id}`, { entries });
  await page.reload();
  await expect(cards(page)).toHaveCount(7);
  await expect(cardOf(page, 'Illinois')).toHaveCount(1);
  await expect(cardOf(page, 'Illinois').getByRole('spinbutton', { name: 'Taxable Miles' })).toHaveValue('80000');
  await expect(page.getByTestId('restored-notice')).toContainText('Return A');

  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  const saved = await api<SavedReport>(page, 'GET', `/api/protected/reports/${a.id}`);
  expect(saved.jurisdictions).toHaveLength(7);
  expect(Number(saved.jurisdictions.find((entry) => entry.name === 'Illinois')?.taxable_miles)).toBe(80000);
});

test('New Report with unsaved edits asks: Keep editing keeps them, Discard starts a blank report', async ({ page }) => {
  const { a } = await seedTwoReports(page);
  await page.goto(`/calculator?edit=${a.id}`);
  await expect(cards(page)).toHaveCount(7);
  await editTaxableMiles(page, 'Illinois', '61000');

  await page.getByRole('button', { name: 'New Report' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Discard unsaved changes?');
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(cards(page)).toHaveCount(7);
  await expect(cardOf(page, 'Illinois').getByRole('spinbutton', { name: 'Taxable Miles' })).toHaveValue('61000');
  // The autosave has put the edit on the server before the discard, as it always has on a busy machine: the discard
  // must drop it there too, not only in this browser.
  await expect
    .poll(async () => JSON.stringify((await sessionNamed(page, `report:${a.id}`))?.entries ?? []))
    .toContain('61000');

  await page.getByRole('button', { name: 'New Report' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Discard and start new' }).click();
  await expect(page).toHaveURL(/\/calculator$/);
  await expect(page.getByTestId('editing-banner')).toHaveCount(0);
  await expect(cards(page)).toHaveCount(0);

  // The discarded edit is gone from A too: A opens as saved, with nothing to restore.
  await openReport(page, 'Return A');
  await expect(page.getByTestId('restored-notice')).toHaveCount(0);
  await expect(cardOf(page, 'Illinois').getByRole('spinbutton', { name: 'Taxable Miles' })).toHaveValue('58020');
});

test('a session that expires during Save says to sign in again, keeps the work, and returns to it', async ({
  page,
}) => {
  const { b } = await seedTwoReports(page);
  await page.goto(`/calculator?edit=${b.id}`);
  await expect(cards(page)).toHaveCount(4);
  await editTaxableMiles(page, 'Nevada', '777');

  // The sign-in ends on the server (as an expiry or a sign-out elsewhere does) while the page still holds it.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const revoked = await page.request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(revoked.ok()).toBe(true);

  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast(page, 'Your session has expired. Sign in again — your work is kept.')).toBeVisible();
  await expect(page.getByText(/Invalid dataProvider response/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);

  await page.locator('input[name=email]').fill(company.email);
  await page.locator('input[name=password]').fill(company.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/calculator\\?edit=${b.id}$`));
  await expect(cards(page)).toHaveCount(4);
  await expect(cardOf(page, 'Nevada').getByRole('spinbutton', { name: 'Taxable Miles' })).toHaveValue('777');
});

test('the English screen says in English that a file is of the wrong type, and that a damaged .xlsx cannot be read', async ({
  page,
}) => {
  await page.goto('/calculator');
  await page
    .getByTestId('excel-file-input')
    .setInputFiles({ name: 'miles.csv', mimeType: 'text/csv', buffer: Buffer.from('TX,1,2') });
  await expect(page.getByTestId('file-error')).toContainText('Only .xlsx files are allowed');
  await expect(page.getByTestId('file-error')).not.toContainText('Разрешены');

  await page.getByTestId('excel-file-input').setInputFiles({
    name: 'damaged.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from('this is not a workbook at all'),
  });
  await expect(page.getByTestId('file-error')).toContainText('The file could not be read');
  await expect(page.getByTestId('file-error')).not.toContainText('Only .xlsx files are allowed');
  await expect(page.getByTestId('file-error')).not.toContainText('Разрешены');
});

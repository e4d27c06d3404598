import { test, expect, type Page } from '@playwright/test';
import { registerCompany } from './support/accounts';
import { api } from './support/api';
import { chooseMode } from './support/calculatorMode';

// The calculator's work lives in a server-side calculation session, so it follows the company from one
// browser to another; uploads and pastes go to that session; New Report starts another.

interface Session {
  id: string;
  status: string;
  average_mpg: number;
  entries: Array<{ state: string; miles_driven: number }>;
}

const cards = (page: Page) => page.getByTestId('jurisdiction-card');

const addTexas = async (page: Page, miles: string) => {
  await page.getByRole('button', { name: 'Add Jurisdiction' }).click();
  const card = cards(page).last();
  await card.getByRole('combobox', { name: 'State/Province' }).click();
  await page.getByRole('option', { name: /^Texas/ }).click();
  await card.getByRole('spinbutton', { name: 'Total Miles' }).fill(miles);
  await card.getByRole('spinbutton', { name: 'Taxable Miles' }).fill(miles);
  await card.getByRole('spinbutton', { name: 'Gallons Purchased' }).fill('10');
};

/** The company's open sessions, newest first, each with its entries. */
const openSessions = async (page: Page): Promise<Session[]> => {
  const list = await api<{ data: Array<{ id: string }> }>(
    page,
    'GET',
    '/api/protected/calculation-sessions?status=draft&sort=-updated_at',
  );
  return Promise.all(list.data.map(({ id }) => api<Session>(page, 'GET', `/api/protected/calculation-sessions/${id}`)));
};

test('a report started in one browser continues in another signed in as the same company', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await registerCompany(page);
  await page.goto('/calculator');
  await addTexas(page, '600');
  // Autosaved to the server after a quiet second.
  await expect
    .poll(async () => (await openSessions(page))[0]?.entries.map((entry) => entry.miles_driven))
    .toEqual([600]);

  // A second computer: a fresh browser context with nothing stored but the sign-in.
  const signIn = await page.evaluate(() => ({
    token: localStorage.getItem('token') ?? '',
    user: localStorage.getItem('user') ?? '',
  }));
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto('/login');
  await second.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', user);
  }, signIn);
  await second.goto('/calculator');
  await expect(cards(second)).toHaveCount(1);
  await expect(cards(second).first().getByRole('spinbutton', { name: 'Taxable Miles' })).toHaveValue('600');

  // The second computer adds a line; the first, still open, adds its own: neither loses the other's.
  await addTexas(second, '700');
  await expect
    .poll(async () => (await openSessions(page))[0]?.entries.map((entry) => entry.miles_driven))
    .toEqual([600, 700]);
  // The first tab's next change merges the second's line in before it saves.
  await page.getByRole('textbox', { name: 'IFTA License' }).fill('TX-1');
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).nth(1).getByRole('spinbutton', { name: 'Taxable Miles' })).toHaveValue('700');
  await addTexas(page, '800');
  await expect(cards(page)).toHaveCount(3);
  await expect
    .poll(async () => (await openSessions(page))[0]?.entries.map((entry) => entry.miles_driven).sort((a, b) => a - b))
    .toEqual([600, 700, 800]);
  await other.close();
});

test('a paste goes to the session; New Report starts a new one', async ({ page }) => {
  await registerCompany(page);
  await page.goto('/calculator');
  // A typed MPG starts a session; it is the worksheet's (an official return computes on the fleet MPG).
  await chooseMode(page, 'Worksheet');
  await page.getByRole('spinbutton', { name: 'Average MPG' }).fill('6');
  await expect.poll(async () => (await openSessions(page)).length).toBe(1);
  const [first] = await openSessions(page);

  const pasted = page.waitForRequest((request) => request.url().endsWith('/api/protected/calculator/paste-data'));
  await page.getByRole('button', { name: 'Paste from Clipboard' }).click();
  await page.getByRole('dialog').getByRole('textbox').fill('TX, 500, 40');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /process|import|add/i })
    .first()
    .click();
  expect((await pasted).postDataJSON()).toMatchObject({ session_id: first.id, source: 'excel_paste' });
  // The autosave that follows the pasted line: were the line appended a second time, it would be by this write.
  const autosaved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().includes(`/calculation-sessions/${first.id}`),
  );
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /yes|add|ok|confirm/i })
    .first()
    .click();
  await expect(cards(page)).toHaveCount(1);
  // Appended once by the server, not a second time by the autosave.
  await autosaved;
  const [afterPaste] = await openSessions(page);
  expect(afterPaste.entries.map((entry) => entry.state)).toHaveLength(1);

  // New Report is offered once the work is tied to a saved report.
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await page.goto('/calculator');
  await page.getByRole('button', { name: 'New Report' }).click();
  await expect(cards(page)).toHaveCount(0);
  await chooseMode(page, 'Worksheet');
  await page.getByRole('spinbutton', { name: 'Average MPG' }).fill('7');
  await expect.poll(async () => (await openSessions(page)).length).toBe(2);
  const [newest] = await openSessions(page);
  expect(newest.id).not.toBe(first.id);
});

test('a final save made while an autosave is reading the session does not bring the saved lines back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerCompany(page);
  await page.goto('/calculator');
  await addTexas(page, '600');
  await expect
    .poll(async () => (await openSessions(page))[0]?.entries.map((entry) => entry.miles_driven))
    .toEqual([600]);

  // The autosave's read of the session is held for two seconds, so the final save lands while it is on its way.
  const sessionRead = /\/api\/protected\/calculation-sessions\/[0-9a-f-]{36}$/;
  await page.route(sessionRead, async (route) => {
    if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  const heldRead = page.waitForResponse(
    (response) => sessionRead.test(response.url()) && response.request().method() === 'GET',
  );
  const readStarted = page.waitForRequest((request) => sessionRead.test(request.url()) && request.method() === 'GET');
  await page.getByRole('textbox', { name: 'IFTA License' }).fill('TX-1');
  await readStarted;
  await page.getByRole('button', { name: 'Save Final Report' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save Final Report' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await heldRead;

  await page.getByRole('link', { name: 'Calculator', exact: true }).click();
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByTestId('editing-banner')).toHaveCount(0);
});

import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { createCompany, newCompany, signInWithSession } from './support/accounts';
import { chooseMode } from './support/calculatorMode';
import { toast } from './support/toast';

// A preparer works for two clients in two tabs of one browser: switching company in one tab never changes the
// company the other acts for, so work typed in a tab is saved into the company that tab shows.

interface Report {
  name: string;
}

/** The session a tab acts with: its own, in its sessionStorage. */
const tabSession = (page: Page) =>
  page.evaluate(() => ({
    token: sessionStorage.getItem('token') ?? '',
    company: (JSON.parse(sessionStorage.getItem('user') ?? '{}') as { company_id?: string }).company_id,
  }));

const reportNames = async (request: APIRequestContext, token: string) => {
  const response = await request.get('/api/protected/reports', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Report[]).map((report) => report.name).sort();
};

/** A worksheet with one Texas line under the company the tab shows, ready for Save Draft. */
const typeReport = async (page: Page, company: string) => {
  await page.goto('/calculator');
  await expect(page.getByRole('heading', { name: 'IFTA Calculator' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Company Name' })).toHaveValue(company);
  await page.getByRole('textbox', { name: 'IFTA License' }).fill('TX-1');
  await chooseMode(page, 'Worksheet');
  await page.getByRole('spinbutton', { name: 'Average MPG' }).fill('5');
  await page.getByRole('button', { name: 'Add Jurisdiction' }).click();
  const card = page.getByTestId('jurisdiction-card').last();
  await card.getByRole('combobox', { name: 'State/Province' }).click();
  await page.getByRole('option', { name: /^Texas/ }).click();
  await card.getByRole('spinbutton', { name: 'Total Miles' }).fill('600');
  await card.getByRole('spinbutton', { name: 'Taxable Miles' }).fill('600');
  await card.getByRole('spinbutton', { name: 'Gallons Purchased' }).fill('10');
};

test('two tabs of one browser each act for their own client; a switch in one never moves the other', async ({
  page: tabA,
  context,
}) => {
  test.setTimeout(120_000);
  const preparer = await createCompany(tabA.request, newCompany('Practice'));
  const heartland = `Heartland ${preparer.company}`;
  const bigSky = `Big Sky ${preparer.company}`;
  for (const name of [heartland, bigSky]) {
    const added = await tabA.request.post('/api/protected/client-companies', {
      headers: { Authorization: `Bearer ${preparer.token}` },
      data: { name, billing: 'preparer' },
    });
    expect(added.status()).toBe(201);
  }
  await signInWithSession(tabA, preparer);

  await test.step('tab A opens Heartland and types a report', async () => {
    await tabA.goto('/client-companies');
    await tabA
      .getByTestId('client-row')
      .filter({ hasText: heartland })
      .getByRole('button', { name: `Open ${heartland}` })
      .click();
    await expect(tabA).toHaveURL(/\/dashboard$/);
    await expect(tabA.getByTestId('company-name')).toHaveText(heartland);
    await typeReport(tabA, heartland);
    await expect(tabA).toHaveTitle(new RegExp(heartland));
  });

  const tabB = await context.newPage();
  await test.step('tab B starts in Heartland, as the browser was last signed in, and switches to Big Sky', async () => {
    await tabB.goto('/dashboard');
    await expect(tabB.getByTestId('company-name')).toHaveText(heartland);
    await tabB.getByRole('button', { name: `Company: ${heartland}. Switch company` }).click();
    await tabB.getByRole('menuitem', { name: new RegExp(`^${bigSky}`) }).click();
    await expect(tabB).toHaveURL(/\/dashboard$/);
    await expect(tabB.getByTestId('company-name')).toHaveText(bigSky);
    await expect(tabB).toHaveTitle(new RegExp(bigSky));
  });

  await test.step('tab A still shows Heartland, and its Save Draft saves into Heartland, never Big Sky', async () => {
    await expect(tabA.getByTestId('company-name')).toHaveText(heartland);
    await tabA.getByRole('button', { name: 'Save Draft' }).click();
    await expect(tabA).toHaveURL(/\/reports$/);
    await expect(tabA.getByTestId('report-row')).toHaveCount(1);
    await expect(tabA.getByTestId('report-row').first()).toContainText(heartland);
    await expect(tabA.getByTestId('company-name')).toHaveText(heartland);
    await expect(tabA).toHaveTitle(new RegExp(heartland));
  });

  await test.step("tab B's Save Draft lands in Big Sky", async () => {
    await typeReport(tabB, bigSky);
    await tabB.getByRole('button', { name: 'Save Draft' }).click();
    await expect(tabB).toHaveURL(/\/reports$/);
    await expect(tabB.getByTestId('report-row')).toHaveCount(1);
    await expect(tabB.getByTestId('report-row').first()).toContainText(bigSky);

    const a = await tabSession(tabA);
    const b = await tabSession(tabB);
    expect(a.company).not.toBe(b.company);
    expect(await reportNames(tabA.request, a.token)).toEqual([expect.stringContaining(heartland)]);
    expect(await reportNames(tabA.request, b.token)).toEqual([expect.stringContaining(bigSky)]);
  });

  await test.step('a reload keeps each tab on its own company', async () => {
    await tabA.reload();
    await expect(tabA.getByTestId('company-name')).toHaveText(heartland);
    await expect(tabA.getByTestId('report-row')).toHaveCount(1);
    await expect(tabA.getByTestId('report-row').first()).toContainText(heartland);
  });

  await test.step("a tab acting with another company's token than its page shows is refused, and says so", async () => {
    // What a tab of an older build did (one token for the whole browser): its page names Heartland while the token
    // it sends is Big Sky's. The server refuses the write rather than apply it to Big Sky.
    const { token } = await tabSession(tabB);
    await tabA.goto('/calculator');
    await expect(tabA.getByRole('textbox', { name: 'Company Name' })).toHaveValue(heartland);
    await tabA.getByRole('textbox', { name: 'IFTA License' }).fill('TX-2');
    await tabA.evaluate((value) => sessionStorage.setItem('token', value), token);
    await tabA.getByRole('button', { name: 'Save Draft' }).click();
    await expect(
      toast(
        tabA,
        `This tab acts for ${heartland}, but you are signed in to ${bigSky} here. Reload the page to continue.`,
      ),
    ).toBeVisible();
    expect(await reportNames(tabA.request, token)).toEqual([expect.stringContaining(bigSky)]);
  });

  await test.step('signing out in one tab signs the other out at its next call', async () => {
    await tabB.getByRole('button', { name: 'Sign Out' }).click();
    await expect(tabB).toHaveURL(/\/login$/);
    await tabA.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(tabA).toHaveURL(/\/login$/);
  });
});

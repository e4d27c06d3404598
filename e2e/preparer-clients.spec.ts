import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { newCompany, registerCompany } from './support/accounts';
import { api, seedReport } from './support/api';
import { SCREENSHOTS } from './support/screenshots';

interface ClientRow {
  id: string;
  name: string;
  next_due: { period: string; due_date: string };
}

const addClient = async (page: Page, name: string) => {
  await page.getByRole('button', { name: 'Add client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a client company' });
  await dialog.getByLabel('Company name').fill(name);
  await dialog.getByRole('button', { name: 'Add client' }).click();
  await expect(page.getByText(`${name} added`)).toBeVisible();
  await expect(dialog).toBeHidden();
};

test('a preparer adds two clients, files in one, and the other never shows it; the Clients page lists both with the next return', async ({
  page,
}) => {
  const preparer = await registerCompany(page, newCompany('Preparer'), '/client-companies');
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
  const north = `North ${preparer.company}`;
  const south = `South ${preparer.company}`;
  await addClient(page, north);
  await addClient(page, south);

  // Both listed, each with the return it files next and its due date, as the API (its calendar) says.
  const rows = page.getByTestId('client-row');
  await expect(rows).toHaveCount(2);
  const clients = (await api<{ data: ClientRow[] }>(page, 'GET', '/api/protected/client-companies')).data;
  for (const client of clients) {
    const row = rows.filter({ hasText: client.name });
    await expect(row).toContainText(client.next_due.period);
    await expect(row.getByRole('cell').nth(1)).toHaveText(/^Q[1-4]-\d{4}$/);
  }
  await page.screenshot({ path: join(SCREENSHOTS, 'preparer-clients-page.png') });

  // A row opens its company: the app starts again signed in to it.
  await rows
    .filter({ hasText: north })
    .getByRole('button', { name: `Open ${north}` })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('company-name')).toHaveText(north);
  await seedReport(page, { name: 'North only Q2' });
  await page.goto('/reports');
  await expect(page.getByRole('link', { name: 'North only Q2' }).first()).toBeVisible();

  // The top bar's switcher, by keyboard: open it, move to the other client, choose it.
  const switcher = page.getByRole('button', { name: `Company: ${north}. Switch company` });
  await switcher.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveCount(3);
  await expect(menu.getByRole('menuitem', { name: new RegExp(north) })).toHaveAttribute('aria-current', 'true');
  // The menu fades in: the picture is taken once it is fully shown.
  await expect(page.locator('#company-switcher-menu .MuiPaper-root')).toHaveCSS('opacity', '1');
  await page.screenshot({ path: join(SCREENSHOTS, 'preparer-company-switcher.png') });
  const southItem = menu.getByRole('menuitem', { name: new RegExp(south) });
  for (let i = 0; i < 3 && !(await southItem.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(southItem).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('company-name')).toHaveText(south);

  await page.goto('/reports');
  await expect(page.getByText('North only Q2')).toHaveCount(0);
  const southReports = await api<unknown[]>(page, 'GET', '/api/protected/reports');
  expect(southReports).toEqual([]);

  // Back in the preparer's own company, the Clients page still lists both.
  await page.getByRole('button', { name: `Company: ${south}. Switch company` }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${preparer.company}`) }).click();
  await expect(page.getByTestId('company-name')).toHaveText(preparer.company);
  await page.goto('/client-companies');
  await expect(page.getByTestId('client-row')).toHaveCount(2);

  // Settings counts the seats: the owner and the two clients billed to this company, of the Professional plan's.
  await page.goto('/settings');
  await expect(page.getByTestId('member-seats')).toContainText('3 of 15 seats used (Professional plan)');
  await page
    .getByRole('region', { name: 'Members' })
    .screenshot({ path: join(SCREENSHOTS, 'preparer-member-seats.png') });
});

test("a client the preparer pays for shows the preparer's plan in Settings › Subscription, with nothing to buy or cancel", async ({
  page,
}) => {
  const preparer = await registerCompany(page, newCompany('Payer'), '/client-companies');
  const client = `Covered ${preparer.company}`;
  // The dialog bills a new client to the preparer unless told otherwise.
  await addClient(page, client);
  await page
    .getByTestId('client-row')
    .filter({ hasText: client })
    .getByRole('button', { name: `Open ${client}` })
    .click();
  await expect(page.getByTestId('company-name')).toHaveText(client);

  await page.goto('/settings');
  const management = page.getByRole('region', { name: 'Subscription Management' });
  await expect(management.getByTestId('subscription-coverage')).toContainText(
    `Covered by ${preparer.company}'s Professional plan`,
  );
  await expect(management).toContainText(`${preparer.company} pays for this company's subscription`);
  await expect(management).not.toContainText('No active subscription');
  await expect(management.getByRole('button')).toHaveCount(0);
  await management.screenshot({ path: join(SCREENSHOTS, 'preparer-client-subscription-covered.png') });
});

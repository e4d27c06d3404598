import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { join } from 'node:path';
import { newCompany, signUpAndSignIn } from './support/accounts';
import { api } from './support/api';
import { publishedMatrixFile, withoutJurisdictions, withRate } from './support/ifta-published-file';
import { OPERATOR_EMAIL, PLAN_FREE_OPERATOR_EMAIL, signInAsOperator } from './support/operator';
import { type OwnServer, ownServerPort, startOwnServer } from './support/own-server';
import { saveLanguage } from './support/screens';
import { SCREENSHOTS } from './support/screenshots';
import { toast } from './support/toast';

/** The years from 2000 (the first a report may be for) to 2012, before the first seeded interest period. */
const BEFORE_2013 = Array.from({ length: 13 }, (_, i) => 2000 + i).join(', ');

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOTS, `operator-console-${name}.png`), fullPage: true });

/**
 * Publishing a matrix and adding an interest period change what every account sees, so the console is tested on a
 * server of its own, never beside the specs that read rates and late-return interest on the shared one.
 */
const PORT = ownServerPort(38);
test.use({ baseURL: `http://localhost:${PORT}` });
let server: OwnServer | undefined;
// Playwright reads the fixtures a hook asks for from its first parameter's pattern; this hook asks for none.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  server = await startOwnServer(testInfo, PORT);
});
test.afterAll(async () => {
  await server?.stop();
});

const QUARTER = 'Q4-2025';
/** IFTA's own 4Q2025 file with California's diesel changed to 0.9500, so the screens show a figure the test chose. */
const MATRIX = withRate(publishedMatrixFile('4Q2025'), { name: 'CALIFORNIA #1', title: 'Special', rate: '0.9500' });
/** The language test below looks for 2026's missing interest year: the period added here is removed again. */
const INTEREST_FROM = '2026-01-01';

const operatorMe = (page: Page) => page.waitForResponse((response) => response.url().endsWith('/api/operator/me'));

test('an account that is no platform operator sees no Operator menu, and the console refuses it', async ({ page }) => {
  await signUpAndSignIn(page, newCompany('Not Operator'));
  const answer = operatorMe(page);
  await page.goto('/dashboard');
  expect((await answer).status()).toBe(403);
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Operator' })).toHaveCount(0);

  await page.goto('/operator/rate-matrices');
  await expect(page.getByTestId('operator-refused')).toContainText(
    'Only a platform operator may use the operator console.',
  );
  await expect(page.getByRole('button', { name: 'Upload matrix' })).toHaveCount(0);
});

test('an operator without a subscription keeps IFTA’s rates: the console opens no plan modal', async ({ page }) => {
  await page.clock.install();
  await signInAsOperator(page, { email: PLAN_FREE_OPERATOR_EMAIL, subscribe: false });
  await page.goto('/operator/rate-matrices');
  await expect(page.getByRole('link', { name: 'Upload matrix' })).toBeVisible();
  // Past the modal's one-second delay, on the page's clock: a company page would have opened it by now.
  await page.clock.runFor(1500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The company pages of the same account still ask for a plan.
  await page.goto('/dashboard');
  await page.clock.runFor(1500);
  await expect(page.getByRole('dialog')).toContainText('Choose Your Plan');
});

test('the operator previews and publishes a quarter’s matrix, sees the updater’s runs, fills a missing interest year and finds an account', async ({
  page,
}) => {
  // React and MUI report misuse on the console; the console's screens must not cause any.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signInAsOperator(page);
  const answer = operatorMe(page);
  await page.goto('/dashboard');
  expect((await answer).status()).toBe(200);

  try {
    await test.step('on a phone, the menu lists the console under its own heading', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByText('Operator', { exact: true })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Interest rates' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await page.setViewportSize({ width: 1366, height: 900 });
    });

    await test.step('the Operator menu opens the matrix history, where the shipped 2Q2026 matrix is in force', async () => {
      await page.getByRole('link', { name: 'Operator' }).click();
      await expect(page).toHaveURL(/\/operator\/rate-matrices$/);
      await expect(page.getByRole('heading', { name: 'Rate matrices', level: 1 })).toBeVisible();
      const seed = page.getByTestId('rate-matrix-row').filter({ hasText: 'Q2-2026' });
      await expect(seed).toContainText('Published');
    });

    await test.step(`upload ${QUARTER}: the preview counts its rates as added, as its first version`, async () => {
      await page.getByRole('link', { name: 'Upload matrix' }).click();
      await expect(page.getByRole('heading', { name: 'Upload a rate matrix' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
      await page.getByRole('combobox', { name: 'Quarter' }).click();
      await page.getByRole('option', { name: QUARTER, exact: true }).click();
      // A file that is no rate matrix is refused with the server's reason, and nothing can be published.
      await page
        .getByTestId('official-matrix-file')
        .setInputFiles({ name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('hello,world\n1,2\n') });
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(page.getByTestId('official-matrix-error')).toContainText('The file could not be read:');
      await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
      await page
        .getByTestId('official-matrix-file')
        .setInputFiles({ name: '4Q2025.csv', mimeType: 'text/csv', buffer: MATRIX });
      await expect(page.getByTestId('official-matrix-file-name')).toHaveText('4Q2025.csv');
      await expect(page.getByTestId('official-matrix-error')).toHaveCount(0);
      await page.getByRole('button', { name: 'Preview' }).click();

      const preview = page.getByTestId('official-matrix-preview');
      await expect(preview).toContainText(`What publishing ${QUARTER} would change`);
      await expect(preview).toContainText(`This would be the first version for ${QUARTER}.`);
      await expect(page.getByTestId('official-matrix-summary')).toHaveText(/^915 added\s*0 unchanged$/);
      await expect(page.getByTestId('official-matrix-problems')).toHaveCount(0);
      const california = page
        .getByTestId('official-matrix-change')
        .and(page.getByRole('row', { name: /^CA Diesel Base/ }));
      await expect(california).toContainText('$0.9500');
      await shoot(page, '01-preview');
    });

    await test.step('publish it: the history shows version 1 of the quarter, published by the operator', async () => {
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect(toast(page, `${QUARTER} version 1 published for every account`)).toBeVisible();
      await expect(page).toHaveURL(/\/operator\/rate-matrices$/);
      const row = page.getByTestId('rate-matrix-row').filter({ hasText: QUARTER });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Published');
      await expect(row).toContainText('Uploaded file');
      await expect(row).toContainText(OPERATOR_EMAIL);
      await shoot(page, '02-history');

      await row.getByRole('link', { name: `Open ${QUARTER} version 1` }).click();
      await expect(page.getByRole('heading', { name: `${QUARTER} · version 1` })).toBeVisible();
      await expect(page.getByTestId('rate-matrix-rate-count')).toContainText('of 915 rates');
      await expect(page.getByTestId('matrix-rate-row').filter({ hasText: 'California (CA)' }).first()).toContainText(
        '$0.9500',
      );
      await shoot(page, '03-version');
    });

    await test.step('the same file again is the version in force: nothing to publish', async () => {
      await page.goto('/operator/rate-matrices/create');
      await page.getByRole('combobox', { name: 'Quarter' }).click();
      await page.getByRole('option', { name: QUARTER, exact: true }).click();
      await page
        .getByTestId('official-matrix-file')
        .setInputFiles({ name: '4Q2025.csv', mimeType: 'text/csv', buffer: MATRIX });
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(page.getByTestId('official-matrix-same')).toContainText(
        `This file is the version already in force for ${QUARTER}`,
      );
      await expect(page.getByTestId('official-matrix-summary')).toHaveText(/^0 unchanged$|^915 unchanged$/);
      await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
    });

    await test.step('a file without Kentucky’s surcharge: the preview lists the loss and publishing asks why', async () => {
      await page.getByTestId('official-matrix-file').setInputFiles({
        name: '4Q2025.csv',
        mimeType: 'text/csv',
        buffer: withoutJurisdictions(MATRIX, ['KENTUCKY SurChg']),
      });
      await page.getByRole('button', { name: 'Preview' }).click();
      const losses = page.getByTestId('official-matrix-losses');
      await expect(losses).toContainText('Publishing this file would remove rates from every account');
      await expect(losses).toContainText('KY surcharge: the whole row is gone (15 rates)');
      const publish = page.getByRole('button', { name: 'Publish anyway' });
      await expect(publish).toBeDisabled();
      await page.getByTestId('official-matrix-reason').fill('Kentucky ended its surcharge');
      await shoot(page, '03b-losses');
      await publish.click();
      await expect(toast(page, `${QUARTER} version 2 published for every account`)).toBeVisible();
    });

    await test.step('version 1 is restored from its page, with a reason kept beside it', async () => {
      const first = page.getByTestId('rate-matrix-row').filter({ hasText: 'Superseded' }).filter({ hasText: QUARTER });
      await first.getByRole('link', { name: `Open ${QUARTER} version 1` }).click();
      await page.getByRole('button', { name: 'Restore this version' }).click();
      const dialog = page.getByRole('dialog', { name: `Restore ${QUARTER} version 1?` });
      await expect(dialog.getByRole('button', { name: 'Restore' })).toBeDisabled();
      await dialog.getByTestId('matrix-decision-reason').fill('The surcharge continues after all');
      await dialog.getByRole('button', { name: 'Restore' }).click();
      await expect(toast(page, `${QUARTER} version 3 restored for every account`)).toBeVisible();
      // The new version's page opens: it says which version it restores and why.
      await expect(page.getByRole('heading', { name: `${QUARTER} · version 3` })).toBeVisible();
      await expect(page.getByTestId('rate-matrix-facts')).toContainText('Version 1');
      await expect(page.getByTestId('rate-matrix-facts')).toContainText('The surcharge continues after all');
      await shoot(page, '03c-restored');
    });

    await test.step('the updater’s runs render, and "Check now" says why the updater did not run', async () => {
      await page.getByRole('tab', { name: 'Updater runs' }).click();
      await expect(page.getByRole('heading', { name: 'Updater runs', level: 1 })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Updater runs' })).toBeVisible();
      await page.getByRole('button', { name: 'Check now' }).click();
      await expect(page.getByTestId('check-now-notice')).toHaveText(
        'The updater is off (RATE_MATRIX_URL is empty): upload the file instead',
      );
      await shoot(page, '04-runs');
      await page.getByRole('combobox', { name: 'Outcome' }).click();
      await page.getByRole('option', { name: 'Failed', exact: true }).click();
      await expect(page.getByRole('combobox', { name: 'Outcome' })).toHaveText('Failed');
      await expect(page.getByRole('table', { name: 'Updater runs' })).toContainText('No runs yet.');
    });

    await test.step('a missing interest year is called out until a period covers it', async () => {
      await page.getByRole('tab', { name: 'Interest rates' }).click();
      await expect(page.getByRole('heading', { name: 'Interest rates', level: 1 })).toBeVisible();
      const missing = page.getByTestId('interest-missing-years');
      // Every uncovered year from 2000, the first a report may be for: the seeded periods start in 2013.
      await expect(missing).toContainText(`No period covers ${BEFORE_2013}, 2026:`);

      await page.getByRole('button', { name: 'Add period' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('First day').fill(INTEREST_FROM);
      await dialog.getByLabel('Last day').fill('2025-12-31');
      await dialog.getByLabel('Annual rate (%)').fill('nine');
      await dialog.getByLabel('Source').fill('IFTA, Inc. interest rate notice for 2026');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('A percentage from 0 to 25 with at most two decimals')).toBeVisible();
      // 50% a year is a typing slip, refused before it is sent.
      await dialog.getByLabel('Annual rate (%)').fill('50');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('A percentage from 0 to 25 with at most two decimals')).toBeVisible();

      // The server names the field it refuses: a period that ends before it starts.
      await dialog.getByLabel('Annual rate (%)').fill('7.25');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('effective_to must be on or after effective_from')).toBeVisible();

      await dialog.getByLabel('Last day').fill('2026-12-31');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(toast(page, 'Interest period from')).toBeVisible();
      await expect(missing).toContainText(`No period covers ${BEFORE_2013}:`);
      await expect(missing).not.toContainText('2026');
      await expect(page.getByTestId('interest-period-row').filter({ hasText: '7.25%' })).toContainText(
        'IFTA, Inc. interest rate notice for 2026',
      );
      await shoot(page, '05-interest-rates');

      // Editing keeps the period's first day, which names it.
      await page.getByRole('button', { name: `Edit ${INTEREST_FROM}` }).click();
      await expect(dialog.getByLabel('First day')).toBeDisabled();
      await expect(dialog.getByLabel('Annual rate (%)')).toHaveValue('7.25');
      await dialog.getByLabel('Annual rate (%)').fill('7.5');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(
        page.getByTestId('interest-period-row').filter({ hasText: 'IFTA, Inc. interest rate notice for 2026' }),
      ).toContainText('7.50%');
    });

    await test.step('deleting the period asks first, then brings the warning back', async () => {
      await page.getByRole('button', { name: `Delete ${INTEREST_FROM}` }).click();
      const confirm = page.getByRole('dialog');
      await expect(confirm).toContainText('Delete the period from');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByTestId('interest-missing-years')).toContainText(`No period covers ${BEFORE_2013}, 2026:`);
      await expect(
        page.getByTestId('interest-period-row').filter({ hasText: 'IFTA, Inc. interest rate notice for 2026' }),
      ).toHaveCount(0);
    });
    await test.step('the accounts list finds the operator’s own account by its e-mail', async () => {
      await page.getByRole('tab', { name: 'Accounts' }).click();
      await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
      await page.getByTestId('operator-account-search').fill(OPERATOR_EMAIL);
      const rows = page.getByTestId('operator-account-row');
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText('Console Operator');
      await expect(rows).toContainText('Professional');
      await expect(rows).toContainText('Trial');
    });

    // The 400 and 409 the steps provoke are logged by the browser as failed loads; anything else is a defect.
    expect(errors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
  } finally {
    // A failure half-way must not leave 2026's period behind for the language test's missing-year notice.
    await api(page, 'DELETE', `/api/operator/interest-rates/${INTEREST_FROM}`).catch(() => undefined);
  }
});

/** No serious or critical axe-core violation, as accessibility.spec.ts asks of every other screen. */
const expectAccessible = async (page: Page, label: string) => {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  expect(blocking, label).toEqual([]);
};

test('the console’s texts load with it in the operator’s saved language, and its screens pass axe', async ({
  page,
}) => {
  await signInAsOperator(page);
  await saveLanguage(page, 'ru');
  // Straight to a console address: its chunk and texts load while the saved language is applied.
  await page.goto('/operator/interest-rates');
  await expect(page.getByRole('heading', { name: 'Процентные ставки', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Оператор' })).toBeVisible();
  await expect(page.getByTestId('interest-missing-years')).toContainText('Годы без процентной ставки');
  await expectAccessible(page, 'ru /operator/interest-rates');

  await page.getByRole('tab', { name: 'Матрицы ставок' }).click();
  await expect(page.getByRole('heading', { name: 'Матрицы ставок', level: 1 })).toBeVisible();
  await expect(page.getByTestId('rate-matrix-row').first()).toBeVisible();
  await expectAccessible(page, 'ru /operator/rate-matrices');

  await page.getByRole('link', { name: 'Загрузить матрицу' }).click();
  await page.getByRole('combobox', { name: 'Квартал' }).click();
  await page.getByRole('option', { name: QUARTER, exact: true }).click();
  await page
    .getByTestId('official-matrix-file')
    .setInputFiles({ name: '4Q2025.csv', mimeType: 'text/csv', buffer: MATRIX });
  await page.getByRole('button', { name: 'Предпросмотр' }).click();
  await expect(page.getByTestId('official-matrix-same')).toContainText('уже действующая версия');
  await expectAccessible(page, 'ru /operator/rate-matrices/create with a preview');
});

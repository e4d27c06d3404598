import { test, expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import {
  daysBetween,
  dueDateOf,
  formatIsoDate,
  nextDueReturn,
  periodOptions,
  todayIn,
} from '../backend/src/ifta/filing-calendar';
import { registerCompany } from './support/accounts';
import { SCREENSHOTS } from './support/screenshots';

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOTS, `filing-calendar-${name}.png`), fullPage: true });

/** The settings' default time zone: the account's today, as the server computes it. */
const today = () => todayIn('America/New_York', new Date());

const api = async (page: Page, method: 'POST' | 'PUT', path: string, data: object) => {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
};

test('the filing calendar: current quarters, the next due date, dates in the chosen format, Russian', async ({
  page,
}) => {
  await registerCompany(page);
  const { periods, defaultPeriod } = periodOptions(today());
  const next = nextDueReturn(today());

  await test.step('the calculator offers the current quarter and the eight before it, the last closed one first', async () => {
    await page.getByRole('link', { name: 'Calculator', exact: true }).click();
    const select = page.getByRole('combobox', { name: 'Tax Period' });
    await expect(select).toHaveText(defaultPeriod);
    await select.click();
    await expect(page.getByRole('option')).toHaveText(periods);
    await page.getByRole('option', { name: periods[0] }).click();
    await expect(select).toHaveText(periods[0]);
  });

  // The return still to file: the last closed quarter once its due date has passed (overdue), else the next one due.
  const closedDue = dueDateOf(periods[1]) as string;
  const due =
    today() > closedDue ? { period: periods[1], dueDate: closedDue, overdue: true } : { ...next, overdue: false };

  await test.step('the dashboard shows the return still to file and its days left, or overdue', async () => {
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    const card = page.getByTestId('next-due');
    await expect(card).toContainText(`Return for ${due.period}`);
    await expect(page.getByTestId('next-due-date')).toHaveText(`Due ${formatIsoDate(due.dueDate, 'MM/DD/YYYY')}`);
    if (due.overdue) {
      const late = daysBetween(due.dueDate, today());
      await expect(page.getByTestId('next-due-days')).toHaveText(`${late} day${late === 1 ? '' : 's'} overdue`);
    } else {
      await expect(page.getByTestId('next-due-days')).toHaveText(
        next.daysLeft === 0 ? 'Due today' : `${next.daysLeft} day${next.daysLeft === 1 ? '' : 's'} left`,
      );
    }
    await expect(page.getByTestId('recent-quarters').getByRole('listitem')).toHaveCount(4);
    await expect(page.getByTestId('recent-quarters')).toContainText(periods[1]);
  });

  await test.step('a late final report shows its penalty and interest; a date follows DD/MM/YYYY once chosen', async () => {
    const late = await api(page, 'POST', '/api/protected/reports', {
      company_name: 'Late Freight',
      tax_period: 'Q1-2025',
      average_mpg: 5,
      status: 'final',
      filed_at: '2025-06-15',
      jurisdictions: [{ name: 'TX', total_miles: 1600, taxable_miles: 1500, gallons_purchased: 200, tax_rate: 0.58 }],
    });
    await page.goto(`/reports/${late.id}`);
    await expect(page.getByTestId('filing-due-date')).toHaveText('04/30/2025');
    await expect(page.getByTestId('filing-penalty')).toHaveText('$50.00');
    // Two months at 2025's 9% a year on $58.00.
    await expect(page.getByTestId('filing-interest')).toHaveText('$0.87');
    // The spec's total stays the tax; the late return's total to remit adds the penalty and interest.
    await expect(page.getByTestId('tax-summary-amount')).toHaveText('$58.00');
    await expect(page.getByTestId('total-to-remit-amount')).toHaveText('$108.87');

    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('combobox', { name: 'Date Format' }).click();
    await page.getByRole('option', { name: 'DD/MM/YYYY' }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Settings saved' })).toBeVisible();

    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByTestId('next-due-date')).toHaveText(`Due ${formatIsoDate(due.dueDate, 'DD/MM/YYYY')}`);
    await page.goto(`/reports/${late.id}`);
    await expect(page.getByTestId('filing-due-date')).toHaveText('30/04/2025');
    const [y, m, d] = todayIn('America/New_York', new Date(late.created_at)).split('-');
    await expect(page.getByText(/^Created \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toContainText(`${d}/${m}/${y}`);
  });

  await test.step('a CAD account is told honestly that amounts stay in USD', async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('combobox', { name: 'Preferred Currency' }).click();
    await page.getByRole('option', { name: /CAD/ }).click();
    await expect(page.getByTestId('currency-note')).toContainText('does not convert any amount');
  });

  await test.step('in Russian the new parts read in Russian (screenshots)', async () => {
    await api(page, 'PUT', '/api/protected/user/settings', { language: 'ru', preferred_currency: 'CAD' });
    await page.goto('/dashboard');
    await expect(page.getByTestId('next-due')).toContainText('Ближайший срок подачи');
    await expect(page.getByTestId('next-due')).toContainText(`Декларация за ${due.period}`);
    await expect(page.getByTestId('recent-quarters')).toContainText(/Не начата|Черновик|Подана|Просрочена/);
    await page.getByTestId('next-due').screenshot({ path: join(SCREENSHOTS, 'filing-calendar-01-next-due-ru.png') });
    await shoot(page, '02-dashboard-ru');
    const list = await page.evaluate(async () => {
      const response = await fetch('/api/protected/reports', {
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return (await response.json()) as Array<{ id: string }>;
    });
    await page.goto(`/reports/${list[0].id}`);
    await expect(page.getByText('Штраф за просрочку', { exact: true })).toBeVisible();
    await expect(page.getByText('Проценты за просрочку')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Подача', exact: true })).toContainText('Большее из $50');
    await shoot(page, '03-report-ru');
    await page.getByRole('link', { name: 'Настройки', exact: true }).click();
    await expect(page.getByTestId('currency-note')).toContainText('не пересчитывает суммы');
    await page.getByTestId('currency-note').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'filing-calendar-04-settings-ru.png') });
    await page.getByRole('link', { name: 'Калькулятор', exact: true }).click();
    await page.getByRole('combobox', { name: 'Налоговый период' }).click();
    await expect(page.getByRole('option').first()).toHaveText(periods[0]);
    await expect(page.getByRole('listbox')).toHaveCSS('opacity', '1'); // the menu's fade-in has ended
    await page.screenshot({ path: join(SCREENSHOTS, 'filing-calendar-05-calculator-periods-ru.png') });
  });
});

import { test, expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import { newCompany, registerWithoutSubscription, signUpAndSignIn } from './support/accounts';
import { openPage, seedScreens, SIGNED_IN_PAGES, SIGNED_OUT_PAGES } from './support/screens';
import { chooseMode } from './support/calculatorMode';
import { SCREENSHOTS } from './support/screenshots';

// On a 390x844 phone every page fits without sideways scrolling; wide tables scroll inside their own
// box or become cards; the calculator can be filled in. The shots land in e2e/screenshots/phone-*.png.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const shotName = (path: string) => path.replace(/^\//, '').replace(/[/:]+/g, '-') || 'root';

const expectNoSidewaysScroll = async (page: Page, label: string) => {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} is wider than the phone by ${overflow}px`).toBeLessThanOrEqual(0);
};

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOTS, `phone-${name}.png`), fullPage: true });

test('signed out, every page fits the phone', async ({ page }) => {
  for (const path of SIGNED_OUT_PAGES) {
    await openPage(page, path);
    await expectNoSidewaysScroll(page, path);
    await shoot(page, shotName(path));
  }
});

test('signed in, every page fits the phone and the calculator can be filled in', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpAndSignIn(page);
  const report = await seedScreens(page);
  for (const path of SIGNED_IN_PAGES) {
    await openPage(page, path.replace(':id', report.id));
    await expectNoSidewaysScroll(page, path);
    await shoot(page, shotName(path));
  }

  await openPage(page, '/calculator');
  // The typed MPG is the worksheet's; an official return computes on the fleet MPG.
  await chooseMode(page, 'Worksheet');
  await page.getByRole('spinbutton', { name: 'Average MPG' }).fill('6');
  await page.getByRole('button', { name: 'Add Jurisdiction' }).tap();
  const card = page.getByTestId('jurisdiction-card').first();
  await card.getByRole('combobox', { name: 'State/Province' }).tap();
  await page.getByRole('option', { name: /^Texas/ }).tap();
  await card.getByRole('spinbutton', { name: 'Total Miles' }).fill('600');
  await card.getByRole('spinbutton', { name: 'Taxable Miles' }).fill('600');
  await card.getByRole('spinbutton', { name: 'Gallons Purchased' }).fill('50');
  await expect(card.getByTestId('jurisdiction-results')).toContainText('$10.00');
  await expectNoSidewaysScroll(page, 'the filled calculator');
  await shoot(page, 'calculator-filled');
});

test('the subscription modal fits the phone', async ({ page }) => {
  await registerWithoutSubscription(page, newCompany('Phone'));
  const modal = page.getByTestId('subscription-modal');
  await expect(modal.getByTestId('plan-card').first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'the plans');
  await page.screenshot({ path: join(SCREENSHOTS, 'phone-subscription-plans.png') });
  await modal.getByRole('button', { name: 'Select Professional' }).tap();
  await expect(modal.getByLabel('Card number')).toBeVisible();
  await expectNoSidewaysScroll(page, 'the card form');
  await page.screenshot({ path: join(SCREENSHOTS, 'phone-subscription-payment.png') });
});

import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { newCompany, registerWithoutSubscription, signUpAndSignIn } from './support/accounts';
import {
  LANGUAGES,
  openPage,
  saveLanguage,
  seedScreens,
  SIGNED_IN_PAGES,
  SIGNED_OUT_PAGES,
  storedLanguage,
  useStoredLanguage,
} from './support/screens';

// No serious or critical axe-core violation on any page, in English and Russian, signed out and
// signed in, with the subscription modal closed and open.

const BLOCKING = new Set(['serious', 'critical']);

const expectNoSeriousViolations = async (page: Page, label: string) => {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`).join(' | ')}`,
    );
  expect(blocking, `${label}`).toEqual([]);
};

for (const language of LANGUAGES) {
  test(`signed out, every page in ${language}`, async ({ page }) => {
    await page.goto('/login');
    await useStoredLanguage(page, language);
    for (const path of SIGNED_OUT_PAGES) {
      await openPage(page, path);
      await expectNoSeriousViolations(page, `${language} ${path}`);
    }
  });

  test(`signed in, every page in ${language}`, async ({ page }) => {
    test.setTimeout(180_000); // seven pages, each analysed in full
    await signUpAndSignIn(page);
    const report = await seedScreens(page);
    await saveLanguage(page, language);
    for (const path of SIGNED_IN_PAGES) {
      await openPage(page, path.replace(':id', report.id));
      await expectNoSeriousViolations(page, `${language} ${path}`);
    }
  });

  test(`the subscription modal open, in ${language}`, async ({ page }) => {
    // Settings are a subscriber's feature: the stored language is what this company sees.
    await registerWithoutSubscription(page, newCompany('Axe'), { storage: storedLanguage(language) });
    const modal = page.getByTestId('subscription-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('plan-card').first()).toBeVisible();
    await expectNoSeriousViolations(page, `${language} modal: plans`);
    await modal.getByTestId('plan-card').first().getByRole('button').click();
    await expect(modal.locator('input').first()).toBeVisible();
    await expectNoSeriousViolations(page, `${language} modal: payment`);
  });
}

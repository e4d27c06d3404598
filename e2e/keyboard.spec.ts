import { test, expect } from '@playwright/test';
import { newCompany, registerWithoutSubscription, TEST_CARD } from './support/accounts';
import { focusIsInside, tabTo } from './support/keyboard';

// The main flow with the keyboard alone — subscribe, enter three jurisdictions, save final, export — with
// visible focus, focus moved into and back out of dialogs, Enter and Escape doing what they say. The Register
// form's part (each field reached with Tab, its focus visible, Enter submits) is in foundation.spec.ts, the one
// spec that signs up through the page.

test('subscribe, enter three jurisdictions, save final and export with the keyboard alone', async ({ page }) => {
  test.setTimeout(240_000); // some sixty Tab presses, each checked for a visible focus
  const modal = page.getByTestId('subscription-modal');
  await registerWithoutSubscription(page, newCompany('Keyboard'));

  await test.step('subscribe in the modal, which takes the focus and gives it back', async () => {
    await expect(modal).toBeVisible();
    await expect.poll(() => focusIsInside(modal)).toBe(true);
    // Without a subscription Escape may not close it (docs/product-spec.md §4).
    await page.keyboard.press('Escape');
    await expect(modal).toBeVisible();
    await tabTo(page, modal.getByRole('button', { name: 'Select Professional' }));
    await page.keyboard.press('Enter');
    await tabTo(page, modal.getByLabel('Card number'));
    await page.keyboard.type(TEST_CARD.number);
    await tabTo(page, modal.getByLabel('Expiry (MM / YY)'));
    await page.keyboard.type(`12${String(TEST_CARD.exp_year).slice(2)}`);
    await tabTo(page, modal.getByLabel('CVC'));
    await page.keyboard.type(TEST_CARD.cvc);
    await tabTo(page, modal.getByRole('button', { name: 'Start Free Trial' }));
    await page.keyboard.press('Enter');
    await expect(modal).toHaveCount(0);
    // The focus left with the dialog: it is on the page again, not lost inside a removed node.
    expect(await page.evaluate(() => document.activeElement?.isConnected ?? false)).toBe(true);
  });

  await test.step('enter three jurisdictions in the calculator', async () => {
    await tabTo(page, page.getByRole('link', { name: 'Calculator', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/calculator$/);
    // A new report is an official return, computed on the fleet MPG: there is no MPG to type.
    await expect(page.getByRole('spinbutton', { name: 'Average MPG' })).toHaveCount(0);

    // On a wide screen the lines are one table with a spreadsheet's keys: Add Jurisdiction starts a line at its
    // state, the typed name is picked on Tab, Tab runs along the line and Enter on the last line adds the next.
    const cards = page.getByTestId('jurisdiction-card');
    await tabTo(page, page.getByRole('button', { name: 'Add Jurisdiction' }));
    await page.keyboard.press('Enter');
    for (const [index, state] of ['Tex', 'Okl', 'Nev'].entries()) {
      const select = cards.nth(index).getByRole('combobox', { name: 'State/Province' });
      await expect(select).toBeFocused();
      await page.keyboard.type(state);
      await page.keyboard.press('Tab');
      await expect(select).toHaveValue(new RegExp(`^${state}`));
      // The fuel type stays diesel; then total miles, taxable miles and gallons.
      await expect(cards.nth(index).getByRole('combobox', { name: 'Fuel type' })).toBeFocused();
      for (const value of ['600', '600', '50']) {
        await page.keyboard.press('Tab');
        await page.keyboard.type(value);
      }
      if (index < 2) await page.keyboard.press('Enter');
    }
    await expect(cards).toHaveCount(3);

    // A confirmation opened with Enter takes the focus; Escape closes it and hands the focus back.
    const clear = page.getByRole('button', { name: 'Clear', exact: true });
    await tabTo(page, clear);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect.poll(() => focusIsInside(dialog)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(clear).toBeFocused();
    await expect(cards).toHaveCount(3);
  });

  await test.step('save final and export', async () => {
    await tabTo(page, page.getByRole('button', { name: 'Save Final Report' }));
    await page.keyboard.press('Enter');
    // Save Final asks first; its confirm button takes the focus, so Enter files the return.
    const confirm = page.getByRole('dialog').getByRole('button', { name: 'Save Final Report' });
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/reports$/);
    await tabTo(page, page.getByRole('link', { name: /^View / }).first());
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
    await tabTo(page, page.getByRole('button', { name: 'Export to Excel' }));
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toMatch(/_report\.xlsx$/);
  });
});

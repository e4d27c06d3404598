import { test, expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { join } from 'node:path';
import { calculateReport } from '../backend/src/ifta/calculate';
import { registerCompany } from './support/accounts';
import { chooseMode } from './support/calculatorMode';
import { tabTo } from './support/keyboard';
import { SCREENSHOTS } from './support/screenshots';

// On a wide screen the calculator's lines are one table with a spreadsheet's keys: a 30-state return is typed
// with the keyboard alone (a state by its code or name, Tab along a line, Enter for the next line), its figures are
// the shared IFTA math's, it fits in about two screens, a block pasted from a spreadsheet fills lines, and axe
// finds nothing serious on it.

test.use({ viewport: { width: 1440, height: 900 } });

const MPG = '6';
/** What is typed in each line's state cell: codes mostly, some names (in part), to pick 30 different states. */
const TYPED = [
  'AL', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'ID',
  'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI',
  'MN', 'MS', 'MO', 'MT', 'NE', 'Nevada', 'new h', 'NJ', 'new m', 'Tex',
]; // prettier-ignore
const PICKED = [
  'Alabama (AL)', 'Arizona (AZ)', 'Arkansas (AR)', 'California (CA)', 'Colorado (CO)', 'Connecticut (CT)',
  'Delaware (DE)', 'Florida (FL)', 'Georgia (GA)', 'Idaho (ID)', 'Illinois (IL)', 'Indiana (IN)', 'Iowa (IA)',
  'Kansas (KS)', 'Kentucky (KY)', 'Louisiana (LA)', 'Maine (ME)', 'Maryland (MD)', 'Massachusetts (MA)',
  'Michigan (MI)', 'Minnesota (MN)', 'Mississippi (MS)', 'Missouri (MO)', 'Montana (MT)', 'Nebraska (NE)',
  'Nevada (NV)', 'New Hampshire (NH)', 'New Jersey (NJ)', 'New Mexico (NM)', 'Texas (TX)',
]; // prettier-ignore

/** Line i's miles and gallons: varied, some gallons with a decimal, some lines a credit. */
const figuresOf = (index: number) => {
  const total = 900 + 53 * index;
  return {
    total: String(total),
    taxable: String(total - (index % 3) * 20),
    gallons: index % 4 === 0 ? `${120 + index}.5` : String(140 + 3 * index),
  };
};

const lines = (page: Page) => page.getByTestId('jurisdiction-card');

/**
 * The cell the keyboard reached stands clear of the sticky top bar (64 px) and keeps room for lines below it: the
 * grid's scroll margins, without which a new line's cell sat on the window's bottom edge.
 */
async function expectClearOfEdges(page: Page, cell: Locator) {
  const box = await cell.boundingBox();
  const height = page.viewportSize()!.height;
  expect(box!.y).toBeGreaterThanOrEqual(64);
  expect(box!.y + box!.height).toBeLessThanOrEqual(height - 100);
}
const money = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value).replace(/^-\$0\.00$/, '$0.00');
const amountOf = (text: string) => Number(text.replace(/[^0-9.-]/g, ''));

test('a 30-line return typed into the grid with the keyboard alone', async ({ page }) => {
  test.setTimeout(240_000);
  await registerCompany(page);
  await page.getByRole('link', { name: 'Calculator', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'IFTA Calculator' })).toBeVisible();
  await chooseMode(page, 'Worksheet');
  const mpg = page.getByRole('spinbutton', { name: 'Average MPG' });
  await mpg.focus();
  await page.keyboard.type(MPG);

  await test.step('Add Jurisdiction starts a line at its state; Tab runs along it, Enter on the last line adds one', async () => {
    await tabTo(page, page.getByRole('button', { name: 'Add Jurisdiction' }));
    await page.keyboard.press('Enter');
    for (const [index, typed] of TYPED.entries()) {
      const state = lines(page)
        .nth(index)
        .getByRole('combobox', { name: `State/Province, line ${index + 1}` });
      await expect(state).toBeFocused();
      await expectClearOfEdges(page, state);
      await page.keyboard.type(typed);
      // Tab picks the best match (the code typed exactly, else the first name that starts with the text).
      await page.keyboard.press('Tab');
      await expect(state).toHaveValue(PICKED[index]);
      const { total, taxable, gallons } = figuresOf(index);
      await page.keyboard.type(total);
      await page.keyboard.press('Tab');
      await page.keyboard.type(taxable);
      await page.keyboard.press('Tab');
      await page.keyboard.type(gallons);
      if (index < TYPED.length - 1) await page.keyboard.press('Enter');
    }
    await expect(lines(page)).toHaveCount(30);
    await expect(lines(page).nth(29).getByRole('spinbutton', { name: 'Gallons Purchased, line 30' })).toBeFocused();
  });

  await test.step('the arrows move between cells without stepping a number; Shift-Tab goes back along a line', async () => {
    const cell = (line: number, field: string) =>
      lines(page)
        .nth(line - 1)
        .getByRole('spinbutton', { name: `${field}, line ${line}` });
    await page.keyboard.press('ArrowUp');
    await expect(cell(29, 'Gallons Purchased')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(cell(29, 'Taxable Miles')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(cell(30, 'Taxable Miles')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(cell(30, 'Total Miles')).toBeFocused();
    await expect(cell(29, 'Gallons Purchased')).toHaveValue(figuresOf(28).gallons);
    await expect(cell(30, 'Taxable Miles')).toHaveValue(figuresOf(29).taxable);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    // Past the last cell the browser's Tab moves on: to the line's own buttons, then out of the grid.
    await expect(
      lines(page)
        .nth(29)
        .getByRole('button', { name: /^Done editing/ }),
    ).toBeFocused();
  });

  await test.step('every line and the total are the shared IFTA math of what was typed', async () => {
    const rates = await lines(page)
      .getByRole('textbox', { name: /^Tax Rate, line/ })
      .evaluateAll((inputs) => inputs.map((input) => Number((input as HTMLInputElement).value.replace('$', ''))));
    expect(rates).toHaveLength(30);
    expect(rates[29]).toBe(0.2); // Texas, from the account's rate table
    const expected = calculateReport(
      TYPED.map((_, index) => {
        const { total, taxable, gallons } = figuresOf(index);
        return { totalMiles: total, taxableMiles: taxable, gallonsPurchased: gallons, taxRate: rates[index] };
      }),
      MPG,
    );
    const shown = await lines(page).getByTestId('line-tax-due').allInnerTexts();
    expect(shown).toEqual(expected.rows.map((row) => money(row.stored.taxDue)));
    const total = page.getByTestId('tax-summary-amount');
    await expect(total).toHaveText(money(expected.totals.taxDue));
    // The preview's total is the sum of the lines the grid shows.
    expect(money(shown.map(amountOf).reduce((sum, value) => sum + value, 0))).toBe(await total.innerText());
    await expect(page.getByTestId('summary-jurisdictions')).toContainText('30');
  });

  await test.step('30 lines fit in about two screens at 1440×900, and axe finds nothing serious on the grid', async () => {
    const grid = page.getByTestId('jurisdiction-grid');
    const box = await grid.boundingBox();
    expect(box?.height ?? Infinity).toBeLessThanOrEqual(2 * 900);
    // The grid's heading just under the sticky top bar: the first screen of the two.
    await page.evaluate(() => {
      document.getElementById('jurisdictions-title')?.scrollIntoView();
      window.scrollBy(0, -80);
    });
    await page.screenshot({ path: join(SCREENSHOTS, 'calculator-grid-30-lines.png') });
    await page.screenshot({ path: join(SCREENSHOTS, 'calculator-grid-30-lines-full.png'), fullPage: true });

    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const blocking = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
    expect(blocking).toEqual([]);
  });

  await test.step('a block of cells pasted into a cell fills the lines from there, adding what it needs', async () => {
    const state = lines(page).nth(29).getByRole('combobox', { name: 'State/Province, line 30' });
    await state.focus();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, 'WA\t500\t480\t60\r\nOregon\t400\t400\t50\r\n');
    await expect(lines(page)).toHaveCount(31);
    await expect(state).toHaveValue('Washington (WA)');
    await expect(lines(page).nth(29).getByRole('spinbutton', { name: 'Taxable Miles, line 30' })).toHaveValue('480');
    const added = lines(page).nth(30);
    await expect(added.getByRole('combobox', { name: 'State/Province, line 31' })).toHaveValue('Oregon (OR)');
    await expect(added.getByRole('spinbutton', { name: 'Gallons Purchased, line 31' })).toHaveValue('50');
    await expect(page.getByTestId('summary-jurisdictions')).toContainText('31');
  });
});

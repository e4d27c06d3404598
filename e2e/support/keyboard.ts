import { expect, type Locator, type Page } from '@playwright/test';

const MAX_TABS = 60;

/** The focused element shows it: an outline, a box shadow, or MUI's focused/focus-visible state. */
const hasVisibleFocus = (element: Element): boolean => {
  const style = getComputedStyle(element);
  if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) return true;
  if (element.classList.contains('Mui-focusVisible') || element.closest('.Mui-focused')) return true;
  return style.boxShadow !== 'none';
};

/** Presses Tab (forwards) until `target` has the focus, then checks that the focus can be seen. */
export const tabTo = async (page: Page, target: Locator) => {
  for (let presses = 0; presses < MAX_TABS; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) break;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
  expect(await target.evaluate(hasVisibleFocus), 'the focused control shows its focus').toBe(true);
};

export const focusIsInside = (scope: Locator) =>
  scope.evaluate((element) => element.contains(document.activeElement)).catch(() => false);

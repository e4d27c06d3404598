import type { Page } from '@playwright/test';

/** The notification that says `text` (react-admin's toasts, in the app's own testid). */
export const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

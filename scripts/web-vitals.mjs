#!/usr/bin/env node
/**
 * `npm run bench:web`: first contentful paint and time to interactive of the login, dashboard and calculator pages,
 * in Debian's Chromium (never a downloaded browser), against the built app on a database of its own with a seeded
 * account. Not part of `npm test`: these are measurements, not assertions.
 *
 * Each page is a cold load in a fresh browser context (no HTTP cache), the signed-in ones with the session copied in.
 *  - FCP: the browser's own `first-contentful-paint` entry.
 *  - TTI: when the page's main control is visible and enabled and the main thread has then stayed free of long
 *    tasks (over 50 ms) for 1 s; the figure is the later of that control's appearance and the end of the last long
 *    task (Lighthouse's definition simplified: there is no Lighthouse here).
 *  - INP: interaction to next paint of the calculator's entry grid at 1440×900 holding a 30-line official return
 *    (pasted into it as a block), while cells are clicked and typed into: the browser's Event Timing entries
 *    (PerformanceObserver 'event'), each interaction's longest entry, and of those the worst but one per 50, as
 *    the web-vitals library's onINP counts (that package is not a dependency; the entries are the same).
 * Prints a table and, with WEB_VITALS_WRITE=1, rewrites the "Web vitals" section of docs/PERFORMANCE.md.
 * Options: WEB_VITALS_RUNS per page (3, the median is kept).
 */
/* global window, document, DataTransfer, ClipboardEvent -- the functions given to page.evaluate and addInitScript run in the browser */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { registerAccount, reportBody, requireBuild, root, seedReports, startApp } from './bench/lib.mjs';

const RUNS = Number(process.env.WEB_VITALS_RUNS ?? 3);
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Installed before any page script: records long tasks as they happen. */
function observeLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.startTime + entry.duration);
  }).observe({ type: 'longtask', buffered: true });
}

async function measurePage(browser, base, path, ready, storageState) {
  const context = await browser.newContext({ storageState, viewport: { width: 1366, height: 900 } });
  await context.addInitScript(observeLongTasks);
  const page = await context.newPage();
  await page.goto(base + path, { waitUntil: 'commit' });
  const control = ready(page);
  await control.waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction((el) => el && !el.disabled, await control.elementHandle());
  const visibleAt = await page.evaluate(() => performance.now());
  // Quiet window: no long task for 1 s after the control appeared.
  for (;;) {
    const lastLongTask = await page.evaluate(() => Math.max(0, ...window.__longTasks));
    const now = await page.evaluate(() => performance.now());
    if (now - Math.max(lastLongTask, visibleAt) >= 1000) break;
    await page.waitForTimeout(100);
  }
  const result = await page.evaluate((visible) => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
    const lastLongTask = Math.max(0, ...window.__longTasks);
    const scripts = performance
      .getEntriesByType('resource')
      .filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'));
    const jsBytes = scripts.reduce((sum, r) => sum + (r.encodedBodySize || r.transferSize || 0), 0);
    return { fcp, tti: Math.max(visible, lastLongTask), jsBytes, longTasks: window.__longTasks.length };
  }, visibleAt);
  await context.close();
  return result;
}

/** Installed before any page script: keeps every Event Timing entry that belongs to an interaction. */
function observeInteractions() {
  window.__interactions = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) window.__interactions.push({ id: entry.interactionId, duration: entry.duration });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
}

const GRID_LINES = 30;
/** Thirty jurisdictions' codes: the lines pasted into the grid, one per state. */
const GRID_CODES = [
  'AL', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY',
  'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'TX',
]; // prettier-ignore

/**
 * INP of the calculator's grid with 30 lines: the lines are pasted as one block (official columns: state, fuel,
 * total miles, taxable miles, gallons), then on 20 lines the total miles cell is clicked and it and the next two
 * cells are typed into (a key every 100 ms, a fast typist), moving on with Tab and Enter, as a person entering a
 * return does. Interactions of the setup are left out.
 */
async function measureGridInp(browser, base, storageState) {
  const context = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
  await context.addInitScript(observeInteractions);
  const page = await context.newPage();
  await page.goto(`${base}/calculator`);
  const add = page.getByRole('button', { name: 'Add Jurisdiction' });
  await add.waitFor({ state: 'visible', timeout: 30_000 });
  await add.click();
  const block = GRID_CODES.map((code, i) => [code, 'diesel', 1000 + 37 * i, 1000 + 37 * i, 150 + i].join('\t'));
  await page.getByRole('combobox', { name: 'State/Province, line 1', exact: true }).focus();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    document.activeElement.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, block.join('\n'));
  await page
    .getByTestId('jurisdiction-card')
    .nth(GRID_LINES - 1)
    .waitFor();
  await page.waitForTimeout(1000);
  await page.evaluate(() => (window.__interactions = []));
  for (let line = 1; line <= 20; line++) {
    // As a person works down the grid: the line is scrolled into view first (a scroll is not an interaction), then
    // its cells are clicked and typed into. Cells are found by their label attribute: Playwright's role queries
    // read the whole page on its main thread, which would be counted against the page.
    const cell = page.locator(`[aria-label="Total Miles, line ${line}"]`);
    await cell.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await cell.click();
    await page.keyboard.type(String(2000 + line), { delay: 100 });
    await page.keyboard.press('Tab');
    await page.keyboard.type(String(1900 + line), { delay: 100 });
    await page.keyboard.press('Tab');
    await page.keyboard.type(String(200 + line), { delay: 100 });
    await page.keyboard.press('Enter');
  }
  await page.waitForTimeout(500);
  const durations = await page.evaluate(() => {
    const worst = new Map();
    for (const { id, duration } of window.__interactions) worst.set(id, Math.max(worst.get(id) ?? 0, duration));
    return [...worst.values()];
  });
  await context.close();
  const sorted = durations.sort((a, b) => b - a);
  return {
    inp: sorted[Math.min(Math.floor(sorted.length / 50), sorted.length - 1)] ?? 0,
    interactions: sorted.length,
  };
}

/** Signs in through the login form; the stored session of that browser context. */
async function signIn(browser, base, account) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.locator('input[name=email]').fill(account.email);
  await page.locator('input[name=password]').fill(account.password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/dashboard$/, { timeout: 30_000 });
  const session = await context.storageState();
  await context.close();
  return session;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

requireBuild();
const app = await startApp();
let browser;
try {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const account = await registerAccount(app.base, 'vitals');
  await seedReports(app.base, account.auth, 50, 5);
  await fetch(`${app.base}/api/protected/reports`, {
    method: 'POST',
    headers: { ...account.auth, 'content-type': 'application/json' },
    body: JSON.stringify(reportBody(58, 'Full year')),
  });

  // Sign in once through the form, then reuse the stored session for the signed-in pages.
  const session = await signIn(browser, app.base, account);

  const pages = [
    ['login', '/login', (p) => p.locator('button[type=submit]'), undefined],
    // The signed-in pages are ready when their heading is drawn: after the auth check and the page's own chunk.
    ['dashboard', '/dashboard', (p) => p.locator('main h1').first(), session],
    ['calculator', '/calculator', (p) => p.locator('main h1').first(), session],
  ];
  const rows = [];
  for (const [name, path, ready, state] of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measurePage(browser, app.base, path, ready, state));
    rows.push({
      name,
      path,
      fcp: median(runs.map((r) => r.fcp)),
      tti: median(runs.map((r) => r.tti)),
      jsKb: median(runs.map((r) => r.jsBytes)) / 1024,
    });
  }
  const grid = [];
  for (let i = 0; i < RUNS; i++) {
    // A company of its own each run: the calculator's work follows the company, so a second run on the same one
    // would open on the first run's lines.
    const runner = await registerAccount(app.base, `vitals-grid-${i}`);
    grid.push(await measureGridInp(browser, app.base, await signIn(browser, app.base, runner)));
  }
  const inp = median(grid.map((r) => r.inp));
  const interactions = median(grid.map((r) => r.interactions));
  const sizes = JSON.parse(readFileSync(join(root, 'frontend', 'dist', 'chunk-sizes.json'), 'utf8'));
  const table = [
    '| page | first contentful paint | time to interactive | JS transferred |',
    '|---|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} (\`${r.path}\`) | ${r.fcp.toFixed(0)} ms | ${r.tti.toFixed(0)} ms | ${r.jsKb.toFixed(0)} KB |`,
    ),
  ].join('\n');
  const inpLine =
    `Interaction to next paint, calculator grid with ${GRID_LINES} lines at 1440×900 (${interactions} clicks and ` +
    `key presses into its cells; median of ${RUNS} runs): ${inp.toFixed(0)} ms (good: under 200 ms).`;
  const summary =
    `${inpLine}\n\n` +
    `Login page JavaScript (entry and its static imports, gzip, from the build): ` +
    `${(sizes.initialJsGzipBytes / 1024).toFixed(1)} KB in ${sizes.initialChunks.length} chunks (budget 300 KB).`;
  console.log(`${table}\n\n${summary}`);
  if (process.env.WEB_VITALS_WRITE) {
    const doc = join(root, 'docs', 'PERFORMANCE.md');
    const text = readFileSync(doc, 'utf8');
    const start = text.indexOf('<!-- web-vitals:start -->');
    const end = text.indexOf('<!-- web-vitals:end -->');
    if (start < 0 || end < 0) throw new Error('docs/PERFORMANCE.md lacks the web-vitals markers');
    const stamp = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, median of ${RUNS} cold loads each.`;
    writeFileSync(
      doc,
      `${text.slice(0, start)}<!-- web-vitals:start -->\n${stamp}\n\n${table}\n\n${summary}\n${text.slice(end)}`,
    );
    console.log(`wrote ${doc}`);
  }
} catch (error) {
  console.error(`web-vitals: ${error.stack ?? error.message}`);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await app.stop();
}

import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * Browser tests against the built app (scripts/e2e-server.mjs) in Debian's Chromium.
 * A browser is never downloaded: the executable path points at /usr/bin/chromium
 * (scripts/check-chromium.mjs explains how to install it when missing).
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Spec files run two at a time (E2E_WORKERS), each file's tests in order. They share one server and database:
  // every test registers its own companies, and a spec that changes what every account sees (a published matrix,
  // an interest period) starts a server of its own (support/own-server.ts).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 1366, height: 900 },
    locale: 'en-US',
    // A failure leaves its screenshot, whose path the list reporter prints under the failing test's name. A trace
    // records every action (a snapshot of the page each time), which the CPU-bound run paid for in every test, so
    // it is recorded on a retry only: `npx playwright test --retries=1 <spec>` (or `--trace on`) for one to replay.
    screenshot: 'only-on-failure',
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    // SIGTERM (not Playwright's default SIGKILL) lets the app stop PostgreSQL and the script clean up.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});

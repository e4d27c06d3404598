#!/usr/bin/env node
/**
 * Starts the built app for the browser tests on port 3100 against a database of its own:
 * a fresh database on the server of DATABASE_URL when it is set, otherwise the app's embedded
 * PostgreSQL in a fresh data folder. Playwright's webServer runs this and stops it with a signal.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from './server-node-flags.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const mainJs = join(root, 'backend', 'dist', 'main.js');
const PORT = process.env.E2E_PORT ?? '3100';

if (!existsSync(mainJs)) {
  console.error(`e2e-server: ${mainJs} is missing; run "npm run build" first`);
  process.exit(1);
}

// The embedded PostgreSQL runs as the "postgres" user, which must be able to enter the folder.
const dataDir = mkdtempSync(join(tmpdir(), 'ifta-e2e-'));
chmodSync(dataDir, 0o755);
// Browser tests that follow an e-mailed link (password reset) read the app's outbox in this folder.
writeFileSync(join(tmpdir(), `ifta-e2e-${PORT}.data-dir`), dataDir);

/** A new, empty database on the configured server, so runs never see each other's accounts. */
async function adminQuery(baseUrl, sql) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const databaseName = `ifta_e2e_${Date.now()}`;

async function freshDatabaseUrl(baseUrl) {
  await adminQuery(baseUrl, `CREATE DATABASE "${databaseName}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

const env = {
  ...process.env,
  PORT,
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  DATA_DIR: dataDir,
  // Every browser test registers its own companies; the production limit would refuse them mid-run.
  AUTH_RATE_LIMIT: process.env.AUTH_RATE_LIMIT ?? '1000',
  // Each of those companies also tokenises a test card to subscribe.
  SANDBOX_RATE_LIMIT: process.env.SANDBOX_RATE_LIMIT ?? '1000',
  // The browser tests sign up and sign in some hundred times on a single hashing thread; what they check is the
  // screens, so they hash at the API tests' cost (test/global-setup.ts), not production's.
  BCRYPT_COST: process.env.BCRYPT_COST ?? '4',
  // The one platform operator of the browser tests (e2e/support/operator.ts signs it up): every other spec's
  // accounts get a unique address, so none of them sees the operator console.
  // A second one never subscribes: the console is the platform's and needs no plan.
  OPERATOR_EMAILS: [
    process.env.OPERATOR_EMAILS,
    'console-operator@e2e.example.com',
    'plan-free-operator@e2e.example.com',
  ]
    .filter(Boolean)
    .join(','),
};
if (process.env.DATABASE_URL) {
  env.DATABASE_URL = await freshDatabaseUrl(process.env.DATABASE_URL);
  console.log(`e2e-server: database ${new URL(env.DATABASE_URL).pathname.slice(1)}`);
} else {
  console.log(`e2e-server: embedded PostgreSQL in ${dataDir}`);
}

const child = spawn(process.execPath, [...serverNodeFlags(), mainJs], { cwd: root, env, stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}

/** Best effort: a run leaves no data folder or database behind. */
async function cleanUp() {
  rmSync(dataDir, { recursive: true, force: true });
  if (process.env.DATABASE_URL) {
    await adminQuery(process.env.DATABASE_URL, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`).catch(
      (error) => console.error(`e2e-server: could not drop ${databaseName}: ${error.message}`),
    );
  }
}

child.on('exit', async (code, signal) => {
  await cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});

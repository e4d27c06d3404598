import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedDatabase } from '../src/database/embedded-database.ts'; // .ts: Jest loads global setup without the .js mapper

/**
 * Gives each Jest worker of the run a fresh, empty database of its own, on DATABASE_URL's server when set (CI, this
 * machine), else on an embedded PostgreSQL in a temporary folder (a laptop with nothing installed).
 *
 * One per worker, not one for the run: suites running side by side would otherwise share the app's background work
 * — one suite's outbox sender delivering another's e-mails into its own folder, one suite's jobs scanning another's
 * accounts. A worker runs its suites one after another, as a single run in band did. Each worker's database URL is
 * handed over as DATABASE_URL_WORKER_<n>; test/worker-database.ts makes it the worker's DATABASE_URL.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  process.env.NODE_ENV = 'test';
  process.env.BCRYPT_COST = process.env.BCRYPT_COST ?? '4';
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'ifta-test-'));
    chmodSync(dir, 0o755);
    const embedded = await startEmbeddedDatabase(dir);
    serverUrl = embedded.url;
    globalThis.__TEST_DB__ = { serverUrl, names: [], embedded };
  } else {
    globalThis.__TEST_DB__ = { serverUrl, names: [] };
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let worker = 1; worker <= Math.max(1, globalConfig.maxWorkers); worker++) {
      const name = `ifta_test_${Date.now()}_${process.pid}_w${worker}`;
      await admin.query(`CREATE DATABASE ${name}`);
      globalThis.__TEST_DB__.names.push(name);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      process.env[`DATABASE_URL_WORKER_${worker}`] = url.toString();
    }
  } finally {
    await admin.end();
  }
  // A run in band has no worker id: it uses the first worker's database.
  process.env.DATABASE_URL = process.env.DATABASE_URL_WORKER_1;
}

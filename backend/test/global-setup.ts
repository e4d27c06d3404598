import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedDatabase } from '../src/database/embedded-database.ts'; // .ts: Jest loads global setup without the .js mapper

/**
 * Gives the whole run a fresh, empty database: a new database on DATABASE_URL's server when set
 * (CI, this machine), else an embedded PostgreSQL in a temporary folder (a laptop with nothing installed).
 */
export default async function globalSetup(): Promise<void> {
  process.env.NODE_ENV = 'test';
  process.env.BCRYPT_COST = process.env.BCRYPT_COST ?? '4';
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `ifta_test_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
    globalThis.__TEST_DB__ = { serverUrl, name };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'ifta-test-'));
    chmodSync(dir, 0o755);
    const embedded = await startEmbeddedDatabase(dir);
    process.env.DATABASE_URL = embedded.url;
    globalThis.__TEST_DB__ = { embedded };
  }
}

import pg from 'pg';

/** Drops the workers' databases (test/global-setup.ts) and stops the embedded server when the run started one. */
export default async function globalTeardown(): Promise<void> {
  const db = globalThis.__TEST_DB__;
  if (!db) return;
  if (db.embedded) {
    await db.embedded.stop();
    return;
  }
  const admin = new pg.Client({ connectionString: db.serverUrl });
  await admin.connect();
  try {
    for (const name of db.names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

import pg from 'pg';

export default async function globalTeardown(): Promise<void> {
  const db = globalThis.__TEST_DB__;
  if (!db) return;
  if (db.embedded) {
    await db.embedded.stop();
    return;
  }
  const admin = new pg.Client({ connectionString: db.serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${db.name} WITH (FORCE)`);
  await admin.end();
}

import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { databaseOptions } from './database-options.js';
import { migrateUnderLock } from './migrate-under-lock.js';

/**
 * `npm run migrate`: applies pending migrations to DATABASE_URL and exits, for a release pipeline (or
 * docker-compose's one-shot `migrate` service) that migrates before new replicas start. Same lock as the app's
 * start-up run, so it is safe beside replicas that are starting too. The embedded database is left to the app, which
 * migrates it at start-up: starting it from here would stop the server of an app that is running on it.
 */
async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set (an app on the embedded database migrates it at start-up)');
  const dataSource = new DataSource(databaseOptions(url));
  try {
    await dataSource.initialize();
    const { applied } = await migrateUnderLock(dataSource);
    console.log(
      applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Schema is up to date',
    );
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
  }
}

try {
  await main();
  process.exit(0);
} catch (error) {
  console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

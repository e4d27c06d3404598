import type { DataSource } from 'typeorm';

/**
 * Key of the session-level advisory lock every replica takes before it migrates. Next to the renewal job's key
 * (6_420_001) so the app's locks read as one family in pg_locks.
 */
export const MIGRATIONS_LOCK = 6_420_000;

export interface MigrationOutcome {
  /** Names of the migrations this process applied; empty when another replica (or a release step) had done them. */
  applied: string[];
}

/**
 * Runs the pending migrations while holding a PostgreSQL advisory lock, so replicas that start together against an
 * empty or outdated database take turns: the first applies them, the others wait, then find nothing to do. Without
 * the lock two of them raced to create TypeORM's own `migrations` table and one failed. The lock is held
 * by one connection for the whole run and ends with that session, so a replica killed mid-migration frees it.
 */
export async function migrateUnderLock(dataSource: DataSource): Promise<MigrationOutcome> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return { applied: applied.map((migration) => migration.name) };
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATIONS_LOCK]);
    }
  } finally {
    await runner.release();
  }
}

import type { DataSource } from 'typeorm';

/**
 * Runs `work` only if this process takes the session-level advisory lock `key` (one connection holds it for the
 * whole run, the work itself uses the pool); answers null when another process holds it. Scheduled jobs (renewals,
 * reminders) run under it so that, with several replicas, one runs them (docs/architecture.md, "When one machine
 * is not enough").
 */
export async function underJobLock<T>(
  db: DataSource,
  key: number,
  work: () => Promise<T>,
): Promise<{ value: T } | null> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [key])) as [
      { locked: boolean },
    ];
    if (!locked) return null;
    try {
      return { value: await work() };
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [key]);
    }
  } finally {
    await runner.release();
  }
}

import type { DataSource, EntityManager } from 'typeorm';

/** The run's lock is gone (its connection died, or another process took it): the run must stop before its next effect. */
export class JobLeaseLost extends Error {
  constructor(key: number) {
    super(`job lock ${key} was lost; the run stops`);
  }
}

/**
 * A run's proof that it still holds its job lock, checked before each side effect: a run whose lock connection died
 * (another replica may hold the lock by now) stops instead of working beside that replica.
 */
export interface JobLease {
  /** Throws JobLeaseLost unless the lock's connection still holds the lock. */
  check(): Promise<void>;
  /**
   * The same check inside the caller's transaction: a transaction that checks after the lock was lost throws
   * JobLeaseLost and rolls back, and one that checked before keeps the next holder waiting until it has ended.
   */
  fence(manager: EntityManager): Promise<void>;
}

/** An advisory lock on one bigint below 2^31 shows in pg_locks as classid 0, objid key, objsubid 1. */
const HELD = `SELECT EXISTS (
  SELECT 1 FROM pg_locks
  WHERE locktype = 'advisory' AND classid = 0 AND objid = $1 AND objsubid = 1 AND pid = $2 AND granted
) AS held`;

/**
 * Runs `work` only if this process takes the session-level advisory lock `key` (one connection holds it for the
 * whole run, the work itself uses the pool); answers null when another process holds it. Scheduled jobs (renewals,
 * reminders, the e-mail sender) run under it so that, with several replicas, one runs them (docs/architecture.md,
 * "When one machine is not enough"). The lock lives as long as its connection: `work` gets a lease to check before
 * each side effect, so a run that lost it (docs/operations.md, "A job loses its lock") stops.
 */
export async function underJobLock<T>(
  db: DataSource,
  key: number,
  work: (lease: JobLease) => Promise<T>,
): Promise<{ value: T } | null> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    const [{ locked, pid }] = (await runner.query(
      'SELECT pg_try_advisory_lock($1) AS locked, pg_backend_pid() AS pid',
      [key],
    )) as [{ locked: boolean; pid: number }];
    if (!locked) return null;
    // The barrier: the fence lock (key, 1) is taken shared by every fenced transaction of a holder. Taking it
    // exclusively once waits for a previous holder's transactions still in flight, so its last effect commits
    // before this run's first: two runs never overlap, not even by one transaction.
    await runner.query('SELECT pg_advisory_lock($1::int, 1)', [key]);
    await runner.query('SELECT pg_advisory_unlock($1::int, 1)', [key]);
    const held = async (query: (sql: string, params: unknown[]) => Promise<unknown>) => {
      try {
        const [row] = (await query(HELD, [key, pid])) as [{ held: boolean }];
        return row.held;
      } catch {
        return false; // the lock's own connection is gone: so is the lock
      }
    };
    const lease: JobLease = {
      check: async () => {
        if (!(await held((sql, params) => runner.query(sql, params)))) throw new JobLeaseLost(key);
      },
      fence: async (manager) => {
        // Shared until the transaction ends, so a next holder's barrier waits for it; then read on the
        // transaction's own connection, so losing the lock fails the transaction, not just a look on the side.
        await manager.query('SELECT pg_advisory_xact_lock_shared($1::int, 1)', [key]);
        const [row] = (await manager.query(HELD, [key, pid])) as [{ held: boolean }];
        if (!row.held) throw new JobLeaseLost(key);
      },
    };
    try {
      return { value: await work(lease) };
    } finally {
      // On a dead connection there is nothing to unlock: PostgreSQL dropped the lock with the session.
      await runner.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}

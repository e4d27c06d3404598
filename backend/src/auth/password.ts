import { availableParallelism } from 'node:os';
import bcrypt from 'bcrypt';
import { fileJob } from '../common/workers/file-job.js';
import { WorkerPool } from '../common/workers/worker-pool.js';
import { nonNegativeInt, positiveInt } from '../config/app-config.js';

export const MIN_PASSWORD_LENGTH = 6;
const COST = Number(process.env.BCRYPT_COST ?? 10);

const hashJob = fileJob<{ password: string; cost: number }, string>(
  new URL('./password.job.js', import.meta.url),
  'hashPasswordJob',
);
const verifyJob = fileJob<{ password: string; hash: string }, boolean>(
  new URL('./password.job.js', import.meta.url),
  'verifyPasswordJob',
);

export const PASSWORD_POOL_BUSY = 'Too many sign-ins at once, please try again in a moment';

/**
 * Native bcrypt on worker threads of their own, niced below the event loop (docs/architecture.md, "Work that must not block").
 * bcrypt's async API would use libuv's four threads at the event loop's own priority: eight people signing in at
 * once then took both cores and every other request waited (docs/PERFORMANCE.md, the mixed run). Here hashing gets
 * `PASSWORD_HASH_THREADS` threads (default: one fewer than cores, at least one), so a core is always left to the
 * event loop, and the scheduler still prefers the event loop on the core they share. A sign-in then waits its turn
 * in a queue instead; past `PASSWORD_HASH_QUEUE` waiting sign-ins it answers 503 with Retry-After.
 */
export const passwordPool = new WorkerPool({
  name: 'PasswordPool',
  threads: positiveInt('PASSWORD_HASH_THREADS', Math.max(1, availableParallelism() - 1)),
  nice: Math.min(19, nonNegativeInt('PASSWORD_HASH_NICE', 10)),
  timeoutMs: positiveInt('PASSWORD_HASH_TIMEOUT_MS', 10_000),
  maxQueue: positiveInt('PASSWORD_HASH_QUEUE', 256),
  idleTimeoutMs: positiveInt('PASSWORD_HASH_IDLE_MS', 30_000),
  busyMessage: PASSWORD_POOL_BUSY,
});

/** Reads the `$2a$` and `$2b$` hashes that bcryptjs wrote before, so no rehash is needed. */
export const hashPassword = (password: string): Promise<string> => passwordPool.run(hashJob, { password, cost: COST });
export const verifyPassword = (password: string, hash: string): Promise<boolean> =>
  passwordPool.run(verifyJob, { password, hash });

/** Compared against when the email is unknown, so a wrong email costs as long as a wrong password. */
export const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', COST);

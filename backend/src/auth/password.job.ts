import bcrypt from 'bcrypt';

/**
 * Password jobs, run on the password pool's worker threads (password-pool.ts). The synchronous bcrypt calls are
 * right here: the thread is niced below the event loop, where libuv's own thread pool (bcrypt's async API) would
 * compete with it at full priority.
 */
export const hashPasswordJob = ({ password, cost }: { password: string; cost: number }): string =>
  bcrypt.hashSync(password, cost);

export const verifyPasswordJob = ({ password, hash }: { password: string; hash: string }): boolean => {
  try {
    return bcrypt.compareSync(password, hash);
  } catch {
    // Not a bcrypt hash at all: no password matches it.
    return false;
  }
};

import { getPriority } from 'node:os';
import { afterAll, describe, expect, it } from '@jest/globals';
import bcryptjs from 'bcryptjs';
import { fileJob } from '../common/workers/file-job.js';

// password.js reads the cost once, as it loads: the suite sets it first (the API tests' cheap cost unless the run
// chose one), so it needs nothing from the API tests' global setup.
process.env.BCRYPT_COST ??= '4';
// Idle hashing threads exit after this long; short here, so the suite can watch one go.
process.env.PASSWORD_HASH_IDLE_MS = '100';
const { DUMMY_HASH, hashPassword, passwordPool, verifyPassword } = await import('./password.js');

const threadPriority = fileJob<void, number>(
  new URL('../../test/helpers/workers/thread-priority.job.js', import.meta.url),
  'threadPriority',
);

describe('password hashing (native bcrypt)', () => {
  afterAll(() => passwordPool.destroy());

  it('verifies a hash written by bcryptjs, which the app used before', async () => {
    const old = bcryptjs.hashSync('secret123', 4);
    expect(await verifyPassword('secret123', old)).toBe(true);
    expect(await verifyPassword('secret124', old)).toBe(false);
  });

  it('verifies the $2a$ form that bcryptjs 2 wrote', async () => {
    // bcryptjs 2 wrote "$2a$"; the algorithm is the same for these ASCII passwords, only the prefix differs.
    const old = `$2a$${bcryptjs.hashSync('correct horse', 5).slice(4)}`;
    expect(old.startsWith('$2a$05$')).toBe(true);
    expect(await verifyPassword('correct horse', old)).toBe(true);
    expect(await verifyPassword('correct horsE', old)).toBe(false);
  });

  it('writes hashes at BCRYPT_COST that bcryptjs can still read', async () => {
    const hash = await hashPassword('p4ssw0rd!');
    expect(hash).toMatch(new RegExp(`^\\$2b\\$${String(process.env.BCRYPT_COST).padStart(2, '0')}\\$`));
    expect(bcryptjs.compareSync('p4ssw0rd!', hash)).toBe(true);
    expect(await verifyPassword('p4ssw0rd!', hash)).toBe(true);
  });

  it('answers false, not an error, for the dummy hash and for a malformed hash', async () => {
    expect(await verifyPassword('anything', DUMMY_HASH)).toBe(false);
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
  });

  it('hashes on a worker thread niced below the event loop, leaving the event loop at its priority', async () => {
    const eventLoopPriority = getPriority();
    expect(await passwordPool.run(threadPriority, undefined)).toBe(Math.min(19, eventLoopPriority + 10));
    expect(getPriority()).toBe(eventLoopPriority);
  }, 30_000);

  it('ends its hashing threads once idle (PASSWORD_HASH_IDLE_MS), and a later sign-in starts one anew', async () => {
    const hash = await hashPassword('idle-then-back');
    for (const deadline = Date.now() + 20_000; passwordPool.threadCount > 0 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(passwordPool.threadCount).toBe(0);
    expect(await verifyPassword('idle-then-back', hash)).toBe(true);
  }, 30_000);
});

import { availableParallelism, getPriority } from 'node:os';
import { afterEach, describe, expect, it } from '@jest/globals';
import { fileJob } from './file-job.js';
import { loadWorkerPoolConfig } from './worker-pool.config.js';
import { WorkerPoolService } from './worker-pool.service.js';

const threadPriority = fileJob<void, number>(
  new URL('../../../test/helpers/workers/thread-priority.job.js', import.meta.url),
  'threadPriority',
);

describe('file worker pool', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('runs a thread per core at a lower priority by default', () => {
    delete process.env.FILE_JOB_THREADS;
    delete process.env.FILE_JOB_NICE;
    const config = loadWorkerPoolConfig();
    expect(config.threads).toBe(availableParallelism());
    expect(config.nice).toBe(10);
  });

  it('refuses a negative FILE_JOB_NICE and caps it at 19', () => {
    process.env.FILE_JOB_NICE = '-5';
    expect(() => loadWorkerPoolConfig()).toThrow('FILE_JOB_NICE must be a whole number of 0 or more, got "-5"');
    process.env.FILE_JOB_NICE = '40';
    expect(loadWorkerPoolConfig().nice).toBe(19);
  });

  it("runs a job on a thread niced below the event loop's priority", async () => {
    process.env.FILE_JOB_NICE = '7';
    const eventLoopPriority = getPriority();
    const pool = new WorkerPoolService();
    try {
      expect(await pool.run(threadPriority, undefined)).toBe(Math.min(19, eventLoopPriority + 7));
      // Only the worker thread was niced, not the process.
      expect(getPriority()).toBe(eventLoopPriority);
    } finally {
      await pool.onModuleDestroy();
    }
  }, 30_000);
});

import { availableParallelism, getPriority } from 'node:os';
import { afterEach, describe, expect, it } from '@jest/globals';
import { fileJob } from './file-job.js';
import { FileJobTimeoutError, WorkerPool } from './worker-pool.js';
import { loadWorkerPoolConfig } from './worker-pool.config.js';
import { WorkerPoolService } from './worker-pool.service.js';

const threadPriority = fileJob<void, number>(
  new URL('../../../test/helpers/workers/thread-priority.job.js', import.meta.url),
  'threadPriority',
);

const busy = fileJob<number, number>(new URL('../../../test/helpers/workers/busy.job.js', import.meta.url), 'busy');

const exceljsLoaded = fileJob<void, boolean>(
  new URL('../../../test/helpers/workers/loaded-modules.job.js', import.meta.url),
  'exceljsLoaded',
);
const workbookSheets = fileJob<void, number>(
  new URL('../../../test/helpers/workers/workbook.job.js', import.meta.url),
  'workbookSheets',
);

/** Asks until `done` holds or 20 s pass (a thread's exit is reported a moment after its idle time runs out). */
async function eventually(done: () => boolean): Promise<boolean> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    if (done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return done();
}

type Span = { started: number; ended: number };
const SPAN_JOB = new URL('../../../test/helpers/workers/span.job.js', import.meta.url);
const writeSpan = fileJob<number, Span>(SPAN_JOB, 'span');
const readSpan = fileJob<number, Span>(SPAN_JOB, 'span', 'upload');

/** Two jobs of different accounts at once, until both threads answer (a new thread loads its modules first). */
async function warm(pool: WorkerPoolService): Promise<void> {
  await Promise.all([pool.run(writeSpan, 0, 'warm-1'), pool.run(writeSpan, 0, 'warm-2')]);
}

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

  it('lets a job running when the app stops finish before its thread ends', async () => {
    const pool = new WorkerPoolService();
    await pool.run(busy, 0); // the thread is up
    const running = pool.run(busy, 600);
    await new Promise((resolve) => setTimeout(resolve, 100)); // on its thread now
    await pool.onModuleDestroy();
    await expect(running).resolves.toBeGreaterThanOrEqual(600);
    expect(pool.threadCount).toBe(0);
  }, 30_000);

  it('times a job from when it starts on its thread, not while it waits in the queue', async () => {
    process.env.FILE_JOB_THREADS = '1';
    process.env.FILE_JOB_QUEUE = '2';
    process.env.FILE_JOB_TIMEOUT_MS = '1500';
    const pool = new WorkerPoolService();
    try {
      await pool.run(busy, 0); // the thread is up before anything is timed
      // One thread: the second job waits ~900 ms for the first, then runs ~900 ms, 1.8 s after it was asked for.
      const [first, second] = await Promise.all([pool.run(busy, 900), pool.run(busy, 900)]);
      expect(first).toBeGreaterThanOrEqual(900);
      expect(second).toBeGreaterThanOrEqual(900);
      // A job that itself runs past the limit is still ended.
      await expect(pool.run(busy, 5_000)).rejects.toBeInstanceOf(FileJobTimeoutError);
    } finally {
      await pool.onModuleDestroy();
    }
  }, 30_000);

  it("runs one account's jobs one at a time while another account's run beside them", async () => {
    process.env.FILE_JOB_THREADS = '2';
    process.env.FILE_JOB_UPLOAD_THREADS = '2';
    const pool = new WorkerPoolService();
    try {
      await warm(pool);
      const [a1, a2, b1] = await Promise.all([
        pool.run(writeSpan, 600, 'account-a'),
        pool.run(writeSpan, 600, 'account-a'),
        pool.run(writeSpan, 600, 'account-b'),
      ]);
      // Two threads: b's job ran beside a's first; a's second waited for a's first to end.
      expect(b1.started).toBeLessThan(a1.ended);
      expect(a2.started).toBeGreaterThanOrEqual(a1.ended);
    } finally {
      await pool.onModuleDestroy();
    }
  }, 30_000);

  it('keeps a thread for documents that uploads cannot take (FILE_JOB_UPLOAD_THREADS)', async () => {
    process.env.FILE_JOB_THREADS = '2';
    delete process.env.FILE_JOB_UPLOAD_THREADS; // one fewer than the threads: one
    expect(loadWorkerPoolConfig().uploadThreads).toBe(1);
    const pool = new WorkerPoolService();
    try {
      await warm(pool);
      const [upA, upB, doc] = await Promise.all([
        pool.run(readSpan, 600, 'account-a'),
        pool.run(readSpan, 600, 'account-b'),
        pool.run(writeSpan, 100, 'account-c'),
      ]);
      // The uploads take turns on one thread; the document did not wait for either.
      expect(upB.started).toBeGreaterThanOrEqual(upA.ended);
      expect(doc.started).toBeLessThan(upA.ended);
    } finally {
      await pool.onModuleDestroy();
    }
  }, 30_000);

  it('loads a job module on a thread only when a job of that kind first runs there', async () => {
    process.env.FILE_JOB_THREADS = '1';
    const pool = new WorkerPoolService();
    try {
      // The workbook job is declared (above) but has not run: the thread has not loaded exceljs for it.
      expect(await pool.run(exceljsLoaded, undefined)).toBe(false);
      expect(await pool.run(workbookSheets, undefined)).toBe(0);
      expect(await pool.run(exceljsLoaded, undefined)).toBe(true);
    } finally {
      await pool.onModuleDestroy();
    }
  }, 30_000);

  it('starts no thread before the first job, and ends idle threads (a later job starts one anew)', async () => {
    const pool = new WorkerPool({
      name: 'IdleTest',
      threads: 2,
      nice: 0,
      timeoutMs: 10_000,
      maxQueue: 8,
      idleTimeoutMs: 100,
    });
    try {
      expect(pool.threadCount).toBe(0);
      await pool.run(busy, 0);
      expect(await eventually(() => pool.threadCount === 0)).toBe(true);
      expect(await pool.run(busy, 0)).toBeGreaterThanOrEqual(0);
    } finally {
      await pool.destroy();
    }
  }, 30_000);
});

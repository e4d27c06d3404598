import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Injectable, Logger, type OnModuleDestroy, ServiceUnavailableException } from '@nestjs/common';
import { Piscina } from 'piscina';
import { type FileJob, type FileJobMessage, knownJobModules } from './file-job.js';
import { loadWorkerPoolConfig, type WorkerPoolConfig } from './worker-pool.config.js';

export const POOL_BUSY = 'The server is busy with other files, please try again in a moment';
/** Seconds a client is told to wait when the pool's queue is full. */
export const POOL_BUSY_RETRY_AFTER = '5';

/** A job ran past FILE_JOB_TIMEOUT_MS and its thread was ended. A 503 unless the caller says otherwise. */
export class FileJobTimeoutError extends ServiceUnavailableException {
  constructor() {
    super({ error: POOL_BUSY });
  }
}

/** Every queue slot is taken: 503 with Retry-After, so the client retries instead of waiting in line. */
export class WorkerPoolBusyError extends ServiceUnavailableException {
  constructor() {
    super({ error: POOL_BUSY });
  }
}

/** A heap cap per thread: a hostile file can exhaust its worker, which is then ended, never the app's heap. */
const WORKER_HEAP_MB = 256;

/**
 * Runs CPU-heavy file jobs (reading an upload, writing an export or template, rendering a PDF) on a piscina pool of
 * worker threads, so the event loop keeps answering every other request (DESIGN.md, "Work that must not block").
 * Every job has a time limit; past it the job's thread is ended. When all threads are busy and the queue is full,
 * a job is refused at once rather than queued without end.
 *
 * The threads start from `file-job.worker.js` next to this file in the built app; when this file runs from its
 * TypeScript sources (under jest) they start from `ts-source-worker.mjs`, which loads the same dispatcher through tsx.
 */
@Injectable()
export class WorkerPoolService implements OnModuleDestroy {
  private readonly logger = new Logger('WorkerPool');
  private readonly config: WorkerPoolConfig = loadWorkerPoolConfig();
  private pool?: Piscina<FileJobMessage, unknown>;
  private readonly files = new Map<string, string>();

  /** Started on the first job, so an app that never touches a file (most test apps, a health probe) starts none. */
  private start(): Piscina<FileJobMessage, unknown> {
    const fromSources = import.meta.url.endsWith('.ts');
    const dispatcher = fileURLToPath(new URL(`./file-job.worker.${fromSources ? 'ts' : 'js'}`, import.meta.url));
    const pool = new Piscina<FileJobMessage, unknown>({
      filename: fromSources ? fileURLToPath(new URL('./ts-source-worker.mjs', import.meta.url)) : dispatcher,
      workerData: { dispatcher, preload: knownJobModules().map((module) => this.jobFile(module)) },
      minThreads: 1,
      maxThreads: this.config.threads,
      // A lower priority (Linux nice, through piscina's optional @napi-rs/nice) for the file threads: when uploads
      // and exports fill the cores, the scheduler still runs the event loop first, so other requests stay quick.
      niceIncrement: this.config.nice,
      maxQueue: this.config.maxQueue,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    // A thread that dies (out of memory, ended by a timeout) fails only its own job; piscina replaces it.
    pool.on('error', (error: Error) => this.logger.warn(`worker thread failed: ${error.message}`));
    return pool;
  }

  async run<Task, Result>(job: FileJob<Task, Result>, task: Task): Promise<Result> {
    this.pool ??= this.start();
    if (this.pool.queueSize >= this.config.maxQueue) throw new WorkerPoolBusyError();
    const signal = AbortSignal.timeout(this.config.timeoutMs);
    try {
      return (await this.pool.run({ file: this.jobFile(job.module), name: job.name, task }, { signal })) as Result;
    } catch (error) {
      if (signal.aborted) throw new FileJobTimeoutError();
      if (error instanceof Error && error.message === 'Task queue is at limit') throw new WorkerPoolBusyError();
      throw error;
    }
  }

  /** The job module's file: the compiled `.js` in the built app, its `.ts` source under jest. */
  private jobFile(module: URL): string {
    const known = this.files.get(module.href);
    if (known) return known;
    let file = fileURLToPath(module);
    if (!existsSync(file) && file.endsWith('.js') && existsSync(file.replace(/\.js$/, '.ts'))) {
      file = file.replace(/\.js$/, '.ts');
    }
    this.files.set(module.href, file);
    return file;
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }
}

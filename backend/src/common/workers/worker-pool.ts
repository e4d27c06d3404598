import { existsSync } from 'node:fs';
import { MessageChannel } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { Logger, ServiceUnavailableException } from '@nestjs/common';
import { Piscina } from 'piscina';
import { FairQueue } from './fair-queue.js';
import type { FileJob, FileJobMessage } from './file-job.js';
import type { WorkerPoolConfig } from './worker-pool.config.js';

export const POOL_BUSY = 'The server is busy with other files, please try again in a moment';

/** A job ran past its pool's time limit and its thread was ended. A 503 unless the caller says otherwise. */
export class FileJobTimeoutError extends ServiceUnavailableException {
  constructor(error = POOL_BUSY) {
    super({ error });
  }
}

/** Every queue slot is taken: 503 with Retry-After, so the client retries instead of waiting in line. */
export class WorkerPoolBusyError extends ServiceUnavailableException {
  constructor(error = POOL_BUSY) {
    super({ error });
  }
}

/** A heap cap per thread: a hostile file can exhaust its worker, which is then ended, never the app's heap. */
const WORKER_HEAP_MB = 256;
/**
 * Each thread's young generation (V8's nursery), capped. Left to grow, a thread loading its job modules (date-fns
 * alone is 250 ES modules) doubled it again and again and kept ~250 MiB for good; at 16 MiB it keeps ~70 MiB
 * (docs/PERFORMANCE.md, "Memory"), and a job's allocations are still collected young.
 */
const WORKER_YOUNG_MB = 16;

export interface WorkerPoolOptions extends Omit<WorkerPoolConfig, 'uploadThreads' | 'maxUnpackedBytes'> {
  /** Threads that may read uploads at once (default: all of them); the others are kept for documents. */
  uploadThreads?: number;
  /** Names the pool in logs. */
  name: string;
  /**
   * How long a thread may sit without work before it exits (default one minute). No thread is kept when idle: each
   * holds its own V8 heap and the modules its jobs loaded (exceljs, pdfkit and its fonts), tens of MiB apiece.
   */
  idleTimeoutMs?: number;
  /** What a refusal (busy or timed out) tells the person. */
  busyMessage?: string;
}

/**
 * A piscina pool of worker threads for CPU-heavy jobs, so the event loop keeps answering every other request
 * (docs/architecture.md, "Work that must not block"). Every job has a time limit; past it the job's thread is ended. When all
 * threads are busy and the queue is full, a job is refused at once rather than queued without end. The threads run
 * at a lower priority (Linux nice, through piscina's optional @napi-rs/nice): when jobs fill the cores, the
 * scheduler still runs the event loop first, so other requests stay quick.
 *
 * Jobs wait in a FairQueue rather than in piscina's own: an account runs one job at a time, accounts take turns,
 * and uploads never take the threads kept for documents. Piscina is handed at most one job per thread.
 *
 * The threads start from `file-job.worker.js` next to this file in the built app; when this file runs from its
 * TypeScript sources (under jest) they start from `ts-source-worker.mjs`, which loads the same dispatcher through tsx.
 */
export class WorkerPool {
  private readonly logger: Logger;
  private pool?: Piscina<FileJobMessage, unknown>;
  private readonly files = new Map<string, string>();
  private readonly queue: FairQueue;
  /** Names the jobs that come without an account, each its own turn. */
  private anonymous = 0;

  constructor(private readonly options: WorkerPoolOptions) {
    this.logger = new Logger(options.name);
    this.queue = new FairQueue({
      slots: options.threads,
      uploadSlots: Math.min(options.threads, options.uploadThreads ?? options.threads),
      maxWaiting: options.maxQueue,
    });
  }

  /** Started on the first job, so an app that never runs one (most test apps, a health probe) starts no thread. */
  private start(): Piscina<FileJobMessage, unknown> {
    const fromSources = import.meta.url.endsWith('.ts');
    const dispatcher = fileURLToPath(new URL(`./file-job.worker.${fromSources ? 'ts' : 'js'}`, import.meta.url));
    const pool = new Piscina<FileJobMessage, unknown>({
      filename: fromSources ? fileURLToPath(new URL('./ts-source-worker.mjs', import.meta.url)) : dispatcher,
      workerData: { dispatcher },
      minThreads: 0,
      maxThreads: this.options.threads,
      niceIncrement: this.options.nice,
      idleTimeout: this.options.idleTimeoutMs ?? 60_000,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
    });
    // A thread that dies (out of memory, ended by a timeout) fails only its own job; piscina replaces it.
    pool.on('error', (error: Error) => this.logger.warn(`worker thread failed: ${error.message}`));
    return pool;
  }

  /**
   * Runs `job` when its turn comes (see FairQueue): `account` is whose request it serves, so that account's jobs run
   * one at a time and take turns with other accounts'. Without one, the job takes its own turn.
   */
  async run<Task, Result>(job: FileJob<Task, Result>, task: Task, account?: string): Promise<Result> {
    this.pool ??= this.start();
    const busy = this.options.busyMessage;
    const key = account ?? `anonymous:${(this.anonymous += 1)}`;
    const lane = job.lane ?? 'document';
    await new Promise<void>((resolve, reject) => {
      if (!this.queue.enter(key, lane, resolve, () => reject(new WorkerPoolBusyError(busy)))) {
        reject(new WorkerPoolBusyError(busy));
      }
    });
    const pool = (this.pool ??= this.start());
    // The time limit runs from the moment the job starts on its thread: a job that waited in the (bounded) queue
    // behind others has done nothing wrong, and timing its wait ended good files on a busy pool.
    const timeout = new AbortController();
    const { port1: startedHere, port2: startedThere } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    startedHere.once('message', () => {
      timer = setTimeout(() => timeout.abort(), this.options.timeoutMs);
    });
    try {
      return (await pool.run(
        { file: this.jobFile(job.module), name: job.name, task, started: startedThere },
        { signal: timeout.signal, transferList: [startedThere] },
      )) as Result;
    } catch (error) {
      if (timeout.signal.aborted) throw new FileJobTimeoutError(busy);
      throw error;
    } finally {
      clearTimeout(timer);
      startedHere.close();
      this.queue.leave(key, lane);
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

  /** Worker threads running now, busy or idle (none before the first job, nor once idle ones have exited). */
  get threadCount(): number {
    return this.pool?.threads.length ?? 0;
  }

  /**
   * Ends the threads once the jobs running on them have finished (each is bounded by its time limit), so a replica
   * that stops never cuts an export or an invoice's PDF short; a later job starts a new pool.
   */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.close();
  }

  /** Ends the threads at once; a later job starts a new pool (test apps open and close in one process). */
  async destroy(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }
}

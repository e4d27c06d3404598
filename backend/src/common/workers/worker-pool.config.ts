import { availableParallelism } from 'node:os';
import { nonNegativeInt, positiveInt } from '../../config/app-config.js';

export interface WorkerPoolConfig {
  /**
   * Worker threads; default: one per core the process may use. One fewer was tried (docs/PERFORMANCE.md): on two
   * cores it halved export throughput, and 50 users exporting at once met the queue limit; the lower priority
   * below is what keeps the event loop answering.
   */
  threads: number;
  /** How much lower the worker threads run than the event loop (Linux nice increment, 0-19). */
  nice: number;
  /** Longest a job may run, from when it starts on its thread, before it is abandoned and its thread ended. */
  timeoutMs: number;
  /** Jobs that may wait for a thread; past that a request answers 503 with Retry-After. */
  maxQueue: number;
  /**
   * Threads that may read uploads at once; default one fewer than `threads` (at least one), so an export or a PDF
   * always finds a thread that uploads cannot take. With one thread nothing can be kept back.
   */
  uploadThreads: number;
  /**
   * The most an uploaded workbook may unpack to, all its parts together, read from the archive's directory before a
   * byte is inflated. A workbook is a zip: 470 KB can honestly unpack to 240 MB and hold a thread for seconds.
   */
  maxUnpackedBytes: number;
}

export function loadWorkerPoolConfig(): WorkerPoolConfig {
  const threads = positiveInt('FILE_JOB_THREADS', availableParallelism());
  return {
    threads,
    nice: Math.min(19, nonNegativeInt('FILE_JOB_NICE', 10)),
    timeoutMs: positiveInt('FILE_JOB_TIMEOUT_MS', 10_000),
    maxQueue: positiveInt('FILE_JOB_QUEUE', threads * 32),
    uploadThreads: Math.min(threads, positiveInt('FILE_JOB_UPLOAD_THREADS', Math.max(1, threads - 1))),
    maxUnpackedBytes: positiveInt('UPLOAD_UNPACKED_MAX_MB', 100) * 1024 * 1024,
  };
}

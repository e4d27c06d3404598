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
  /** Longest a job may take, queue wait included, before it is abandoned and its thread ended. */
  timeoutMs: number;
  /** Jobs that may wait for a thread; past that a request answers 503 with Retry-After. */
  maxQueue: number;
}

export function loadWorkerPoolConfig(): WorkerPoolConfig {
  const threads = positiveInt('FILE_JOB_THREADS', availableParallelism());
  return {
    threads,
    nice: Math.min(19, nonNegativeInt('FILE_JOB_NICE', 10)),
    timeoutMs: positiveInt('FILE_JOB_TIMEOUT_MS', 10_000),
    maxQueue: positiveInt('FILE_JOB_QUEUE', threads * 32),
  };
}

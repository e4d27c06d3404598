import { availableParallelism } from 'node:os';
import { nonNegativeInt, positiveInt } from '../../config/app-config.js';

export interface WorkerPoolConfig {
  /**
   * Worker threads; default: one core fewer than the process may use (at least one), so a burst of uploads and
   * exports leaves a core to the event loop that answers every other request.
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
  const threads = positiveInt('FILE_JOB_THREADS', Math.max(1, availableParallelism() - 1));
  return {
    threads,
    nice: Math.min(19, nonNegativeInt('FILE_JOB_NICE', 10)),
    timeoutMs: positiveInt('FILE_JOB_TIMEOUT_MS', 10_000),
    maxQueue: positiveInt('FILE_JOB_QUEUE', threads * 32),
  };
}

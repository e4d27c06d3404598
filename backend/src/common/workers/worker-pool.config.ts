import { availableParallelism } from 'node:os';
import { positiveInt } from '../../config/app-config.js';

export interface WorkerPoolConfig {
  /** Worker threads; default: one per core the process may use. */
  threads: number;
  /** Longest a job may take, queue wait included, before it is abandoned and its thread ended. */
  timeoutMs: number;
  /** Jobs that may wait for a thread; past that a request answers 503 with Retry-After. */
  maxQueue: number;
}

export function loadWorkerPoolConfig(): WorkerPoolConfig {
  const threads = positiveInt('FILE_JOB_THREADS', availableParallelism());
  return {
    threads,
    timeoutMs: positiveInt('FILE_JOB_TIMEOUT_MS', 10_000),
    maxQueue: positiveInt('FILE_JOB_QUEUE', threads * 32),
  };
}

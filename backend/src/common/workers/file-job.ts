import type { MessagePort } from 'node:worker_threads';
import type { FileJobLane } from './fair-queue.js';

/**
 * A CPU-heavy job that runs on the worker pool: a named export of a module, given by URL relative to the caller
 * (`new URL('./x.job.js', import.meta.url)`), so the pool never imports feature code itself. The export takes one
 * structured-clonable argument and answers a structured-clonable result (a Buffer arrives as a Uint8Array).
 */
export interface FileJob<Task, Result> {
  readonly module: URL;
  readonly name: string;
  /** 'upload' for reading a file someone sent (those never take the threads kept for documents); else 'document'. */
  readonly lane?: FileJobLane;
  /** Only carries the types; never set. */
  readonly __types?: (task: Task) => Result;
}

const jobModules = new Set<string>();

/** Declares a job; its module is also loaded by every worker thread as it starts (see `knownJobModules`). */
export function fileJob<Task, Result>(
  module: URL,
  name: string,
  lane: FileJobLane = 'document',
): FileJob<Task, Result> {
  jobModules.add(module.href);
  return { module, name, lane };
}

/**
 * Every job module declared so far (features declare theirs at import, before the pool starts on its first job).
 * A thread loads them before it takes work, so loading exceljs is never charged to a job's time limit: otherwise a
 * cold thread could run out of time while loading, be ended, and its successor start over.
 */
export const knownJobModules = (): URL[] => [...jobModules].map((href) => new URL(href));

/** What the dispatcher in each worker thread receives. */
export interface FileJobMessage {
  /** Absolute path of the job module. */
  file: string;
  name: string;
  task: unknown;
  /** Told when the job starts on its thread, so its time limit counts from then, not from its place in the queue. */
  started?: MessagePort;
}

/** A Buffer again after the trip through structured clone, without copying. */
export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

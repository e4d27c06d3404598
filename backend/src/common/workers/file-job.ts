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

/** Declares a job; a worker thread loads its module when the first job of this kind reaches it. */
export function fileJob<Task, Result>(
  module: URL,
  name: string,
  lane: FileJobLane = 'document',
): FileJob<Task, Result> {
  return { module, name, lane };
}

/** What the dispatcher in each worker thread receives. */
export interface FileJobMessage {
  /** Absolute path of the job module. */
  file: string;
  name: string;
  task: unknown;
  /**
   * Told when the job starts on its thread (its module loaded), so its time limit counts from then, not from its place
   * in the queue nor while its module loads.
   */
  started?: MessagePort;
}

/** A Buffer again after the trip through structured clone, without copying. */
export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

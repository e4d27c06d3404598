import { pathToFileURL } from 'node:url';
import { workerData } from 'piscina';
import type { FileJobMessage } from './file-job.js';

// Piscina marks a thread ready only once this module has loaded, so the job modules load before any job is timed.
const { preload = [] } = (workerData ?? {}) as { preload?: string[] };
await Promise.all(preload.map((file) => import(pathToFileURL(file).href)));

type JobModule = Record<string, ((task: unknown) => unknown) | undefined>;

/** The worker thread's entry (piscina calls the default export): runs the named export of the job's module. */
export default async function runFileJob({ file, name, task, started }: FileJobMessage): Promise<unknown> {
  started?.postMessage('started');
  started?.close();
  const job = ((await import(pathToFileURL(file).href)) as JobModule)[name];
  if (typeof job !== 'function') throw new Error(`${file} has no job named ${name}`);
  return job(task);
}

import { pathToFileURL } from 'node:url';
import type { FileJobMessage } from './file-job.js';

type JobModule = Record<string, ((task: unknown) => unknown) | undefined>;

/**
 * The worker thread's entry (piscina calls the default export): runs the named export of the job's module. A thread
 * loads a job's module only when a job of that kind first reaches it, so a thread that has only read uploads holds
 * no PDF fonts and a password thread no exceljs. The module loads before the job is told to have started, so loading
 * exceljs is never charged to the job's time limit: a cold thread cannot run out of time while loading.
 */
export default async function runFileJob({ file, name, task, started }: FileJobMessage): Promise<unknown> {
  const job = ((await import(pathToFileURL(file).href)) as JobModule)[name];
  started?.postMessage('started');
  started?.close();
  if (typeof job !== 'function') throw new Error(`${file} has no job named ${name}`);
  return job(task);
}

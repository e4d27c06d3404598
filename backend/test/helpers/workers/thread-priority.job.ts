import { getPriority } from 'node:os';

/** A test job: the scheduling priority (nice value) of the worker thread that runs it. */
export function threadPriority(): number {
  return getPriority();
}

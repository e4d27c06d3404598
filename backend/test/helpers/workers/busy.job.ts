/** A test job: keeps its thread busy for `ms` milliseconds, as a slow file would, then answers how long it ran. */
export function busy(ms: number): number {
  const started = Date.now();
  while (Date.now() - started < ms) {
    // Spinning on purpose: the job must hold its thread, not yield it.
  }
  return Date.now() - started;
}

/** A test job: holds its thread for `ms` milliseconds and answers when it started and ended (Date.now()). */
export function span(ms: number): { started: number; ended: number } {
  const started = Date.now();
  while (Date.now() - started < ms) {
    // Spinning on purpose: the job must hold its thread, not yield it.
  }
  return { started, ended: Date.now() };
}

/**
 * Polls `probe` until it answers something truthy, and answers that; gives up after `ms` naming `what`. For what an
 * app does in the background (a job's run, an e-mail's delivery), whose timing a test does not control.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  ms = 30_000,
  everyMs = 25,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

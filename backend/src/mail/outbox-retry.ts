/** The longest wait between two tries of one e-mail, however many failed before. */
export const MAX_RETRY_DELAY_MS = 60 * 60_000;

/**
 * When a message that failed its `attempts`-th try is tried next: `baseMs` doubled per failure, at most an hour;
 * null once the message is older than `giveUpMs` (then it is marked failed and an error is logged).
 */
export function nextAttemptAt(
  attempts: number,
  createdAt: Date,
  now: Date,
  baseMs: number,
  giveUpMs: number,
): Date | null {
  if (now.getTime() - createdAt.getTime() >= giveUpMs) return null;
  const delay = Math.min(baseMs * 2 ** Math.min(attempts - 1, 30), MAX_RETRY_DELAY_MS);
  return new Date(now.getTime() + delay);
}

/** Counts hits per key in fixed windows. In memory for one process; docs/architecture.md wants Redis when REDIS_URL is set. */
export interface RateLimitStore {
  /** Adds a hit and answers how many hits the key has in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  /** How many hits the key has in the current window, without adding one. */
  peek(key: string): Promise<number>;
  /**
   * Counts one more request in progress under `key` and answers how many there are now. `ttlMs` bounds how long a
   * count can outlive a process that died before `leave`.
   */
  enter(key: string, ttlMs: number): Promise<number>;
  /** Counts one request under `key` as finished. */
  leave(key: string): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly inProgress = new Map<string, number>();

  async enter(key: string): Promise<number> {
    const count = (this.inProgress.get(key) ?? 0) + 1;
    this.inProgress.set(key, count);
    return count;
  }

  async leave(key: string): Promise<void> {
    const count = (this.inProgress.get(key) ?? 0) - 1;
    if (count > 0) this.inProgress.set(key, count);
    else this.inProgress.delete(key);
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const now = Date.now();
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      this.sweep(now);
      this.windows.set(key, { count: 1, resetAt: now + windowMs });
      return 1;
    }
    current.count += 1;
    return current.count;
  }

  async peek(key: string): Promise<number> {
    const current = this.windows.get(key);
    return current && current.resetAt > Date.now() ? current.count : 0;
  }

  /** Drops finished windows so a flood of distinct clients cannot grow the map without bound. */
  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

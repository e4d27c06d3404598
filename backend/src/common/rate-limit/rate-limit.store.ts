/** Counts hits per key in fixed windows. In memory for one process; DESIGN.md wants Redis when REDIS_URL is set. */
export interface RateLimitStore {
  /** Adds a hit and answers how many hits the key has in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

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

  /** Drops finished windows so a flood of distinct clients cannot grow the map without bound. */
  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

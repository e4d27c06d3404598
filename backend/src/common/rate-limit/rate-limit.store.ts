import { randomUUID } from 'node:crypto';

/** Counts hits per key in fixed windows. In memory for one process; docs/architecture.md wants Redis when REDIS_URL is set. */
export interface RateLimitStore {
  /** Adds a hit and answers how many hits the key has in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  /**
   * Takes one of `limit` slots under `key` as a lease of its own that ends after `leaseMs` whatever happens to the
   * process holding it; null when all are taken. A refused attempt changes no lease: it only drops expired ones.
   */
  takeLease(key: string, limit: number, leaseMs: number): Promise<Lease | null>;
  /** Takes back one hit of the key's current window (a reserved attempt that was refused before it was used). */
  release(key: string): Promise<void>;
  /** Starts the key's window over: it has no hits. */
  clear(key: string): Promise<void>;
  /** Text kept under `key` by `write`, or null once it expired. */
  read(key: string): Promise<string | null>;
  /** Keeps `value` under `key` for `ttlMs`. */
  write(key: string, value: string, ttlMs: number): Promise<void>;
}

/** One slot taken by `takeLease`: given back in the holder's `finally`, or ended by its expiry if the holder died. */
export interface Lease {
  readonly id: string;
  /** When the slot frees itself if it is never released (epoch milliseconds). */
  readonly expiresAt: number;
  release(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly leases = new Map<string, Map<string, number>>();
  private readonly texts = new Map<string, { value: string; expiresAt: number }>();

  async takeLease(key: string, limit: number, leaseMs: number): Promise<Lease | null> {
    const now = Date.now();
    const held = this.leases.get(key) ?? new Map<string, number>();
    for (const [id, expiresAt] of held) if (expiresAt <= now) held.delete(id);
    if (held.size >= limit) return null;
    const id = randomUUID();
    const expiresAt = now + leaseMs;
    held.set(id, expiresAt);
    this.leases.set(key, held);
    return {
      id,
      expiresAt,
      release: async () => {
        held.delete(id);
        if (held.size === 0 && this.leases.get(key) === held) this.leases.delete(key);
      },
    };
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

  async release(key: string): Promise<void> {
    const current = this.windows.get(key);
    if (current && current.count > 0) current.count -= 1;
  }

  async clear(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async read(key: string): Promise<string | null> {
    const entry = this.texts.get(key);
    return entry && entry.expiresAt > Date.now() ? entry.value : null;
  }

  async write(key: string, value: string, ttlMs: number): Promise<void> {
    const now = Date.now();
    // Bounded like the windows: past 10,000 texts the expired go, then the oldest written.
    if (this.texts.size >= 10_000) {
      for (const [name, entry] of this.texts) if (entry.expiresAt <= now) this.texts.delete(name);
      for (const name of this.texts.keys()) {
        if (this.texts.size < 9_000) break;
        this.texts.delete(name);
      }
    }
    this.texts.delete(key); // re-inserted at the end: the map's order is the eviction order
    this.texts.set(key, { value, expiresAt: now + ttlMs });
  }

  /** Drops finished windows so a flood of distinct clients cannot grow the map without bound. */
  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

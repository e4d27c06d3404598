/**
 * Stops calling a dependency that keeps failing: after `failures` failures in a row it is open for `coolDownMs`
 * (callers use their fallback without waiting on it), then lets one call through as a probe; a success closes it.
 * Pure, with the clock passed in, so its states are unit-tested without a network.
 */
export class CircuitBreaker {
  private consecutive = 0;
  private openUntil = 0;

  constructor(
    private readonly failures: number,
    private readonly coolDownMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether this call may go to the dependency; while half-open, only the first caller gets to probe. */
  allows(): boolean {
    if (this.consecutive < this.failures) return true;
    const now = this.now();
    if (now < this.openUntil) return false;
    this.openUntil = now + this.coolDownMs; // the probe's turn: everyone else keeps using the fallback meanwhile
    return true;
  }

  /** True while the dependency is taken as unhealthy (open or probing). */
  get open(): boolean {
    return this.consecutive >= this.failures;
  }

  succeeded(): void {
    this.consecutive = 0;
    this.openUntil = 0;
  }

  failed(): void {
    this.consecutive += 1;
    if (this.consecutive === this.failures) this.openUntil = this.now() + this.coolDownMs;
  }
}

/**
 * The time every billing decision reads (trials, renewals, grace, invoice dates). Injected so tests can move it
 * forward a month in a line instead of waiting; production always gets the system clock.
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock the API tests move. Only registered when NODE_ENV=test (see BillingModule). */
export class MovableClock extends Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}

/** Only the API tests may move time; any other environment, production included, reads the system clock. */
export const clockFor = (nodeEnv: string): Clock => (nodeEnv === 'test' ? new MovableClock() : new SystemClock());

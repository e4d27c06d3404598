import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { RetryLaterException } from '../common/filters/retry-later.exception.js';
import { SharedCounters } from '../common/rate-limit/shared-counters.js';

export const ACCOUNT_LOCKED =
  'Too many failed sign-ins for this account from this address, please wait 15 minutes and try again';
export const SIGN_IN_SLOWED =
  'Many failed sign-ins for this account: sign-ins from new addresses are spaced out, please try again in a few seconds';

/** A client that signed in to an account is known to it this long: the ceiling's spacing does not apply to it. */
const KNOWN_CLIENT_MS = 30 * 24 * 60 * 60_000;
/** How long a lift (password reset) is remembered; longer than any failure window, so no lifted count comes back. */
const LIFT_MS = 30 * 24 * 60 * 60_000;
/** The first wait between two sign-ins past the ceiling; each failure past it doubles it, up to LOGIN_BACKOFF_MAX_SECONDS. */
const FIRST_BACKOFF_MS = 1000;

/** One sign-in attempt, counted before its password is checked; the caller settles it with the outcome. */
export interface LoginAttempt {
  /** The password was right: this client's failures and the address's ceiling count start over. */
  succeeded(): Promise<void>;
  /** The password was wrong; true when this failure reached the address's ceiling (once per window): tell the owner. */
  failed(): Promise<boolean>;
}

/**
 * Failed sign-ins (README, Sign-in limits). Each (e-mail, client address) pair has LOGIN_FAILURE_LIMIT attempts per
 * LOGIN_FAILURE_WINDOW_MINUTES, then answers 429 until the window ends: a guesser locks out only its own address, never
 * the owner's. Every client's failures on one e-mail also add up to LOGIN_EMAIL_FAILURE_CEILING; past it, clients that
 * have not signed in to the account before get one password check per interval (1 s, doubling with each failure, up to
 * LOGIN_BACKOFF_MAX_SECONDS) and 429 with that Retry-After between: an attack from many addresses slows to a trickle
 * while the owner's own browser signs in as usual. The owner is e-mailed when the ceiling is reached. A successful
 * sign-in starts its client's count and the ceiling's over; a password reset lifts every count of the address.
 *
 * A browser that signed in to the address before and shows its device cookie (DeviceCookies) is counted apart: its
 * own LOGIN_FAILURE_LIMIT per window, no ceiling, no turn, so an attack that uses up the unknown clients' checks
 * leaves the owner's known browsers signing in from any address.
 *
 * An attempt is counted before its password is checked, so a hundred guesses sent at once get no more checks than a
 * hundred sent one by one. Counters are the app's SharedCounters (Redis when REDIS_URL is set and
 * answers, else this process), as every limit's are.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: SharedCounters,
  ) {}

  /**
   * Counts a sign-in of `email` from `client` before its password is checked, or refuses it (429) when the pair has
   * used its attempts or the address is past its ceiling and this client must wait its turn. `device` is the id of
   * a browser its device cookie proves signed in to this address before (DeviceCookies): it has a budget of its own.
   */
  async reserve(rawEmail: string, client: string, device: string | null = null): Promise<LoginAttempt> {
    const email = rawEmail.toLowerCase();
    const window = this.config.loginFailureWindowMs;
    if (device !== null) return this.reserveKnownDevice(email, device);
    const [lift, knownMark] = await Promise.all([
      this.store.read(`login-lift:${email}`),
      this.store.read(`login-known:${email}:${client}`),
    ]);
    const epoch = lift ?? 'none';
    const known = knownMark !== null;
    const pairKey = `login-failures:${epoch}:${email}:${client}`;
    const ceilingKey = `login-failures:${epoch}:${email}`;
    if ((await this.store.hit(pairKey, window)) > this.config.loginFailureLimit) {
      const minutes = Math.round(window / 60_000);
      throw new RetryLaterException(ACCOUNT_LOCKED.replace('15 minutes', `${minutes} minutes`), window / 1000);
    }
    // The ceiling is reserved too, not peeked: a read before the check would let a burst from many addresses all
    // see "below the ceiling" and all reach the password check.
    const total = await this.store.hit(ceilingKey, window);
    const ceiling = this.config.loginEmailFailureCeiling;
    if (!known && total > ceiling) {
      const waitMs = Math.min(FIRST_BACKOFF_MS * 2 ** Math.min(total - ceiling - 1, 20), this.config.loginBackoffMaxMs);
      const turn = await this.store.hit(`login-turn:${epoch}:${email}`, waitMs);
      if (turn > 1) {
        // Refused before any check: not a failure, so it neither lengthens the next wait nor uses the pair's tries.
        await this.store.release(ceilingKey);
        await this.store.release(pairKey);
        throw new RetryLaterException(SIGN_IN_SLOWED, Math.ceil(waitMs / 1000));
      }
    }
    return {
      succeeded: async () => {
        await this.store.clear(pairKey);
        await this.store.clear(ceilingKey);
        await this.store.write(`login-known:${email}:${client}`, '1', KNOWN_CLIENT_MS);
      },
      failed: async () => total === this.config.loginEmailFailureCeiling && this.noticeDue('sign-in-ceiling', email),
    };
  }

  /**
   * A known device's sign-in: LOGIN_FAILURE_LIMIT attempts per window for this device and address, counted apart from
   * the client addresses' pairs and the ceiling. Those are what an attacker from many addresses uses up; the device
   * cookie cannot be had without the password, so an attack leaves the owner's browsers their own checks. Its failures
   * do not add to the ceiling, and its success does not start the ceiling over: the owner signing in in the middle of
   * an attack must not hand the attacker a fresh set of checks from new addresses.
   */
  private async reserveKnownDevice(email: string, device: string): Promise<LoginAttempt> {
    const window = this.config.loginFailureWindowMs;
    const epoch = (await this.store.read(`login-lift:${email}`)) ?? 'none';
    const deviceKey = `login-failures:${epoch}:${email}:device:${device}`;
    if ((await this.store.hit(deviceKey, window)) > this.config.loginFailureLimit) {
      const minutes = Math.round(window / 60_000);
      throw new RetryLaterException(ACCOUNT_LOCKED.replace('15 minutes', `${minutes} minutes`), window / 1000);
    }
    return {
      succeeded: async () => this.store.clear(deviceKey),
      failed: async () => false,
    };
  }

  /** True for the first notice of this kind to this address in a failure window: no mailbox gets flooded. */
  async noticeDue(kind: string, email: string): Promise<boolean> {
    const key = `notice:${kind}:${email.toLowerCase()}`;
    return (await this.store.hit(key, this.config.loginFailureWindowMs)) === 1;
  }

  /** Lifts every count of the address (a password reset: whoever reset it holds the mailbox). */
  async lift(email: string): Promise<void> {
    await this.store.write(`login-lift:${email.toLowerCase()}`, randomUUID(), LIFT_MS);
  }
}

import { describe, expect, it } from '@jest/globals';
import { MAX_RETRY_DELAY_MS, nextAttemptAt } from './outbox-retry.js';

describe('nextAttemptAt', () => {
  const created = new Date('2026-11-26T00:00:00Z');
  const at = (ms: number) => new Date(created.getTime() + ms);
  const DAY = 24 * 60 * 60_000;

  it('doubles the wait with each failure, from the base', () => {
    expect(nextAttemptAt(1, created, at(0), 30_000, DAY)).toEqual(at(30_000));
    expect(nextAttemptAt(2, created, at(0), 30_000, DAY)).toEqual(at(60_000));
    expect(nextAttemptAt(4, created, at(1_000), 30_000, DAY)).toEqual(at(1_000 + 240_000));
  });

  it('never waits more than an hour between tries', () => {
    expect(nextAttemptAt(40, created, at(0), 30_000, DAY)).toEqual(at(MAX_RETRY_DELAY_MS));
  });

  it('gives up once the message is as old as the give-up time', () => {
    expect(nextAttemptAt(3, created, at(DAY - 1), 30_000, DAY)).not.toBeNull();
    expect(nextAttemptAt(3, created, at(DAY), 30_000, DAY)).toBeNull();
  });
});

import { describe, expect, it } from '@jest/globals';
import { clockFor, MovableClock, SystemClock } from './clock.js';

describe('clockFor', () => {
  it('gives production and development the system clock, which cannot be moved', () => {
    expect(clockFor('production')).toBeInstanceOf(SystemClock);
    expect(clockFor('development')).toBeInstanceOf(SystemClock);
    expect('advance' in clockFor('production')).toBe(false);
  });

  it('gives the tests a clock they can move forward and reset', () => {
    const clock = clockFor('test') as MovableClock;
    expect(clock).toBeInstanceOf(MovableClock);
    const before = clock.now().getTime();
    clock.advance(86_400_000);
    expect(clock.now().getTime() - before).toBeGreaterThanOrEqual(86_400_000);
    clock.reset();
    expect(clock.now().getTime() - before).toBeLessThan(86_400_000);
  });
});

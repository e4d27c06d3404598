import { describe, expect, it } from '@jest/globals';
import { CircuitBreaker } from './circuit-breaker.js';

describe('CircuitBreaker', () => {
  const at = (start = 0) => {
    const clock = { now: start };
    return { clock, breaker: new CircuitBreaker(3, 5_000, () => clock.now) };
  };

  it('stays closed until three failures in a row, a success in between starting the count over', () => {
    const { breaker } = at();
    breaker.failed();
    breaker.failed();
    breaker.succeeded();
    breaker.failed();
    breaker.failed();
    expect(breaker.open).toBe(false);
    expect(breaker.allows()).toBe(true);
    breaker.failed();
    expect(breaker.open).toBe(true);
    expect(breaker.allows()).toBe(false);
  });

  it('lets one probe through after the cool-down, and closes when it succeeds', () => {
    const { clock, breaker } = at();
    for (let i = 0; i < 3; i += 1) breaker.failed();
    clock.now = 4_999;
    expect(breaker.allows()).toBe(false);
    clock.now = 5_000;
    expect(breaker.allows()).toBe(true);
    expect(breaker.allows()).toBe(false);
    breaker.succeeded();
    expect(breaker.open).toBe(false);
    expect(breaker.allows()).toBe(true);
  });

  it('stays open for another cool-down when the probe fails', () => {
    const { clock, breaker } = at();
    for (let i = 0; i < 3; i += 1) breaker.failed();
    clock.now = 5_000;
    expect(breaker.allows()).toBe(true);
    breaker.failed();
    clock.now = 9_999;
    expect(breaker.allows()).toBe(false);
    clock.now = 10_000;
    expect(breaker.allows()).toBe(true);
  });
});

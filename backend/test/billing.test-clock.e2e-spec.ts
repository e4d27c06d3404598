import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Clock, type MovableClock } from '../src/common/clock/clock.js';
import { TestingModule, testOnlyModules } from '../src/testing/testing.module.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The browser tests' handle on the billing clock (POST /api/test/clock/advance). */
describe('test clock route', () => {
  let t: TestApp;
  let clock: MovableClock;
  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(Clock) as MovableClock;
  });
  afterEach(() => clock.reset());
  afterAll(() => t.close());

  it('moves the billing clock forward by whole days', async () => {
    const res = await t.http.post('/api/test/clock/advance').send({ days: 15 }).expect(200);
    const moved = new Date(res.body.now).getTime() - Date.now();
    expect(moved).toBeGreaterThan(15 * DAY_MS - 60_000);
    expect(moved).toBeLessThan(15 * DAY_MS + 60_000);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(15 * DAY_MS - 60_000);
  });

  it('refuses a move that is not a positive whole number of days', async () => {
    await t.http.post('/api/test/clock/advance').send({ days: 0 }).expect(400);
    await t.http.post('/api/test/clock/advance').send({ days: 1.5 }).expect(400);
  });

  it('mounts the clock and the report seed only when NODE_ENV is test', () => {
    expect(testOnlyModules('test')).toEqual([TestingModule]);
    expect(testOnlyModules('production')).toEqual([]);
    expect(testOnlyModules('development')).toEqual([]);
  });
});

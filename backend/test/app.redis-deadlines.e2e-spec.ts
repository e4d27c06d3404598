import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { captureLogs, type LogCapture } from './helpers/log-capture.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

/** A "Redis" that accepts connections and never answers a byte: the fault that used to stall every limited route. */
async function silentRedis(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const redisWarnings = (logs: LogCapture) =>
  logs.lines().filter((line) => String(line.msg ?? '').startsWith('Redis unavailable'));

/**
 * Redis is a dependency with a deadline (docs/operations.md): every call waits at most REDIS_TIMEOUT_MS, a circuit
 * breaker stops calling a Redis that keeps failing, the limits count per replica meanwhile and say so once a minute,
 * and start-up never waits for it. The readiness view reports it; the liveness answer stays one query.
 */
describe('a Redis that accepts connections and never answers', () => {
  let silent: Awaited<ReturnType<typeof silentRedis>>;
  let plain: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    silent = await silentRedis();
    plain = await createTestApp();
    account = await registerAccount(plain.http, {}, { subscribed: false });
  });
  afterAll(async () => {
    await plain.close();
    await silent.close();
  });

  it('lets a new instance start and listen, and its first sign-ins answer within 1 s each', async () => {
    const t = await createTestApp({ REDIS_URL: silent.url });
    const server = await t.app.listen(0, '127.0.0.1');
    try {
      const http = request(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      await http.get('/api/health').expect(200);
      for (let i = 0; i < 5; i += 1) {
        const started = Date.now();
        await http.post('/api/auth/login').send({ email: account.user.email, password: account.password }).expect(200);
        expect(Date.now() - started).toBeLessThan(1_000);
      }
    } finally {
      await t.close();
    }
  }, 30_000);

  it('keeps the limits, per replica, while Redis is silent, and warns once, not per request', async () => {
    const logs = captureLogs();
    const t = await createTestApp(
      { REDIS_URL: silent.url, AUTH_RATE_LIMIT: '5', LOG_LEVEL: 'warn' },
      { logDestination: logs.stream },
    );
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        const res = await t.http.post('/api/auth/login').send({ email: account.user.email, password: 'wrong-guess' });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      expect(redisWarnings(logs)).toHaveLength(1);
      expect(redisWarnings(logs)[0].level).toBe(40);
    } finally {
      await t.close();
    }
  }, 30_000);

  it('answers readiness with Redis down and the database up, while liveness stays 200', async () => {
    const t = await createTestApp({ REDIS_URL: silent.url });
    try {
      await t.http.get('/api/health').expect(200, { status: 'ok', database: 'up' });
      const ready = await t.http.get('/api/health/ready').expect(200);
      expect(ready.body).toEqual({ status: 'degraded', database: 'up', redis: 'down' });
    } finally {
      await t.close();
    }
  });

  it('answers readiness with every dependency up when none is silent', async () => {
    const ready = await plain.http.get('/api/health/ready').expect(200);
    expect(ready.body).toEqual({ status: 'ok', database: 'up', redis: 'not configured' });
  });
});

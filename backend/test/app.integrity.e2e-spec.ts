import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, isErrorShape } from './helpers/load/api-client.js';
import { SimulatedUser } from './helpers/load/simulated-user.js';
import { verifyLedgers } from './helpers/load/verify-ledgers.js';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Fifty clerks on the real, listening app for a bounded time; then PostgreSQL is compared with what each of them
 * was told. Durations are bounds on the run, not performance assertions (INTEGRITY_SECONDS lengthens them locally).
 */
const USERS = 50;
const SECONDS = Number(process.env.INTEGRITY_SECONDS ?? 12);
const databaseUrl = () => process.env.DATABASE_URL!;

async function listen(t: TestApp): Promise<ApiClient> {
  await t.app.listen(0, '127.0.0.1');
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return new ApiClient(`http://127.0.0.1:${port}`);
}

const acknowledged = (users: SimulatedUser[]) => users.reduce((n, u) => n + u.acknowledgedAt.length, 0);

function doneByKind(users: SimulatedUser[]): Record<string, number> {
  const total: Record<string, number> = {};
  for (const user of users) for (const [kind, n] of Object.entries(user.done)) total[kind] = (total[kind] ?? 0) + n;
  return total;
}

/** INTEGRITY_REPORT=1 prints what a run did, for docs/PERFORMANCE.md; the assertions never depend on it. */
function report(label: string, users: SimulatedUser[], api: ApiClient): void {
  if (!process.env.INTEGRITY_REPORT) return;
  const live = users.reduce((n, u) => n + u.ledger.live.size, 0);
  const deleted = users.reduce((n, u) => n + u.ledger.deleted.size, 0);
  const uncertain = users.reduce((n, u) => n + u.ledger.uncertainCreates.size + u.ledger.maybeDeleted.size, 0);
  console.log(
    `${label}: ${acknowledged(users)} acknowledged writes ${JSON.stringify(doneByKind(users))}, ${live} live and ${deleted} deleted reports verified, ` +
      `${uncertain} unanswered writes, ${api.serverErrors.length} 5xx (${api.serverErrors.filter((e) => e.status === 503).length} of them 503)`,
  );
}

describe('integrity under load', () => {
  describe('50 concurrent users', () => {
    let t: TestApp;
    let api: ApiClient;
    beforeAll(async () => {
      t = await createTestApp();
      api = await listen(t);
    });
    afterAll(() => t.close());

    it(
      'keeps every acknowledged write, no deleted report, consistent totals, and never answers 5xx',
      async () => {
        // The planned run, then on until every kind of write has been acknowledged at least once (at most 30 s
        // more): on a busy machine signing fifty users up takes most of the planned seconds.
        const users = Array.from({ length: USERS }, (_, i) => new SimulatedUser(api, i));
        const plannedEnd = Date.now() + SECONDS * 1000;
        const everyKindDone = () => {
          const done = doneByKind(users);
          return ['create', 'edit', 'finalise', 'delete', 'export'].every((kind) => (done[kind] ?? 0) > 0);
        };
        const until = () => (Date.now() < plannedEnd || everyKindDone() ? plannedEnd : plannedEnd + 30_000);
        await Promise.all(users.map((user) => user.run(until)));
        report('steady load', users, api);
        expect(users.every((u) => u.userId)).toBe(true);
        // Not vacuous: every kind of write was acknowledged during the run (counts depend on the machine's load).
        expect(doneByKind(users)).toEqual({
          create: expect.any(Number),
          edit: expect.any(Number),
          finalise: expect.any(Number),
          delete: expect.any(Number),
          export: expect.any(Number),
        });
        expect(Math.min(...Object.values(doneByKind(users)))).toBeGreaterThan(0);
        expect(await verifyLedgers(databaseUrl(), users)).toEqual([]);
        expect(api.serverErrors).toEqual([]);
      },
      (SECONDS + 90) * 1000,
    );
  });

  describe('50 concurrent users while the database connection is cut and restored', () => {
    const CUT_AFTER_MS = 3000;
    const CUT_FOR_MS = 3000;
    let t: TestApp;
    let api: ApiClient;
    let proxy: TcpProxy;
    beforeAll(async () => {
      const real = new URL(databaseUrl());
      proxy = await startTcpProxy(real.hostname, Number(real.port || 5432));
      const throughProxy = new URL(real);
      throughProxy.hostname = '127.0.0.1';
      throughProxy.port = String(proxy.port);
      t = await createTestApp({ DATABASE_URL: throughProxy.toString() });
      process.env.DATABASE_URL = real.toString(); // the verifier reads PostgreSQL directly, not through the proxy
      api = await listen(t);
    });
    afterAll(async () => {
      await t.close();
      await proxy.close();
    });

    it(
      'recovers without a restart, answers only 503 in the one error shape meanwhile, and loses no acknowledged write',
      async () => {
        let cutAt = 0;
        let restoredAt = 0;
        const outage = (async () => {
          await new Promise((ok) => setTimeout(ok, CUT_AFTER_MS));
          cutAt = Date.now();
          proxy.cut();
          await new Promise((ok) => setTimeout(ok, CUT_FOR_MS));
          proxy.restore();
          restoredAt = Date.now();
        })();
        // The planned run, then on until a write after the restore is acknowledged (at most 30 s more): what is
        // checked is that the app serves again without a restart, and on a busy machine the pool reconnects later.
        const users = Array.from({ length: USERS }, (_, i) => new SimulatedUser(api, i));
        const plannedEnd = Date.now() + SECONDS * 1000;
        const servedAgain = () =>
          restoredAt > 0 && users.some((u) => u.acknowledgedAt.some((at) => at > restoredAt + 1000));
        const until = () => (Date.now() < plannedEnd || servedAgain() ? plannedEnd : plannedEnd + 30_000);
        await Promise.all(users.map((user) => user.run(until)));
        await outage;
        report('with a database outage', users, api);

        expect(users.every((u) => u.userId)).toBe(true);
        expect(await verifyLedgers(databaseUrl(), users)).toEqual([]);
        // The cut was felt (not vacuous), and answered as documented: 503 with the one error shape, never a 500.
        expect(api.serverErrors.length).toBeGreaterThan(0);
        expect(api.serverErrors.filter((e) => e.status !== 503 || !isErrorShape(e.body))).toEqual([]);
        // … and only in the outage window, plus a margin: a request that queued for a connection during the cut
        // gives up after the pool's 5 s connect timeout, and a loaded machine takes a moment more to answer.
        expect(api.serverErrors.filter((e) => e.at < cutAt || e.at > restoredAt + 10_000)).toEqual([]);
        // The app served again, without a restart: writes were acknowledged after the restore, and health is up.
        expect(users.some((u) => u.acknowledgedAt.some((at) => at > restoredAt + 1000))).toBe(true);
        expect(cutAt).toBeGreaterThan(0);
        const health = await api.call('GET', '/api/health');
        expect(health).toMatchObject({ kind: 'ack', body: { status: 'ok', database: 'up' } });
      },
      (SECONDS + 90) * 1000,
    );
  });
});

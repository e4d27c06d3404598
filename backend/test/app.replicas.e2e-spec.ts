import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { migrations } from '../src/database/migrations/index.js';
import { daysBefore, daysBetween, quarterDueDate, quarterOf, shiftQuarter, todayIn } from '../src/ifta/index.js';
import { startFakeRedis, type FakeRedis } from './helpers/fake-redis.js';
import { ApiClient } from './helpers/load/api-client.js';
import type { Outcome } from './helpers/load/ledger.js';
import { SimulatedUser } from './helpers/load/simulated-user.js';
import { verifyLedgers } from './helpers/load/verify-ledgers.js';
import { ensureBackendBuilt } from './helpers/replicas/built-app.js';
import { ReplicaProcess } from './helpers/replicas/replica-process.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './helpers/replicas/round-robin-proxy.js';
import { testPorts } from './helpers/replicas/test-ports.js';

/**
 * Many replicas, one truth (docs/operations.md, Scaling): the BUILT app (backend/dist/main.js) runs as separate processes on one
 * fresh PostgreSQL database, behind a round-robin proxy written here (the part Caddy plays in docker-compose.yml).
 * Load runs last until enough writes were acknowledged, not a fixed time, so a busy machine slows them but never
 * makes them vacuous; the time limits are bounds, not performance assertions.
 */
const USERS = 20;
const JOB_INTERVAL_MS = 250;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const acknowledgedWrites = (users: SimulatedUser[]) => users.reduce((n, u) => n + u.acknowledgedAt.length, 0);

/** Records the calls that got no answer (a failed request), which the ledger only marks as uncertain. */
class RecordingApiClient extends ApiClient {
  readonly unanswered: Array<{ at: number; call: string; outcome: Outcome }> = [];

  override async call(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Outcome> {
    const outcome = await super.call(method, path, token, body, headers);
    if (outcome.kind === 'unknown') this.unanswered.push({ at: Date.now(), call: `${method} ${path}`, outcome });
    return outcome;
  }
}

let serverUrl: URL;
let databaseName: string;
let databaseUrl: string;
let ports: number[];
const dataDir = mkdtempSync(join(tmpdir(), 'ifta-replicas-'));
const jwtSecret = randomBytes(36).toString('base64url');
const everyProcess: ReplicaProcess[] = [];

/**
 * Rate-limit counters shared by the replicas: the machine's Redis when REDIS_URL is set, under a key prefix of this
 * run's own (ioredis reads `keyPrefix` from the URL), else the in-test RESP server both replicas connect to.
 */
function sharedRedisUrl(fake?: FakeRedis): string {
  if (!process.env.REDIS_URL) return fake!.url;
  const url = new URL(process.env.REDIS_URL);
  url.searchParams.set('keyPrefix', `ifta-replicas-${randomUUID()}:`);
  return url.toString();
}

function replica(name: string, port: number, env: Record<string, string> = {}): ReplicaProcess {
  const process = new ReplicaProcess(name, port, {
    NODE_ENV: 'test', // mounts the test clock: each replica's billing clock is moved through its own port
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwtSecret,
    DATA_DIR: dataDir,
    FRONTEND_DIST: join(dataDir, 'no-frontend'),
    LOG_LEVEL: 'info',
    BCRYPT_COST: '4',
    DB_POOL_SIZE: '8', // the machine's PostgreSQL is shared by every suite running on it
    AUTH_RATE_LIMIT: '100000',
    SANDBOX_RATE_LIMIT: '100000',
    BILLING_JOB_INTERVAL_MS: String(JOB_INTERVAL_MS),
    REMINDER_JOB_INTERVAL_MS: String(JOB_INTERVAL_MS),
    SHUTDOWN_DELAY_MS: '1000', // ten of the proxy's health probes
    SHUTDOWN_TIMEOUT_MS: '10000',
    TRUST_PROXY: '1', // one proxy hop in front of every replica
    REDIS_URL: '',
    ...env,
  });
  everyProcess.push(process);
  return process;
}

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query<T>(sql, params)).rows;
  } finally {
    await db.end();
  }
}

/** Starts USERS simulated clerks on the API; `finished` settles when the last of them has stopped. */
function startUsers(api: ApiClient, until: number | (() => number)) {
  const users = Array.from({ length: USERS }, (_, i) => new SimulatedUser(api, i));
  const finished = Promise.all(users.map((user) => user.run(until))).then(() => users);
  return { users, finished };
}

/** Waits until the clerks have had `count` more writes acknowledged than now (the load is really running). */
async function moreWrites(users: SimulatedUser[], count: number): Promise<void> {
  const target = acknowledgedWrites(users) + count;
  for (let waited = 0; waited < 60_000 && acknowledgedWrites(users) < target; waited += 100) await sleep(100);
}

beforeAll(async () => {
  ensureBackendBuilt();
  serverUrl = new URL(process.env.DATABASE_URL!);
  databaseName = `ifta_replicas_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  ports = await testPorts(4);
}, 120_000);

afterAll(async () => {
  await Promise.all(everyProcess.filter((p) => p.running).map((p) => p.stop('SIGKILL')));
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
});

describe('three replicas starting together on an empty database', () => {
  let trio: ReplicaProcess[];
  let fakeRedis: FakeRedis | undefined;
  const LIMIT = 4;

  beforeAll(async () => {
    fakeRedis = process.env.REDIS_URL ? undefined : await startFakeRedis();
    const redis = sharedRedisUrl(fakeRedis);
    trio = ports
      .slice(0, 3)
      .map((port, i) => replica(`start-${i}`, port, { AUTH_RATE_LIMIT: String(LIMIT), REDIS_URL: redis }));
    await Promise.all(trio.map((p) => p.start()));
  }, 90_000);

  afterAll(async () => {
    await Promise.all(trio.filter((p) => p.running).map((p) => p.stop('SIGKILL')));
    await fakeRedis?.close();
  });

  it('migrate the schema once, under the lock, and none logs an error', async () => {
    const applied = trio.map((p) => p.messages('Migrations'));
    const migrators = applied.filter((lines) => lines.some((line) => line.startsWith('applied ')));
    expect(migrators).toHaveLength(1);
    expect(migrators[0]).toEqual([`applied ${migrations.map((m) => m.name).join(', ')}`]);
    expect(applied.filter((lines) => lines[0] === 'schema is up to date')).toHaveLength(2);
    const rows = await query<{ name: string }>('SELECT name FROM migrations ORDER BY id');
    expect(rows.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
    expect(trio.map((p) => p.errorLines())).toEqual([[], [], []]);
  });

  it('hold one login limit across all replicas, the counters shared through Redis', async () => {
    const proxy = await startRoundRobinProxy(
      trio.map((p) => p.port),
      { listenPort: ports[3] },
    );
    try {
      const statuses: number[] = [];
      // Sequential, so the round robin gives each replica LIMIT attempts: per-replica counters would allow all.
      for (let i = 0; i < 3 * LIMIT; i++) {
        const res = await fetch(`${proxy.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([...Array(LIMIT).fill(401), ...Array(2 * LIMIT).fill(429)]);
      expect([...proxy.served.values()]).toEqual([LIMIT, LIMIT, LIMIT]);
      if (fakeRedis)
        // Counts of this client's login route (the per-e-mail failure counter has keys of its own).
        expect(
          fakeRedis.commands.filter(([name, key]) => name.toUpperCase() === 'INCR' && key.endsWith(':/api/auth/login')),
        ).toHaveLength(3 * LIMIT);
    } finally {
      await proxy.close();
    }
  });

  it('each exits 0 on SIGTERM, logging no error', async () => {
    const exits = await Promise.all(trio.map((p) => p.stop('SIGTERM')));
    expect(exits).toEqual(trio.map(() => ({ code: 0, signal: null })));
    expect(trio.map((p) => p.messages('Shutdown').at(-1))).toEqual(['stopped', 'stopped', 'stopped']);
    expect(trio.map((p) => p.errorLines())).toEqual([[], [], []]);
  });
});

/**
 * A scheduled job's case: accounts whose work falls due when both replicas' clocks move `days` forward, and how
 * much of that work the database shows per account. Each job runs under its own advisory lock on a timer in every
 * replica; the case proves the work is done once. Another job (e.g. reminders) is one more entry in JOBS.
 */
interface JobCase {
  name: string;
  /** The job's logger context; its "processed N account(s)" lines add up across replicas. */
  context: string;
  /** Days to move both clocks, given the replicas' clock now. */
  days(now: Date): number;
  /** Per account, units of the job's work recorded in the database (here: invoices). */
  work(): Promise<Map<string, number>>;
  /** Accounts the job has work for once the clocks have moved. */
  due(): Promise<string[]>;
}

const JOBS: JobCase[] = [
  {
    name: 'renewal',
    context: 'RenewalJob',
    days: () => 15, // past the 14-day Enterprise trial every simulated user starts
    async work() {
      const rows = await query<{ user_id: string; n: string }>(
        'SELECT u.id AS user_id, count(i.id) AS n FROM users u LEFT JOIN invoices i ON i.user_id = u.id GROUP BY u.id',
      );
      return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
    },
    async due() {
      const rows = await query<{ user_id: string }>("SELECT user_id FROM subscriptions WHERE status = 'trialing'");
      return rows.map((r) => r.user_id);
    },
  },
  {
    name: 'reminder',
    context: 'ReminderJob',
    // One day past the 14-day reminder of the next return whose 14-day mark is still ahead (a day's margin covers
    // every account's time zone, and the 3-day mark is 11 days later).
    days(now) {
      reminderTarget = nextFourteenDayMark(todayIn('UTC', now));
      return daysBetween(todayIn('UTC', now), reminderTarget.mark) + 1;
    },
    async work() {
      const rows = await query<{ user_id: string; n: string }>(
        'SELECT u.id AS user_id, count(s.user_id) AS n FROM users u LEFT JOIN sent_reminders s ON s.user_id = u.id GROUP BY u.id',
      );
      return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
    },
    // Every account wants reminders by default; one whose return for that quarter is final gets none.
    async due() {
      const rows = await query<{ user_id: string }>(
        `SELECT s.user_id FROM user_settings s WHERE s.report_reminders AND NOT EXISTS (
           SELECT 1 FROM reports r WHERE r.user_id = s.user_id AND r.status = 'final' AND r.due_date = $1)`,
        [reminderTarget?.dueDate],
      );
      return rows.map((r) => r.user_id);
    },
  },
];

/** How far the cases have moved the replicas' clocks (each starts at the real time). */
let clockOffsetMs = 0;
/** The return the reminder case moves the clocks to, set by its days(). */
let reminderTarget: { dueDate: string; mark: string } | undefined;

function nextFourteenDayMark(today: string): { dueDate: string; mark: string } {
  const current = quarterOf(today);
  for (let offset = 0; ; offset += 1) {
    const q = shiftQuarter(current.year, current.quarter, offset);
    const dueDate = quarterDueDate(q.year, q.quarter);
    const mark = daysBefore(dueDate, 14);
    if (mark > today) return { dueDate, mark };
  }
}

describe('two replicas behind a round-robin proxy', () => {
  let pair: ReplicaProcess[];
  let proxy: RoundRobinProxy;
  let redis: string;

  beforeAll(async () => {
    // The machine's Redis when REDIS_URL is set, else each replica's in-process counters (docs/operations.md, Scaling).
    redis = process.env.REDIS_URL ? sharedRedisUrl() : '';
    pair = [replica('a', ports[0], { REDIS_URL: redis }), replica('b', ports[1], { REDIS_URL: redis })];
    await Promise.all(pair.map((p) => p.start()));
    proxy = await startRoundRobinProxy(
      pair.map((p) => p.port),
      { listenPort: ports[2] },
    );
  }, 90_000);

  afterAll(async () => {
    await proxy?.close();
  });

  it('keeps every acknowledged write of concurrent users spread over both, and never answers 5xx', async () => {
    const api = new RecordingApiClient(proxy.url);
    let loadEnd = Number.POSITIVE_INFINITY;
    const load = startUsers(api, () => loadEnd);
    // Runs until every kind of write was acknowledged, so the run is never vacuous on a busy machine.
    const kinds = ['create', 'edit', 'finalise', 'delete', 'export'] as const;
    const allKindsDone = () => kinds.every((kind) => load.users.some((u) => u.done[kind] > 0));
    for (let waited = 0; waited < 60_000 && !allKindsDone(); waited += 100) await sleep(100);
    await moreWrites(load.users, 100);
    loadEnd = Date.now();
    const users = await load.finished;
    expect(users.every((u) => u.userId)).toBe(true);
    expect(allKindsDone()).toBe(true);
    expect(await verifyLedgers(databaseUrl, users)).toEqual([]);
    expect(api.serverErrors).toEqual([]);
    expect(api.unanswered).toEqual([]);
    // Both replicas took a fair share of the traffic.
    const [a, b] = [...proxy.served.values()];
    expect(Math.min(a, b)).toBeGreaterThan((a + b) / 3);
  }, 90_000);

  it.each(JOBS)(
    'the $name job does its work once with both replicas running',
    async (job) => {
      const days = job.days(new Date(Date.now() + clockOffsetMs));
      const before = await job.work();
      const due = await job.due();
      expect(due.length).toBeGreaterThan(0);
      const logged = () =>
        pair
          .flatMap((p) => p.messages(job.context))
          .reduce((n, line) => n + Number(/^processed (\d+) account/.exec(line)?.[1] ?? 0), 0);
      const loggedBefore = logged();
      // Both clocks move together, as time does; each replica's timer then finds the work due.
      await Promise.all(
        pair.map((p) =>
          fetch(`${p.url}/api/test/clock/advance`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ days }),
          }).then((res) => expect(res.status).toBe(200)),
        ),
      );
      clockOffsetMs += days * 24 * 60 * 60 * 1000;
      const grown = async () => {
        const after = await job.work();
        return due.filter((id) => (after.get(id) ?? 0) > (before.get(id) ?? 0)).length;
      };
      for (let waited = 0; waited < 30_000 && (await grown()) < due.length; waited += 200) await sleep(200);
      await sleep(4 * JOB_INTERVAL_MS); // more runs of both timers, which must find nothing left to do
      const after = await job.work();
      expect(due.map((id) => (after.get(id) ?? 0) - (before.get(id) ?? 0))).toEqual(due.map(() => 1));
      expect(logged() - loggedBefore).toBe(due.length);
      expect(pair.map((p) => p.errorLines())).toEqual([[], []]);
    },
    60_000,
  );

  it('fails no request during a rolling restart of both replicas under load', async () => {
    const api = new RecordingApiClient(proxy.url);
    const signalledAt: number[] = [];
    const restartedAt: number[] = [];
    const exits: Array<{ code: number | null; signal: NodeJS.Signals | null }> = [];
    const proxyFailuresBefore = proxy.failures.length;
    let loadEnd = Number.POSITIVE_INFINITY;
    const load = startUsers(api, () => loadEnd);
    for (const [i, old] of [...pair].entries()) {
      await moreWrites(load.users, 50);
      signalledAt.push(Date.now());
      exits.push(await old.stop('SIGTERM'));
      pair[i] = replica(`${old.name}-restarted`, old.port, { REDIS_URL: redis });
      await pair[i].start();
      restartedAt.push(Date.now());
    }
    await moreWrites(load.users, 50); // the restarted pair serves the load a little while
    loadEnd = Date.now();
    const finished = await load.finished;
    // Both restarts happened under load: writes were acknowledged before, during each one, and after.
    const acknowledgedBetween = (from: number, to: number) =>
      finished.some((u) => u.acknowledgedAt.some((at) => at > from && at < to));
    expect(acknowledgedBetween(0, signalledAt[0])).toBe(true);
    expect(acknowledgedBetween(signalledAt[0], restartedAt[0])).toBe(true);
    expect(acknowledgedBetween(signalledAt[1], restartedAt[1])).toBe(true);
    expect(acknowledgedBetween(restartedAt[1], Number.POSITIVE_INFINITY)).toBe(true);
    expect(exits).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    expect(api.unanswered).toEqual([]);
    expect(api.serverErrors).toEqual([]);
    expect(proxy.failures.slice(proxyFailuresBefore)).toEqual([]);
    expect(await verifyLedgers(databaseUrl, finished)).toEqual([]);
    expect(acknowledgedWrites(finished)).toBeGreaterThan(0);
    expect(everyProcess.flatMap((p) => p.errorLines())).toEqual([]);
  }, 120_000);

  it('loses no acknowledged write when a replica is killed mid-run, and the other keeps serving', async () => {
    const api = new RecordingApiClient(proxy.url);
    const proxyFailuresBefore = proxy.failures.length;
    let loadEnd = Number.POSITIVE_INFINITY;
    const load = startUsers(api, () => loadEnd);
    await moreWrites(load.users, 50);
    const killedAt = Date.now();
    expect(await pair[1].stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    // The survivor alone serves the load past the proxy's failure window (2 s), then a while longer. Counting writes
    // alone is not enough: on a fast machine 100 writes fit in the first second after the kill.
    const pastWindow = killedAt + 2000;
    const servedPastWindow = () => load.users.some((u) => u.acknowledgedAt.some((at) => at > pastWindow));
    for (let waited = 0; waited < 60_000 && !servedPastWindow(); waited += 100) await sleep(100);
    await moreWrites(load.users, 50);
    loadEnd = Date.now();
    const users = await load.finished;
    expect(await verifyLedgers(databaseUrl, users)).toEqual([]);
    // Only the requests in flight on the killed replica went unanswered: the proxy's 503, right at the kill.
    expect(api.serverErrors.filter((e) => (e.body as { error?: string }).error !== 'No replica answered')).toEqual([]);
    expect(proxy.failures.slice(proxyFailuresBefore).filter((f) => f.at < killedAt || f.at > killedAt + 2000)).toEqual(
      [],
    );
    expect(users.some((u) => u.acknowledgedAt.some((at) => at > pastWindow))).toBe(true);

    // No process of this file logged an error, the killed one up to its end included.
    expect(everyProcess.flatMap((p) => p.errorLines())).toEqual([]);
  }, 90_000);
});

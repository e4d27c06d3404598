#!/usr/bin/env node
/**
 * Benchmark of the tax-rate list screen's call: GET /api/protected/tax-rates-management?page=1&limit=20.
 *
 * Starts the built app (backend/dist/main.js) on a free port against a database of its own — a fresh database on
 * DATABASE_URL's server when set, otherwise the embedded PostgreSQL in a temporary DATA_DIR — registers one account
 * (which seeds its 58 IFTA rates), drives the endpoint with autocannon, prints median/p95/p99 latency and req/s,
 * then stops the app and removes the database. Run `npm run build -w backend` first.
 *
 * Options (environment): BENCH_PATH (another GET to compare with), BENCH_CONNECTIONS (10), BENCH_DURATION seconds (10), LOG_LEVEL (warn: one log line per
 * request would measure the terminal), BENCH_JSON=1 to print the result as JSON too.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { subscribeForBench } from './bench-subscribe.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const mainJs = join(root, 'backend', 'dist', 'main.js');
const PATH = process.env.BENCH_PATH ?? '/api/protected/tax-rates-management?page=1&limit=20';
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const duration = Number(process.env.BENCH_DURATION ?? 10);

if (!existsSync(mainJs)) {
  console.error(`bench: ${mainJs} is missing; run "npm run build -w backend" first`);
  process.exit(1);
}

const freePort = () =>
  new Promise((ok, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });

async function adminQuery(serverUrl, sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'ifta-bench-'));
chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as "postgres" and must enter the folder
const serverUrl = process.env.DATABASE_URL;
const databaseName = `ifta_bench_${Date.now()}`;
const env = { ...process.env, PORT: String(port), NODE_ENV: 'production', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
env.DATA_DIR = dataDir;
env.JWT_SECRET = process.env.JWT_SECRET ?? 'bench-only-secret-bench-only-secret-0123456789';
env.AUTH_RATE_LIMIT = '1000';
if (serverUrl) {
  await adminQuery(serverUrl, `CREATE DATABASE "${databaseName}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  env.DATABASE_URL = url.toString();
} else {
  delete env.DATABASE_URL;
}

let child;
async function cleanUp() {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((ok) => child.once('exit', ok));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((ok) => setTimeout(ok, 15000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  if (serverUrl) {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`).catch((error) =>
      console.error(`bench: could not drop ${databaseName}: ${error.message}`),
    );
  }
  rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => cleanUp().finally(() => process.exit(130)));
}

try {
  child = spawn(process.execPath, [mainJs], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('the app did not answer /api/health within 90 s');
    await new Promise((ok) => setTimeout(ok, 250));
  }

  const register = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: 'bench-secret',
      company_name: 'Bench Freight',
    }),
  });
  if (!register.ok) throw new Error(`register answered ${register.status}: ${await register.text()}`);
  const { token } = await register.json();
  const headers = { authorization: `Bearer ${token}` };
  await subscribeForBench(base, headers);

  const probe = await fetch(base + PATH, { headers });
  const body = await probe.json();
  if (!probe.ok || (!process.env.BENCH_PATH && (body.data?.length !== 20 || body.pagination?.total !== 58))) {
    throw new Error(`unexpected answer ${probe.status}: ${JSON.stringify(body).slice(0, 200)}`);
  }

  // A short warm-up so JIT and the connection pool are settled before measuring.
  await autocannon({ url: base + PATH, headers, connections, duration: 2 });
  // autocannon's own histogram has whole-millisecond buckets and no p95: keep every response time instead.
  const times = [];
  const run = autocannon({ url: base + PATH, headers, connections, duration });
  run.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await run;
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  const ms = (v) => `${v.toFixed(2)} ms`;
  const { non2xx, errors } = result;
  const perSecond = times.length / duration;
  console.log(`GET ${PATH}`);
  console.log(
    `database: ${serverUrl ? `PostgreSQL server (${databaseName})` : 'embedded PostgreSQL'}; ` +
      `${connections} connections, ${duration} s, LOG_LEVEL=${env.LOG_LEVEL}`,
  );
  console.log(`latency median ${ms(at(0.5))} | p95 ${ms(at(0.95))} | p99 ${ms(at(0.99))} | max ${ms(times.at(-1))}`);
  console.log(
    `throughput ${perSecond.toFixed(0)} req/s (${times.length} responses, ${non2xx} non-2xx, ${errors} errors)`,
  );
  if (process.env.BENCH_JSON) {
    const summary = { median_ms: at(0.5), p95_ms: at(0.95), p99_ms: at(0.99), req_per_s: perSecond, non2xx, errors };
    console.log(JSON.stringify(summary));
  }
  if (non2xx > 0 || errors > 0) process.exitCode = 1;
} catch (error) {
  console.error(`bench: ${error.message}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}

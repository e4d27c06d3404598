#!/usr/bin/env node
/**
 * Benchmark of the tax-rate list screen's call: GET /api/protected/tax-rates-management?page=1&limit=20.
 *
 * Starts the built app (see bench/lib.mjs: its own database, stopped and removed at the end), registers one account
 * (which seeds its 58 IFTA rates), drives the endpoint with autocannon and prints median/p95/p99 latency and req/s.
 * Run `npm run build -w backend` first.
 *
 * Options (environment): BENCH_PATH (another GET to compare with), BENCH_CONNECTIONS (10), BENCH_DURATION seconds
 * (10), LOG_LEVEL (warn), BENCH_JSON=1 to print the result as JSON too.
 */
import { measure, registerAccount, requireBuild, startApp, warmUp } from './bench/lib.mjs';

const PATH = process.env.BENCH_PATH ?? '/api/protected/tax-rates-management?page=1&limit=20';
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const duration = Number(process.env.BENCH_DURATION ?? 10);

requireBuild();
const app = await startApp();
try {
  const { auth: headers } = await registerAccount(app.base);
  const probe = await fetch(app.base + PATH, { headers });
  const body = await probe.json();
  if (!probe.ok || (!process.env.BENCH_PATH && (body.data?.length !== 20 || body.pagination?.total !== 58))) {
    throw new Error(`unexpected answer ${probe.status}: ${JSON.stringify(body).slice(0, 200)}`);
  }
  // A short warm-up so JIT and the connection pool are settled before measuring.
  await warmUp({ url: app.base + PATH, headers });
  const result = await measure({ url: app.base + PATH, headers }, { connections, duration });
  const ms = (v) => `${v.toFixed(2)} ms`;
  console.log(`GET ${PATH}`);
  console.log(`database: ${app.database}; ${connections} connections, ${duration} s, LOG_LEVEL=${app.logLevel}`);
  console.log(`latency median ${ms(result.p50)} | p95 ${ms(result.p95)} | p99 ${ms(result.p99)}`);
  console.log(
    `throughput ${result.rps.toFixed(0)} req/s (${result.responses} responses, ${result.non2xx} non-2xx, ${result.errors} errors)`,
  );
  if (process.env.BENCH_JSON) {
    const { p50, p95, p99, rps, non2xx, errors } = result;
    console.log(JSON.stringify({ median_ms: p50, p95_ms: p95, p99_ms: p99, req_per_s: rps, non2xx, errors }));
  }
  if (result.non2xx > 0 || result.errors > 0) process.exitCode = 1;
} catch (error) {
  console.error(`bench: ${error.message}`);
  process.exitCode = 1;
} finally {
  await app.stop();
}

#!/usr/bin/env node
/**
 * Benchmark of GET /api/protected/reports/stats, the dashboard's one aggregate call, for an account with
 * 2,000 reports of 25 jurisdictions each (50,000 lines), beside other accounts' data so the account filter and
 * its indexes do real work.
 *
 * Starts the built app (backend/dist/main.js) on a free port against a database of its own — a fresh database on
 * DATABASE_URL's server when set, otherwise the embedded PostgreSQL in a temporary DATA_DIR —, seeds by bulk SQL,
 * runs VACUUM ANALYZE (what autovacuum does soon after a bulk load; it sets the visibility map that index-only
 * scans rely on), measures latency with autocannon, prints the plan's key lines from EXPLAIN ANALYZE, then stops
 * the app and removes the database. Run `npm run build -w backend` first.
 * Options (environment): BENCH_DURATION seconds per run (10), BENCH_CONNECTIONS (10), BENCH_REPORTS (2000),
 * BENCH_LINES per report (25), BENCH_OTHER_ACCOUNTS (5, each with the same volume), BENCH_STATEMENT_RUNS (40, for
 * timing the SQL alone with and without the covering indexes), LOG_LEVEL (warn).
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { CODES, freePort, percentile } from './bench/lib.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const mainJs = join(root, 'backend', 'dist', 'main.js');
const statsJs = join(root, 'backend', 'dist', 'reports', 'report-stats.service.js');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const reportCount = Number(process.env.BENCH_REPORTS ?? 2000);
const linesPerReport = Number(process.env.BENCH_LINES ?? 25);
const otherAccounts = Number(process.env.BENCH_OTHER_ACCOUNTS ?? 5);
const statementRuns = Number(process.env.BENCH_STATEMENT_RUNS ?? 40);

if (!existsSync(mainJs)) {
  console.error(`bench: ${mainJs} is missing; run "npm run build -w backend" first`);
  process.exit(1);
}
// The exact statement the endpoint runs, so the plan printed is the plan served.
const { ReportStatsService } = await import(pathToFileURL(statsJs).href);

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * One account's reports and lines in two statements. Miles and fuel are sized so that a counted line's consumed
 * and purchased gallons are about equal on average: the per-state sums then land on both sides of zero. MPG is
 * random, miles and fuel derive from the line; one report in 20 has MPG 0 and one line in 10 no taxable miles, as
 * §5's filters expect to meet.
 * Derived columns follow the app's rules (consumed = taxable / MPG, net = consumed - purchased, tax = net x rate).
 */
async function seedAccount(client, userId) {
  await client.query(
    `INSERT INTO reports (user_id, name, company_name, tax_period, period, average_mpg, status, created_at)
     SELECT $1, 'Bench report ' || g, 'Bench Freight', 'Q1-2025', 'Q1-2025',
            CASE WHEN g % 20 = 0 THEN 0 ELSE round((4 + random() * 6)::numeric, 2) END,
            CASE WHEN g % 3 = 0 THEN 'final' ELSE 'draft' END,
            now() - g * interval '37 minutes'
     FROM generate_series(1, $2::int) g`,
    [userId, reportCount],
  );
  await client.query(
    `INSERT INTO report_jurisdictions (report_id, user_id, position, name, total_miles, taxable_miles,
                                       gallons_purchased, tax_rate, gallons_consumed, net_gallons, tax_due)
     SELECT r.id, r.user_id, p, ($3::text[])[1 + (p + abs(hashtext(r.id::text)::bigint)) % 58],
            v.taxable + 50, v.taxable, v.purchased, v.rate, v.consumed, v.consumed - v.purchased,
            round((v.consumed - v.purchased) * v.rate, 2)
     FROM reports r
     CROSS JOIN generate_series(0, $2::int - 1) p
     -- Per-line numbers from hashes of (report, position): random() in a lateral subquery is not reliably
     -- drawn once per line, and hashes spread evenly.
     CROSS JOIN LATERAL (
       SELECT abs(hashtext(r.id::text || ':a:' || p)::bigint) AS h1, abs(hashtext(r.id::text || ':b:' || p)::bigint) AS h2,
              abs(hashtext(r.id::text || ':c:' || p)::bigint) AS h3
     ) h
     CROSS JOIN LATERAL (
       SELECT CASE WHEN h.h1 % 10 = 0 THEN 0 ELSE (h.h1 % 3600000) / 1000.0 END AS taxable,
              (h.h2 % 550000) / 1000.0 AS purchased,
              0.1 + (h.h3 % 5000) / 10000.0 AS rate
     ) t
     CROSS JOIN LATERAL (
       SELECT t.taxable, t.purchased, t.rate,
              CASE WHEN r.average_mpg > 0 THEN round(t.taxable / r.average_mpg, 3) ELSE 0 END AS consumed
     ) v
     WHERE r.user_id = $1`,
    [userId, linesPerReport, CODES],
  );
}

/** The URL backend/src/database/embedded-database.ts builds from the facts it keeps beside the cluster. */
function embeddedUrl() {
  const facts = JSON.parse(readFileSync(join(dataDir, 'pg.json'), 'utf8'));
  return `postgres://postgres:${encodeURIComponent(facts.password)}@127.0.0.1:${facts.port}/ifta`;
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'ifta-bench-'));
chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as "postgres" and must enter the folder
const serverUrl = process.env.DATABASE_URL;
const databaseName = `ifta_bench_stats_${Date.now()}`;
const env = { ...process.env, PORT: String(port), NODE_ENV: 'production', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
env.DATA_DIR = dataDir;
env.JWT_SECRET = process.env.JWT_SECRET ?? 'bench-only-secret-bench-only-secret-0123456789';
env.AUTH_RATE_LIMIT = '1000';
if (serverUrl) {
  await withClient(serverUrl, (c) => c.query(`CREATE DATABASE "${databaseName}"`));
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
    await withClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`)).catch(
      (error) => console.error(`bench: could not drop ${databaseName}: ${error.message}`),
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
  const register = async (label) => {
    const res = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench-${label}-${Date.now()}@example.com`,
        password: 'bench-secret',
        company_name: `Bench Freight ${label}`,
      }),
    });
    if (!res.ok) throw new Error(`register answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const measured = await register('measured');
  const others = [];
  for (let i = 0; i < otherAccounts; i++) others.push(await register(`other-${i}`));

  // Seeding goes straight to the app's database: the embedded server keeps its port and password in pg.json.
  const dbUrl = env.DATABASE_URL ?? embeddedUrl();
  const seedStarted = performance.now();
  await withClient(dbUrl, async (client) => {
    for (const account of [measured, ...others]) await seedAccount(client, account.user.id);
    await client.query('VACUUM ANALYZE reports');
    await client.query('VACUUM ANALYZE report_jurisdictions');
  });
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const options = {
    url: `${base}/api/protected/reports/stats`,
    headers: { authorization: `Bearer ${measured.token}` },
  };
  const probe = await fetch(options.url, { headers: options.headers });
  const body = await probe.json();
  if (
    probe.status !== 200 ||
    body.total_reports !== reportCount ||
    body.total_jurisdictions !== reportCount * linesPerReport
  ) {
    throw new Error(`stats answered ${probe.status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
  await autocannon({ ...options, connections: 2, duration: 2 }); // warm-up
  const measure = async (conns) => {
    const times = [];
    const run = autocannon({ ...options, connections: conns, duration });
    run.on('response', (_c, _s, _b, responseTime) => times.push(responseTime));
    const result = await run;
    times.sort((a, b) => a - b);
    return { times, result };
  };
  const single = await measure(1);
  const loaded = await measure(connections);

  const explain = async (client) => {
    const { rows } = await client.query(
      `EXPLAIN (ANALYZE, BUFFERS) ${ReportStatsService.sql}`,
      ReportStatsService.params(measured.user.id),
    );
    return rows.map((row) => row['QUERY PLAN']);
  };
  const plan = await withClient(dbUrl, explain);
  /** The statement alone, timed from here, so the HTTP layer and autocannon do not blur the indexes' effect. */
  const timeStatement = async (client) => {
    const times = [];
    for (let i = 0; i < statementRuns; i++) {
      const started = performance.now();
      await client.query(ReportStatsService.sql, ReportStatsService.params(measured.user.id));
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b);
  };
  // Then again with the schema as it was before migration IndexReportStats, to show what the indexes buy.
  // Last, since it changes the database (which is dropped right after).
  const { withIndexes, withoutIndexes, planWithout } = await withClient(dbUrl, async (client) => {
    const withIndexes = await timeStatement(client);
    await client.query('DROP INDEX reports_user_stats');
    await client.query('CREATE INDEX report_jurisdictions_user_report ON report_jurisdictions (user_id, report_id)');
    await client.query('DROP INDEX report_jurisdictions_user_report_stats');
    await client.query('ANALYZE report_jurisdictions');
    const withoutIndexes = await timeStatement(client);
    return { withIndexes, withoutIndexes, planWithout: await explain(client) };
  });

  const ms = (v) => `${v.toFixed(1)} ms`;
  console.log(
    `database: ${serverUrl ? `PostgreSQL server (${databaseName})` : 'embedded PostgreSQL'}; LOG_LEVEL=${env.LOG_LEVEL}`,
  );
  console.log(
    `seed: ${1 + otherAccounts} accounts x ${reportCount} reports x ${linesPerReport} lines ` +
      `(${((1 + otherAccounts) * reportCount * linesPerReport).toLocaleString('en-US')} lines) in ${seedSeconds.toFixed(1)} s`,
  );
  console.log(
    `answer: ${body.total_reports} reports, ${body.total_jurisdictions} lines, ${body.state_net_gallons.length} states, ` +
      `average MPG ${body.average_mpg}, over [${body.overpurchase.map((s) => `${s.name} ${s.net_gallons}`).join(', ')}], ` +
      `under [${body.underpurchase.map((s) => `${s.name} ${s.net_gallons}`).join(', ')}]`,
  );
  // Latency on a shared machine says little without its load beside it.
  console.log(
    `GET /api/protected/reports/stats, ${duration} s per run (load average ${loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')}, ${cpus().length} CPUs)`,
  );
  for (const [label, { times, result }] of [
    ['1 connection ', single],
    [`${connections} connections`, loaded],
  ]) {
    console.log(
      `  ${label}: median ${ms(percentile(times, 0.5))} | p95 ${ms(percentile(times, 0.95))} | p99 ${ms(percentile(times, 0.99))} | ` +
        `${(times.length / duration).toFixed(0)} req/s (${result.non2xx} non-2xx, ${result.errors} errors)`,
    );
  }
  // The key line is the index-only scan of the account's lines (Heap Fetches: 0 below it); the rest frames it.
  console.log('EXPLAIN ANALYZE, key lines:');
  const key =
    /report_jurisdictions|reports_user|Merge Join|Hash Join|Nested Loop|HashAggregate|GroupAggregate|Heap Fetches|Execution Time|Planning Time/;
  for (const line of plan.filter((l) => key.test(l))) console.log(`  ${line.trim()}`);
  if (process.env.BENCH_FULL_PLAN) console.log(plan.join('\n'));
  const spread = (times) =>
    `min ${ms(times[0])} | median ${ms(percentile(times, 0.5))} | p95 ${ms(percentile(times, 0.95))}`;
  console.log(`The statement alone, ${statementRuns} runs each:`);
  console.log(`  with the covering indexes     : ${spread(withIndexes)}`);
  console.log(`  with (user_id, report_id) only: ${spread(withoutIndexes)}`);
  const scans = /Scan .*(report_jurisdictions|reports_user)|Execution Time/;
  for (const line of planWithout.filter((l) => scans.test(l))) console.log(`    ${line.trim()}`);
  if (single.result.non2xx || loaded.result.non2xx || single.result.errors || loaded.result.errors)
    process.exitCode = 1;
} catch (error) {
  console.error(`bench: ${error.stack ?? error.message}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
